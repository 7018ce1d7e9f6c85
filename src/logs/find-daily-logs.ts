import path from "node:path";
import { isValid, parseISO, format } from "date-fns";
import { glob } from "tinyglobby";
import type { Problem } from "../problems/problem.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import type { LogFile } from "./log-types.js";

/** Where daily logs live in the default layout, relative to the memory dir. */
export const DEFAULT_LOG_GLOBS = ["*.md", "logs/**/*.md", "daily/**/*.md"];

/** Never read as logs: summaries of logs, archived days. */
export const DEFAULT_LOG_EXCLUDES = ["**/archive/**", "weekly/**", ".compact/**"];

// A daily log's name starts with its date; `-suffix`/`_suffix` marks a session file.
const LOG_NAME = /^(\d{4}-\d{2}-\d{2})(?:[-_](.+))?\.md$/i;

// Suffixes of files derived from logs (a compactor's own or another tool's).
const DERIVED_SUFFIX = /^(summary|summaries|consolidation|consolidated|weekly|digest|recap|rollup|compact(ed|ion)?|index)\b/i;

export interface FindLogsOptions {
  /** Globs relative to the memory dir; replaces DEFAULT_LOG_GLOBS. */
  include?: string[];
  /** Globs added to DEFAULT_LOG_EXCLUDES. */
  exclude?: string[];
}

export interface FoundLogs {
  /** Sorted by date, then path. */
  files: LogFile[];
  problems: Problem[];
}

/** Finds every daily log in a memory directory; impossible dates are reported and skipped. */
export async function findDailyLogs(dir: string, options: FindLogsOptions = {}): Promise<FoundLogs> {
  const relPaths = await glob(options.include ?? DEFAULT_LOG_GLOBS, {
    cwd: dir,
    ignore: [...DEFAULT_LOG_EXCLUDES, ...(options.exclude ?? [])],
    onlyFiles: true,
    dot: false,
  });
  const files: LogFile[] = [];
  const problems: Problem[] = [];
  for (const relPath of relPaths) {
    const match = LOG_NAME.exec(path.posix.basename(relPath));
    if (!match) continue;
    const [, date, suffix] = match as unknown as [string, string, string | undefined];
    if (suffix !== undefined && DERIVED_SUFFIX.test(suffix)) continue;
    if (!isRealDate(date)) {
      problems.push({ source: relPath, ruleId: "impossible-date", message: `${date} is not a calendar date; file skipped` });
      continue;
    }
    files.push({ path: path.join(dir, relPath), relPath, date });
  }
  files.sort((a, b) => byCodeUnit(a.date, b.date) || byCodeUnit(a.relPath, b.relPath));
  problems.sort((a, b) => byCodeUnit(a.source, b.source));
  return { files, problems };
}

function isRealDate(date: string): boolean {
  const parsed = parseISO(date);
  return isValid(parsed) && format(parsed, "yyyy-MM-dd") === date;
}
