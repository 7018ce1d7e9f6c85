import { throwIfAborted } from "../errors/aborted-error.js";
import { inPeriod, type Period } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { type FindLogsOptions, findDailyLogs } from "./find-daily-logs.js";
import type { LogFile } from "./log-types.js";
import { type DailyLog, readDailyLog } from "./read-daily-log.js";

/** Everything a period's compaction reads. */
export interface PeriodLogs {
  period: Period;
  /** Logs whose file date falls in the period, oldest first. */
  logs: DailyLog[];
  /** Problems found while finding and reading: impossible dates, invalid UTF-8, links out of the directory. */
  problems: Problem[];
  redactions: number;
}

export interface LoadLogsOptions extends FindLogsOptions {
  maxBytes?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The logs already found (a long run lists the directory once); their problems were reported then. */
  files?: LogFile[] | undefined;
}

/** Finds and reads the daily logs of one period, one file at a time. */
export async function loadPeriodLogs(dir: MemoryDir, period: Period, options: LoadLogsOptions = {}): Promise<PeriodLogs> {
  const found = options.files ? { files: options.files, problems: [] } : await findDailyLogs(dir, options);
  const logs: DailyLog[] = [];
  const problems: Problem[] = [...found.problems];
  for (const file of found.files) {
    if (!inPeriod(period, file.date)) continue;
    throwIfAborted(options.signal);
    const read = await readDailyLog(dir, file, options.maxBytes);
    if ("skipped" in read) problems.push(read.skipped);
    else {
      logs.push(read);
      for (const problem of read.problems) problems.push(problem);
    }
  }
  return { period, logs, problems, redactions: logs.reduce((sum, log) => sum + log.redactions, 0) };
}
