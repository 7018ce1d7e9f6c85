import path from "node:path";
import { isCalendarDate } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import type { LogFile } from "./log-types.js";

/** Never read as logs: summaries of logs, archived days, compact's own state. */
export const DEFAULT_LOG_EXCLUDES = ["**/archive/**", "archive/**", "weekly/**", "monthly/**", "quarterly/**", ".compact/**"];

// A daily log's name starts with its date; `-suffix`/`_suffix` marks a session file.
const LOG_NAME = /^(\d{4}-\d{2}-\d{2})(?:[-_](.+))?\.md$/i;

// Suffixes of files derived from logs (a compactor's own or another tool's): such words and numbers only
// (`-summary`, `-weekly-digest`, `_index-2`); `-weekly-planning` or `-compaction-bug` is a session's log.
const DERIVED_WORD = "summary|summaries|consolidation|consolidated|weekly|digest|recap|rollup|compact(?:ed|ion)?|index";
const DERIVED_SUFFIX = new RegExp(`^(?:${DERIVED_WORD})(?:[-_](?:${DERIVED_WORD}|\\d+|v\\d+|final|draft|old|new|copy))*$`, "i");

/** Whether a file is named as a daily log is (its date, maybe a session suffix), whatever globs find logs. */
export function isDailyLogName(relPath: string): boolean {
  const match = LOG_NAME.exec(path.posix.basename(relPath));
  return match !== null && (match[2] === undefined || !DERIVED_SUFFIX.test(match[2]));
}

/** Whether a file name is read as a daily log of `date`: the day's log or a session file of it, not a file derived from logs. */
export function isLogOfDate(name: string, date: string): boolean {
  const match = LOG_NAME.exec(name);
  return match !== null && match[1] === date && (match[2] === undefined || !DERIVED_SUFFIX.test(match[2]));
}

export interface FindLogsOptions {
  /** Globs relative to the memory dir; replace the layout's log globs. */
  include?: string[] | undefined;
  /** Globs added to the default exclusions. */
  exclude?: string[] | undefined;
}

export interface FoundLogs {
  /** Sorted by date, then path. */
  files: LogFile[];
  problems: Problem[];
}

/**
 * Finds every daily log in a memory directory, its `.md` in any case.
 * Impossible dates are reported and skipped, as are links leading out of the
 * directory, folders named like logs and files that are not regular files.
 */
export async function findDailyLogs(dir: MemoryDir, options: FindLogsOptions = {}): Promise<FoundLogs> {
  // `2026-04-01.MD` is a log as `2026-04-01.md` is (LOG_NAME ignores case), and on a case-sensitive disk both
  // may be there: each is read, as a day's session files are. A folder named like a log is warned about.
  const listing = await dir.list(options.include ?? dir.layout.logGlobs, [...DEFAULT_LOG_EXCLUDES, ...(options.exclude ?? [])], {
    anyCaseExtension: true,
    reportFolders: true,
  });
  const files: LogFile[] = [];
  const problems: Problem[] = [];
  for (const skipped of listing.skipped) if (LOG_NAME.test(path.posix.basename(skipped.source))) problems.push(skipped);
  for (const relPath of listing.files) {
    const match = LOG_NAME.exec(path.posix.basename(relPath));
    if (!match) continue;
    const [, date, suffix] = match as unknown as [string, string, string | undefined];
    if (suffix !== undefined && DERIVED_SUFFIX.test(suffix)) continue;
    if (!isCalendarDate(date)) {
      problems.push({ source: relPath, ruleId: "impossible-date", message: `${date} is not a calendar date; file skipped` });
      continue;
    }
    if (date < FIRST_DATE || date > LAST_DATE) {
      problems.push({
        source: relPath,
        ruleId: "impossible-date",
        message: `${date} is outside the years 1000 to 9998 that weeks are counted in; file skipped`,
      });
      continue;
    }
    files.push({ relPath, date });
  }
  files.sort((a, b) => byCodeUnit(a.date, b.date) || byCodeUnit(a.relPath, b.relPath));
  problems.sort((a, b) => byCodeUnit(a.source, b.source));
  return { files, problems };
}

// Weeks are labelled and compared as text with four-digit years: the last week of 9999 ends in 10000,
// and a year before 1000 is read as one of the 1900s by the date library.
const FIRST_DATE = "1000-01-01";
const LAST_DATE = "9998-12-31";
