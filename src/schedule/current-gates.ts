import { type FindLogsOptions, findDailyLogs } from "../logs/find-daily-logs.js";
import { countSessions } from "./count-sessions.js";
import { evaluateGates, type Gate } from "./gates.js";
import { type ScheduleState, readScheduleState } from "./schedule-state.js";
import { readLogs } from "./week-status.js";

/** The gates as they stand now: the schedule state, sessions logged since the last consolidation, thresholds. */
export async function currentGates(
  dir: string,
  options: { now: Date; logs: FindLogsOptions; minHours: number; minSessions: number; lockHolder?: string },
): Promise<{ gates: Gate[]; state: ScheduleState }> {
  const state = await readScheduleState(dir);
  const last = state.lastConsolidation ? new Date(state.lastConsolidation) : undefined;
  const { files } = await findDailyLogs(dir, options.logs);
  const since = last?.toISOString().slice(0, 10);
  const sessions = countSessions(await readLogs(since ? files.filter((f) => f.date >= since) : files), last);
  const gates = evaluateGates({
    now: options.now,
    ...(last ? { lastConsolidation: last } : {}),
    sessionsSince: sessions,
    minHours: options.minHours,
    minSessions: options.minSessions,
    ...(options.lockHolder ? { lockHolder: options.lockHolder } : {}),
  });
  return { gates, state };
}
