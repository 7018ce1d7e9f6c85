import { lightFormat } from "date-fns/lightFormat";
import type { Settings } from "../config/settings.js";
import { InputError } from "../errors/input-error.js";
import { type FindLogsOptions, findDailyLogs } from "../logs/find-daily-logs.js";
import type { LogFile } from "../logs/log-types.js";
import type { DailyLog } from "../logs/read-daily-log.js";
import type { Problem } from "../problems/problem.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { countSessions } from "./count-sessions.js";
import { evaluateGates, type Gate } from "./gates.js";
import { readScheduleState, type ScheduleState } from "./schedule-state.js";

/** The gates as they stand now: the schedule state, sessions logged since the last consolidation, thresholds. */
export async function currentGates(
  dir: MemoryDir,
  options: {
    now: Date;
    logs: FindLogsOptions;
    /** The thresholds and the per-log size limit, as the settings give them. */
    settings: Pick<Settings, "minHours" | "minSessions" | "logsMaxBytes">;
    lockHolder?: string;
    /** Sessions already counted by path (since the last consolidation): those logs are not read again. */
    counted?: Map<string, number>;
  },
): Promise<{ gates: Gate[]; state: ScheduleState; problems: Problem[] }> {
  const state = await readScheduleState(dir);
  const last = state.lastConsolidation ? new Date(state.lastConsolidation) : undefined;
  const { files } = await findDailyLogs(dir, options.logs);
  // The local day, as logs are dated and as the sessions are counted.
  const since = last && lightFormat(last, "yyyy-MM-dd");
  const counted = options.counted ?? new Map<string, number>();
  const toRead = (since ? files.filter((f) => f.date >= since) : files).filter((f) => !counted.has(f.relPath));
  const problems: Problem[] = [];
  const logs = toRead.length > 0 ? await readLogs(dir, toRead, options.settings.logsMaxBytes, problems) : [];
  let known = 0;
  for (const file of files) known += counted.get(file.relPath) ?? 0;
  const gates = evaluateGates({
    now: options.now,
    ...(last ? { lastConsolidation: last } : {}),
    sessionsSince: known + countSessions(logs, last),
    minHours: options.settings.minHours,
    minSessions: options.settings.minSessions,
    ...(options.lockHolder ? { lockHolder: options.lockHolder } : {}),
  });
  return { gates, state, problems };
}

// Reading a log (markdown, dates) is loaded only when there is one to read.
// A log too large to read is left out of the count, with a warning: the gates only count sessions, and
// a look at them (`compact status`) must not fail on it.
async function readLogs(dir: MemoryDir, files: LogFile[], maxBytes: number, problems: Problem[]): Promise<DailyLog[]> {
  const { readDailyLog } = await import("../logs/read-daily-log.js");
  const logs: DailyLog[] = [];
  for (const file of files) {
    try {
      // Sessions are counted from entries and their times: the dates written in words are not read, and the
      // text, never shown or sent, is not redacted.
      const read = await readDailyLog(dir, file, maxBytes, { resolveDates: false, redact: false });
      if (!("skipped" in read)) logs.push(read);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push({
        source: file.relPath,
        ruleId: "oversized-log",
        message: `${error.message.replace(`${file.relPath}: `, "")}; its sessions are not counted`,
      });
    }
  }
  return logs;
}
