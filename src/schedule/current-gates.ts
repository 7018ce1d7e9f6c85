import { type FindLogsOptions, findDailyLogs } from "../logs/find-daily-logs.js";
import { type DailyLog, readDailyLog } from "../logs/read-daily-log.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { countSessions } from "./count-sessions.js";
import { evaluateGates, type Gate } from "./gates.js";
import { readScheduleState, type ScheduleState } from "./schedule-state.js";

/** The gates as they stand now: the schedule state, sessions logged since the last consolidation, thresholds. */
export async function currentGates(
  dir: MemoryDir,
  options: { now: Date; logs: FindLogsOptions; minHours: number; minSessions: number; maxBytes: number; lockHolder?: string },
): Promise<{ gates: Gate[]; state: ScheduleState }> {
  const state = await readScheduleState(dir);
  const last = state.lastConsolidation ? new Date(state.lastConsolidation) : undefined;
  const { files } = await findDailyLogs(dir, options.logs);
  const since = last?.toISOString().slice(0, 10);
  const logs: DailyLog[] = [];
  for (const file of since ? files.filter((f) => f.date >= since) : files) {
    const read = await readDailyLog(dir, file, options.maxBytes);
    if (!("skipped" in read)) logs.push(read);
  }
  const gates = evaluateGates({
    now: options.now,
    ...(last ? { lastConsolidation: last } : {}),
    sessionsSince: countSessions(logs, last),
    minHours: options.minHours,
    minSessions: options.minSessions,
    ...(options.lockHolder ? { lockHolder: options.lockHolder } : {}),
  });
  return { gates, state };
}
