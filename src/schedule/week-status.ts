import { lightFormat } from "date-fns/lightFormat";
import { type FindLogsOptions, findDailyLogs } from "../logs/find-daily-logs.js";
import type { LogFile } from "../logs/log-types.js";
import type { SummaryFile } from "../memory/summary-file.js";
import { type Period, periodOf, summaryPath } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import { sha256 } from "../text/hash.js";

/** Where each week with daily logs stands. */
export interface WeekState {
  week: Period;
  logs: LogFile[];
  /**
   * `current`: not over yet, never compacted by --auto; `pending`: no summary;
   * `stale`: its logs changed since; `unreadable`: its summary file's front
   * matter is not data, so it is left alone.
   */
  state: "compacted" | "stale" | "pending" | "current" | "unreadable";
}

/**
 * Every week that has daily logs, oldest first, with its state. A summary is
 * current when the files and sha256 hashes in its front matter match the
 * week's logs now; the week holding `now`, and later ones, are `current`.
 */
export async function weekStates(
  dir: MemoryDir,
  now: Date,
  summaries: SummaryFile[],
  logs: FindLogsOptions = {},
  unreadable: Set<string> = new Set(),
): Promise<{ weeks: WeekState[]; problems: Problem[] }> {
  const found = await findDailyLogs(dir, logs);
  const byWeek = new Map<string, LogFile[]>();
  for (const file of found.files) {
    const label = periodOf(file.date).label;
    const list = byWeek.get(label);
    if (list) list.push(file);
    else byWeek.set(label, [file]);
  }
  const summaryByFile = new Map(summaries.map((summary) => [summary.file, summary]));
  // The week it is where the logs are written: a week is over when its Sunday is over there, not in UTC.
  const thisWeek = periodOf(lightFormat(now, "yyyy-MM-dd"));
  const weeks: WeekState[] = [];
  const problems: Problem[] = [...found.problems];
  for (const [, weekLogs] of [...byWeek].sort(([a], [b]) => byCodeUnit(a, b))) {
    const week = periodOf(weekLogs[0]!.date);
    if (week.firstDate >= thisWeek.firstDate) {
      weeks.push({ week, logs: weekLogs, state: "current" });
      continue;
    }
    if (unreadable.has(summaryPath(week))) {
      weeks.push({ week, logs: weekLogs, state: "unreadable" });
      continue;
    }
    const summary = summaryByFile.get(summaryPath(week));
    if (!summary) {
      weeks.push({ week, logs: weekLogs, state: "pending" });
      continue;
    }
    let same = weekLogs.length === summary.sources.size;
    for (const log of weekLogs) {
      if (!same) break;
      const read = await dir.readInput(log.relPath, Number.POSITIVE_INFINITY);
      same = "bytes" in read && (await recordedHash(summary.sources, log.relPath)) === sha256(read.bytes);
    }
    weeks.push({ week, logs: weekLogs, state: same ? "compacted" : "stale" });
  }
  return { weeks, problems };
}

// A log's hash as its summary recorded it. A name that looks like it holds a secret (`…-ghp_….md`) was
// written redacted, as all text is: it is looked up redacted the same way, or the week would stay
// stale for ever.
async function recordedHash(sources: ReadonlyMap<string, string>, name: string): Promise<string | undefined> {
  const hash = sources.get(name);
  if (hash !== undefined || ![...sources.keys()].some((source) => source.includes("[REDACTED:"))) return hash;
  const { redactSecrets } = await import("../logs/redact-secrets.js");
  return sources.get((await redactSecrets(name)).text);
}
