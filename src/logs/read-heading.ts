import type { Chrono, ParsedResult } from "chrono-node";
import { isValid } from "date-fns/isValid";
import { lightFormat } from "date-fns/lightFormat";
import { parseISO } from "date-fns/parseISO";
import { chrono } from "./chrono.js";
import { dateLocales, namesMonth } from "./date-locales.js";
import { H_TIME, LEADING_H_TIME } from "./h-time.js";

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
const KIND = new RegExp(`(?:^|[\\s\\]])(${ENTRY_KINDS.join("|")}):\\s`, "i");
// A month name is a word of its own, or runs straight into an ordinal word (`Decfirst`, as chrono reads
// it), after anything but a letter, an ordinal or `of` (`5Dec`, `1stJan`, `firstjan`, `12ofdec.` too):
// `decision` and `market` are no month.
const MONTH_NAME =
  "(?:(?<![a-z])|(?<=st|nd|rd|th))(?:of\\s{0,3})?(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)(?=[^a-z]|$|fi|se|th|fo|si|ei|ni|te|el|tw)";
const MAY_HOLD_DATE = new RegExp(
  `${MONTH_NAME}|\\d[\\s/.-]\\d|(?<![a-z])(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|mo|mon|mos|months?|qtr|quarters?|y|yrs?|years?)(?![a-z])`,
  "i",
);
const NAMES_MONTH = new RegExp(MONTH_NAME, "i");
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
  if (date) facts.date = date.date;
  const iso = ISO_DATE.exec(text);
  const time = timeOf(text, date ?? (iso ? { date: "", start: iso.index, end: iso.index + iso[0].length } : undefined));
  if (time) facts.time = time;
  const kind = KIND.exec(text.slice(0, 40));
  if (kind) facts.kind = kind[1]!.toLowerCase();
  return facts;
}

/**
 * The date a heading below the level a log is split at gives, when it leaves no doubt it is a date: an ISO
 * date, or one that states its year (`### Tue 3/4/25`) or names its month (`### Mar 4`). A fraction
 * (`### Step 1/3: schema`) is none, and is not handed to chrono at all.
 */
export function clearDateOf(text: string, depth: number, contextDate: string): string | undefined {
  if (!ISO_DATE.test(text) && !NAMES_MONTH.test(text) && !NUMERIC_DATE.test(text) && dateLocales(text).length === 0) return undefined;
  return findDate(text, depth, contextDate, true)?.date;
}

interface FoundDate {
  date: string;
  start: number;
  end: number;
}

// Every h-time has it. The h-time patterns, over Unicode letters, take milliseconds to compile at their first use (a
// command reading one log pays it), and most headings hold no `h` after a digit.
const DIGIT_THEN_H = /\dh/;

// A time of day as `HH:MM`, or none for what is no time (`25:99`, `13:05 pm`). A time written `14h05` or `9h` is
// read only first in the heading, after any date (`date`, where the heading gives it), or inside what was read as
// the date (src/logs/h-time.ts says when it is a duration instead).
function timeOf(text: string, date: FoundDate | undefined): string | undefined {
  const found =
    TIME.exec(text.replace(ISO_DATE, " ")) ??
    (!DIGIT_THEN_H.test(text)
      ? undefined
      : ((date ? (H_TIME.exec(text.slice(date.start, date.end)) ?? LEADING_H_TIME.exec(text.slice(date.end))) : undefined) ?? LEADING_H_TIME.exec(text)));
  if (!found) return undefined;
  let hours = Number(found[1]);
  // A bare hour (`9h`) has no minutes.
  const minuteText = found[2] ?? "00";
  const minutes = Number(minuteText);
  const half = found[3]?.toLowerCase();
  if (minutes > 59 || hours > 23) return undefined;
  // `13:05 pm` says 13:05; `0:30 am` too.
  if (half && (hours > 12 || hours === 0)) return `${String(hours).padStart(2, "0")}:${minuteText}`;
  if (half === "p" && hours < 12) hours += 12;
  if (half === "a" && hours === 12) hours = 0;
  return `${String(hours).padStart(2, "0")}:${minuteText}`;
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

function findDate(text: string, depth: number, contextDate: string, clear = false): FoundDate | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso && (depth === 1 || iso.index <= LEADING_DATE_WINDOW)) {
    const candidate = `${iso[1]}-${iso[2]}-${iso[3]}`;
    if (isValid(parseISO(candidate))) return { date: candidate, start: iso.index, end: iso.index + iso[0].length };
  }
  // A date certain of its day and month is written with a number; most headings hold none, and most
  // that do hold only a time (`## [09:30] heartbeat`): chrono reads a day and a month only from a
  // month name, two numbers joined by `/ . -` or a space, or a number of time units (`3 days ago`).
  if (!/[0-9０-９]/.test(text)) return undefined;
  const statesItself = (found: ParsedResult) => found.start.isCertain("year") || NAMES_MONTH.test(found.text);
  const english =
    /\d/.test(text) && MAY_HOLD_DATE.test(text) ? readWith(chrono().en.strict, text, depth, contextDate, clear ? statesItself : () => true) : undefined;
  if (english) return english;
  // Then the languages whose month names it holds (`Freitag, 7. März 2025`, `2025年3月5日`), when the heading is
  // clearly a date heading: the date states its year, or nothing but the date, its weekday, numbers and
  // punctuation is left of the heading (`samedi 8 mars`, `3月5号 周三`). A month's name in another language is
  // often an English word: `Top 10 Mars facts`, `Round 2 Mayo clinic`, `Team of 4 juni devs` give no date.
  for (const locale of dateLocales(text)) {
    const found = readWith(chrono()[locale].strict, text, depth, contextDate, (found, all) => {
      if (!namesMonth(found.text)) return false;
      if (found.start.isCertain("year")) return true;
      let rest = text;
      for (const each of all) rest = rest.replace(each.text, " ");
      return !/\p{L}/u.test(rest);
    });
    if (found) return found;
  }
  return undefined;
}

function readWith(
  parser: Chrono,
  text: string,
  depth: number,
  contextDate: string,
  accept: (found: ParsedResult, all: ParsedResult[]) => boolean,
): FoundDate | undefined {
  const all = parser.parse(text, parseISO(contextDate));
  for (const found of all) {
    if (depth > 1 && found.index > LEADING_DATE_WINDOW) break;
    if (!found.start.isCertain("day") || !found.start.isCertain("month") || !accept(found, all)) continue;
    const date = nearerReading({ text: found.text, date: lightFormat(found.start.date(), "yyyy-MM-dd") }, contextDate);
    return { date, start: found.index, end: found.index + found.text.length };
  }
  return undefined;
}
