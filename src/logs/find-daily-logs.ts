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
 * directory, folders named like logs and files that are not regular files;
 * names with the date written otherwise (`2025_03_04.md`) once a form.
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
  for (const skipped of listing.skipped) if (skipped.ruleId === "folder-not-read" || LOG_NAME.test(path.posix.basename(skipped.source))) problems.push(skipped);
  const unmatched: string[] = [];
  for (const relPath of listing.files) {
    const match = LOG_NAME.exec(path.posix.basename(relPath));
    if (!match) {
      unmatched.push(relPath);
      continue;
    }
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
  for (const problem of misnamedLogs(unmatched)) problems.push(problem);
  if (files.length === 0 && problems.length === 0) {
    const outside = await logsOutside(dir, options, new Set(listing.files));
    if (outside) problems.push(outside);
  }
  files.sort((a, b) => byCodeUnit(a.date, b.date) || byCodeUnit(a.relPath, b.relPath));
  problems.sort((a, b) => byCodeUnit(a.source, b.source));
  return { files, problems };
}

// A name starting with a date written otherwise (`2025_03_04.md`, Logseq's journals; `2025.03.04`, `20250304`,
// `2025-3-4`, `2025-03-04 standup.md`) is no daily log by the contract, but most likely meant as one: said once a form.
const OTHER_DATE_NAME = /^(\d{4})([-_.]?)(\d{1,2})\2(\d{1,2})(?:[-_ ](.+))?\.md$/i;

function misnamedLogs(relPaths: string[]): Problem[] {
  const forms = new Map<string, { first: string; date: string; name: string; more: number }>();
  for (const relPath of relPaths) {
    const found = OTHER_DATE_NAME.exec(path.posix.basename(relPath));
    if (!found) continue;
    const [, year, separator, month, day, suffix] = found as unknown as [string, string, string, string, string, string | undefined];
    if (separator === "" && (month.length < 2 || day.length < 2)) continue;
    const date = `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
    if (!isCalendarDate(date) || (suffix !== undefined && DERIVED_SUFFIX.test(suffix))) continue;
    const form = `${separator}${month.length}${day.length}`;
    const seen = forms.get(form);
    if (seen) seen.more++;
    else forms.set(form, { first: relPath, date, name: `${date}${suffix ? `-${suffix.replace(/\s+/g, "-")}` : ""}.md`, more: 0 });
  }
  return [...forms.values()].map(({ first, date, name, more }) => ({
    source: first,
    ruleId: "misnamed-log",
    message: `a daily log's name starts with its date as ${date}: not read (rename it ${name})${more > 0 ? `; and ${more} more files named so` : ""}`,
  }));
}

// With no log where the layout reads them, and nothing else to say, files named like logs elsewhere (`2025/03/2025-03-03.md`) are most
// likely the logs, in a layout that is not read: said once. Looked for only then, so a run pays nothing for it.
async function logsOutside(dir: MemoryDir, options: FindLogsOptions, seen: Set<string>): Promise<Problem | undefined> {
  const globs = options.include ?? dir.layout.logGlobs;
  const elsewhere = await dir.list(["**/*.md"], [...DEFAULT_LOG_EXCLUDES, ...(options.exclude ?? [])], { anyCaseExtension: true });
  const named = elsewhere.files.filter((relPath) => !seen.has(relPath) && (isDailyLogName(relPath) || OTHER_DATE_NAME.test(path.posix.basename(relPath))));
  if (named.length === 0) return undefined;
  return {
    source: named[0]!,
    ruleId: "log-outside-layout",
    message: `named like a daily log, but logs are read from ${globs.join(", ")}: not read (move it there, or set logs.include)${named.length > 1 ? `; and ${named.length - 1} more files so placed` : ""}`,
  };
}

// Weeks are labelled and compared as text with four-digit years: the last week of 9999 ends in 10000,
// and a year before 1000 is read as one of the 1900s by the date library.
const FIRST_DATE = "1000-01-01";
const LAST_DATE = "9998-12-31";
