import type { Problem } from "../problems/problem.js";
import type { IsoWeek } from "../week/iso-week.js";
import { type FindLogsOptions, findDailyLogs } from "./find-daily-logs.js";
import { type DailyLog, readDailyLog } from "./read-daily-log.js";

/** Everything a week's compaction reads. */
export interface WeekLogs {
  week: IsoWeek;
  /** Logs whose file date falls in the week, oldest first. */
  logs: DailyLog[];
  /** Problems found while finding and reading, e.g. impossible dates, invalid UTF-8. */
  problems: Problem[];
  redactions: number;
}

/** Finds and reads the daily logs of one ISO week. */
export async function loadWeekLogs(dir: string, week: IsoWeek, options: FindLogsOptions = {}): Promise<WeekLogs> {
  const found = await findDailyLogs(dir, options);
  const inWeek = found.files.filter((file) => file.date >= week.firstDate && file.date <= week.lastDate);
  const logs = await Promise.all(inWeek.map(readDailyLog));
  return {
    week,
    logs,
    problems: [...found.problems, ...logs.flatMap((log) => log.problems)],
    redactions: logs.reduce((sum, log) => sum + log.redactions, 0),
  };
}
