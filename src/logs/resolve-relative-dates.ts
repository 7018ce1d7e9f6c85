import * as chrono from "chrono-node";
import { format, getISOWeek, getISOWeekYear, parseISO } from "date-fns";

export interface DateResolution {
  text: string;
  /** How many relative expressions were given an absolute date. */
  count: number;
}

// Only expressions that mean nothing once the day has passed; bare weekdays,
// times and month names are left as written.
const RELATIVE = /\b(yesterday|today|tonight|tomorrow|ago|next|last|this|coming|past|in (?:a|an|one|two|three|four|five|six|seven|\d+) (?:day|week|month|year)s?)\b/i;
const ALREADY_ANNOTATED = /^\s*\((?:\d{4}-\d{2}(?:-\d{2})?|\d{4}-W\d{2}|\d{4})\)/;

/**
 * Writes the absolute date after each relative date expression, resolved
 * against the date of the entry it is in: `yesterday` → `yesterday (2026-03-02)`,
 * `last week` → `last week (2026-W09)`.
 */
export function resolveRelativeDates(text: string, entryDate: string): DateResolution {
  const reference = parseISO(`${entryDate}T12:00:00`);
  let out = "";
  let cursor = 0;
  let count = 0;
  for (const found of chrono.parse(text, reference)) {
    if (!RELATIVE.test(found.text)) continue;
    const end = found.index + found.text.length;
    if (found.index < cursor || ALREADY_ANNOTATED.test(text.slice(end))) continue;
    out += `${text.slice(cursor, end)} (${absoluteLabel(found.text, found.start.date())})`;
    cursor = end;
    count++;
  }
  return { text: out + text.slice(cursor), count };
}

function absoluteLabel(expression: string, date: Date): string {
  if (/\bweeks?\b/i.test(expression)) return `${getISOWeekYear(date)}-W${String(getISOWeek(date)).padStart(2, "0")}`;
  if (/\bmonths?\b/i.test(expression)) return format(date, "yyyy-MM");
  if (/\byears?\b/i.test(expression)) return format(date, "yyyy");
  return format(date, "yyyy-MM-dd");
}

/** True when the text still holds a relative date with no absolute date after it. */
export function hasBareRelativeDate(text: string): boolean {
  return resolveRelativeDates(text, "2000-01-01").count > 0;
}
