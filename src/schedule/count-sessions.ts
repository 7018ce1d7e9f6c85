import { lightFormat } from "date-fns/lightFormat";
import type { DailyLog } from "../logs/read-daily-log.js";
import { readFrontmatter } from "../text/frontmatter.js";

const SESSION_HEADING = /^session\b/i;

/**
 * Sessions logged after `since` (all of them when undefined). The rule, per
 * daily log:
 * 1. frontmatter `session_count: N` counts N;
 * 2. else each `Session …` heading counts one;
 * 3. else each timestamped entry (a heading with a time) counts one;
 * 4. else a log with any entry counts one.
 * A log dated after `since`'s day counts whole; a log of that same day counts
 * only its timestamped entries later than `since`'s time; earlier logs count nothing.
 * Day and time are the machine's local ones, as a log's date and times are written.
 */
export function countSessions(logs: DailyLog[], since?: Date): number {
  const sinceDay = since && lightFormat(since, "yyyy-MM-dd");
  const sinceTime = since && lightFormat(since, "HH:mm");
  let sessions = 0;
  for (const log of logs) {
    if (sinceDay && log.file.date < sinceDay) continue;
    const sameDay = sinceDay !== undefined && log.file.date === sinceDay;
    const timed = log.entries.filter((entry) => entry.time !== undefined && !(sameDay && entry.time <= sinceTime!));
    if (sameDay) {
      sessions += timed.length;
      continue;
    }
    const declared = Number(readFrontmatter(log.text).data["session_count"]);
    if (Number.isInteger(declared) && declared >= 0) {
      sessions += declared;
      continue;
    }
    const blocks = log.entries.filter((entry) => entry.heading !== undefined && SESSION_HEADING.test(entry.heading)).length;
    sessions += blocks > 0 ? blocks : timed.length > 0 ? timed.length : log.entries.some((entry) => entry.shape !== "frontmatter") ? 1 : 0;
  }
  return sessions;
}
