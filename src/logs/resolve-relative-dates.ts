import type { Chrono } from "chrono-node";
import { getISOWeek } from "date-fns/getISOWeek";
import { getISOWeekYear } from "date-fns/getISOWeekYear";
import { lightFormat } from "date-fns/lightFormat";
import { parseISO } from "date-fns/parseISO";
import { BoundedCache } from "../text/bounded-cache.js";
import { chrono } from "./chrono.js";
import { isTimeTaken } from "./time-taken.js";

export interface DateResolution {
  text: string;
  /** How many relative expressions were given an absolute date. */
  count: number;
}

// Only expressions that mean nothing once the day has passed; bare weekdays,
// times and month names are left as written.
const RELATIVE =
  /\b(yesterday|today|tonight|tomorrow|ago|next|last|this|coming|past|in (?:a|an|one|two|three|four|five|six|seven|\d+) (?:day|week|month|year)s?)\b/i;
// "next", "last", "this", "past" and "coming" are most often no date ("next step", "this is"): a line
// goes to chrono only when one of them comes before a unit, a weekday, a month or a time of day.
const CALENDAR_WORD =
  "(?:day|week|fortnight|month|year|hour|minute|morning|afternoon|evening|night|weekend|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|may|june|july|august|september|october|november|december)s?";
const RELATIVE_SHAPE = new RegExp(
  `\\b(?:yesterday|today|tonight|tomorrow|ago|in (?:a|an|one|two|three|four|five|six|seven|\\d+) (?:day|week|month|year)s?|(?:next|last|this|coming|past)\\s+(?:\\S+\\s+){0,2}?${CALENDAR_WORD})\\b`,
  "i",
);
// Two of chrono's English parsers hold regexes that take V8 a third of a second to compile:
// the common case runs without them, a line with "ago" or "later" gets the full parser.
const SLOW_PARSERS = new Set(["ENTimeUnitAgoFormatParser", "ENTimeUnitLaterFormatParser"]);
let quick: Chrono | undefined;
const NEEDS_SLOW_PARSER = /\b(?:ago|later|from now)\b/i;
const ALREADY_ANNOTATED = /^\s*\((?:\d{4}-\d{2}(?:-\d{2})?|\d{4}-W\d{2}|\d{4})\)/;

/**
 * Writes the absolute date after each relative date expression, resolved
 * against the date of the entry it is in: `yesterday` → `yesterday (2026-03-02)`,
 * `last week` → `last week (2026-W09)`.
 */
export function resolveRelativeDates(text: string, entryDate: string): DateResolution {
  // chrono is slow on long text: parse only the lines that hold a relative date's shape.
  if (!RELATIVE_SHAPE.test(text)) return { text, count: 0 };
  const reference = parseISO(`${entryDate}T12:00:00`);
  let count = 0;
  const lines = text.split("\n").map((line) => {
    if (!RELATIVE_SHAPE.test(line)) return line;
    const resolved = resolveLine(line, reference);
    count += resolved.count;
    return resolved.text;
  });
  return { text: lines.join("\n"), count };
}

// chrono's refiners look back over the whole text before each date they found: a line holding
// thousands of them costs the square of its length. A longer line is read in pieces of about this
// size, cut after a sentence or else at a space; a date written across a cut is left as it is.
const LONGEST_READ_WHOLE = 2_000;

function resolveLine(line: string, reference: Date): DateResolution {
  if (line.length <= LONGEST_READ_WHOLE) return resolvePiece(line, reference);
  let text = "";
  let count = 0;
  for (const piece of piecesOf(line)) {
    const resolved = resolvePiece(piece, reference);
    text += resolved.text;
    count += resolved.count;
  }
  return { text, count };
}

/** The line cut into pieces of at most about `LONGEST_READ_WHOLE` characters that join back into it. */
function piecesOf(line: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (line.length - start > LONGEST_READ_WHOLE) {
    const end = start + LONGEST_READ_WHOLE;
    let cut = -1;
    // The last sentence end in the second half of the window, else its last space, else the window;
    // never just before `(`, where a date's annotation may follow it (`yesterday (2026-03-02)`).
    const opensBracket = (at: number) => /^\s*\(/.test(line.slice(at, at + 64));
    for (let at = end - 1; at > start + LONGEST_READ_WHOLE / 2 && cut < 0; at--)
      if (/[.!?;]/.test(line[at - 1]!) && /\s/.test(line[at]!) && !opensBracket(at)) cut = at;
    for (let at = end - 1; at > start && cut < 0; at--) if (line[at - 1] === " " && !opensBracket(at)) cut = at;
    if (cut <= start) cut = end;
    pieces.push(line.slice(start, cut));
    start = cut;
  }
  pieces.push(line.slice(start));
  return pieces;
}

function resolvePiece(line: string, reference: Date): DateResolution {
  let out = "";
  let cursor = 0;
  let count = 0;
  const parser = NEEDS_SLOW_PARSER.test(line) ? chrono().en.casual : quickParser();
  for (const found of parser.parse(line, reference)) {
    if (!RELATIVE.test(found.text) || isTimeTaken(line, found.text, found.index)) continue;
    const end = found.index + found.text.length;
    if (found.index < cursor || ALREADY_ANNOTATED.test(line.slice(end))) continue;
    out += `${line.slice(cursor, end)} (${absoluteLabel(found.text, found.start.date())})`;
    cursor = end;
    count++;
  }
  return { text: out + line.slice(cursor), count };
}

function quickParser(): Chrono {
  if (!quick) {
    quick = chrono().en.casual.clone();
    quick.parsers = quick.parsers.filter((parser) => !SLOW_PARSERS.has(parser.constructor.name));
  }
  return quick;
}

function absoluteLabel(expression: string, date: Date): string {
  if (/\bweeks?\b/i.test(expression)) return `${getISOWeekYear(date)}-W${String(getISOWeek(date)).padStart(2, "0")}`;
  if (/\bmonths?\b/i.test(expression)) return lightFormat(date, "yyyy-MM");
  if (/\byears?\b/i.test(expression)) return lightFormat(date, "yyyy");
  return lightFormat(date, "yyyy-MM-dd");
}

// A week's answer is checked line by line, then the memories it wrote, whose lines are mostly the
// answer's and last week's: each line's answer is kept for the lines checked last.
const BARE_LINES_LIMIT = 20_000;
const bareLines = new BoundedCache<boolean>(BARE_LINES_LIMIT);
const ANY_REFERENCE = parseISO("2000-01-01T12:00:00");

/** True when the text still holds a relative date with no absolute date after it. */
export function hasBareRelativeDate(text: string): boolean {
  if (!RELATIVE_SHAPE.test(text)) return false;
  for (const line of text.split("\n")) {
    if (!RELATIVE_SHAPE.test(line)) continue;
    let bare = bareLines.get(line);
    if (bare === undefined) {
      bare = resolveLine(line, ANY_REFERENCE).count > 0;
      bareLines.set(line, bare);
    }
    if (bare) return true;
  }
  return false;
}
