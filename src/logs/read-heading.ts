import type { Chrono } from "chrono-node";
import { isValid } from "date-fns/isValid";
import { lightFormat } from "date-fns/lightFormat";
import { parseISO } from "date-fns/parseISO";
import { chrono } from "./chrono.js";
import { dateLocales, namesMonth } from "./date-locales.js";

/** What a heading says about the entry it opens. */
export interface HeadingFacts {
  date?: string;
  time?: string;
  kind?: string;
}

/** The type words of seed 004 entries and the ones real agents use beside them. */
export const ENTRY_KINDS = [
  "decision",
  "implementation",
  "research",
  "blocker",
  "outcome",
  "lesson",
  "insight",
  "learning",
  "correction",
  "feedback",
  "preference",
  "reference",
  "bug",
  "fix",
  "milestone",
  "issue",
  "idea",
  "question",
  "task",
  "todo",
  "note",
] as const;

const ISO_DATE = /(\d{4})-(\d{2})-(\d{2})(?!\d)/;
// `14:30`, `2:45 pm`, `[3:07pm]`, `11:59 PM`: a 12-hour time is read as the 24-hour one it is.
const TIME = /(?:^|[^\d:])(\d{1,2}):(\d{2})(?::\d{2})?(?![\d:])(?:\s?([ap])\.?m\.?(?![a-z]))?/i;
// `14h05`, `9h30`: as French, and other languages after it, write the time of day.
const H_TIME = /(?<![\p{L}\p{N}:])(\d{1,2})h(\d{2})(?![\p{L}\p{N}:])/iu;
const KIND = new RegExp(`(?:^|[\\s\\]])(${ENTRY_KINDS.join("|")}):\\s`, "i");
// A month name is a word of its own, or runs straight into an ordinal word (`Decfirst`, as chrono reads
// it), after anything but a letter, an ordinal or `of` (`5Dec`, `1stJan`, `firstjan`, `12ofdec.` too):
// `decision` and `market` are no month.
const MAY_HOLD_DATE =
  /(?:(?<![a-z])|(?<=st|nd|rd|th))(?:of\s{0,3})?(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?=[^a-z]|$|fi|se|th|fo|si|ei|ni|te|el|tw)|\d[\s/.-]\d|(?<![a-z])(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|mo|mon|mos|months?|qtr|quarters?|y|yrs?|years?)(?![a-z])/i;
// Below the top level a heading is a date heading only when the date leads it
// (`## 25 Mar 04:01 UTC`, `## Session — 2026-03-07`), not when a title mentions one.
const LEADING_DATE_WINDOW = 16;

/**
 * Reads the date, time and seed 004 type out of a heading's text.
 * `contextDate` supplies the year for dates written without one.
 */
export function readHeading(text: string, depth: number, contextDate: string): HeadingFacts {
  const facts: HeadingFacts = {};
  const date = findDate(text, depth, contextDate);
  if (date) facts.date = date;
  const time = timeOf(text.replace(ISO_DATE, " "));
  if (time) facts.time = time;
  const kind = KIND.exec(text.slice(0, 40));
  if (kind) facts.kind = kind[1]!.toLowerCase();
  return facts;
}

// A time of day as `HH:MM`, or none for what is no time (`25:99`, `13:05 pm`).
function timeOf(text: string): string | undefined {
  const found = TIME.exec(text) ?? H_TIME.exec(text);
  if (!found) return undefined;
  let hours = Number(found[1]);
  const minutes = Number(found[2]);
  const half = found[3]?.toLowerCase();
  if (minutes > 59 || hours > 23) return undefined;
  // `13:05 pm` says 13:05; `0:30 am` too.
  if (half && (hours > 12 || hours === 0)) return `${String(hours).padStart(2, "0")}:${found[2]}`;
  if (half === "p" && hours < 12) hours += 12;
  if (half === "a" && hours === 12) hours = 0;
  return `${String(hours).padStart(2, "0")}:${found[2]}`;
}

// Day and month written as numbers (`01/04/2026`, `04-03-2025`) are read month first by chrono; written day
// first, the file's own date says which: of the two readings, the one nearer the file's date.
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?![\d/.-])/;

function nearerReading(found: { text: string; date: string }, contextDate: string): string {
  const numbers = NUMERIC_DATE.exec(found.text);
  if (!numbers) return found.date;
  const [first, second] = [Number(numbers[1]), Number(numbers[2])];
  if (first > 12 || second > 12 || first === second) return found.date;
  // Read day first: the second number is the month.
  const swapped = `${found.date.slice(0, 5)}${String(second).padStart(2, "0")}-${String(first).padStart(2, "0")}`;
  if (swapped === found.date || !isValid(parseISO(swapped))) return found.date;
  const distance = (date: string) => Math.abs(parseISO(date).getTime() - parseISO(contextDate).getTime());
  return distance(swapped) < distance(found.date) ? swapped : found.date;
}

function findDate(text: string, depth: number, contextDate: string): string | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso && (depth === 1 || iso.index <= LEADING_DATE_WINDOW)) {
    const candidate = `${iso[1]}-${iso[2]}-${iso[3]}`;
    if (isValid(parseISO(candidate))) return candidate;
  }
  // A date certain of its day and month is written with a number; most headings hold none, and most
  // that do hold only a time (`## [09:30] heartbeat`): chrono reads a day and a month only from a
  // month name, two numbers joined by `/ . -` or a space, or a number of time units (`3 days ago`).
  if (!/[0-9０-９]/.test(text)) return undefined;
  const english = /\d/.test(text) && MAY_HOLD_DATE.test(text) ? readWith(chrono().en.strict, text, depth, contextDate) : undefined;
  if (english) return english;
  // Then the languages whose month names it holds (`Freitag, 7. März 2025`, `2025年3月5日`).
  for (const locale of dateLocales(text)) {
    const found = readWith(chrono()[locale].strict, text, depth, contextDate, namesMonth);
    if (found) return found;
  }
  return undefined;
}

function readWith(parser: Chrono, text: string, depth: number, contextDate: string, accept = (_found: string) => true): string | undefined {
  for (const found of parser.parse(text, parseISO(contextDate))) {
    if (depth > 1 && found.index > LEADING_DATE_WINDOW) break;
    if (!found.start.isCertain("day") || !found.start.isCertain("month") || !accept(found.text)) continue;
    return nearerReading({ text: found.text, date: lightFormat(found.start.date(), "yyyy-MM-dd") }, contextDate);
  }
  return undefined;
}
