import { addDays } from "date-fns/addDays";
import { endOfMonth } from "date-fns/endOfMonth";
import { endOfQuarter } from "date-fns/endOfQuarter";
import { getISOWeek } from "date-fns/getISOWeek";
import { getISOWeeksInYear } from "date-fns/getISOWeeksInYear";
import { getISOWeekYear } from "date-fns/getISOWeekYear";
import { lightFormat } from "date-fns/lightFormat";
import { parseISO } from "date-fns/parseISO";
import { startOfMonth } from "date-fns/startOfMonth";
import { startOfQuarter } from "date-fns/startOfQuarter";
import { WeekError } from "../errors/week-error.js";

/** The kinds of period a summary covers. Weeks are compacted today; months and quarters roll weeks up. */
export type PeriodKind = "week" | "month" | "quarter";

/** A span of calendar days that one summary covers. */
export interface Period {
  kind: PeriodKind;
  /** Canonical label: `2026-W14`, `2026-03`, `2026-Q1`. */
  label: string;
  /** First and last day, `YYYY-MM-DD`, inclusive. */
  firstDate: string;
  lastDate: string;
}

const WEEK = /^(\d{4})-W(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const QUARTER = /^(\d{4})-Q([1-4])$/;
const SUMMARY_FOLDER: Record<PeriodKind, string> = { week: "weekly", month: "monthly", quarter: "quarterly" };

/**
 * Parses `YYYY-Www` (ISO 8601 week, Monday to Sunday), `YYYY-MM` or `YYYY-Qn`.
 * date-fns would silently roll `2025-W53` into `2026-W01`, so the week number
 * is checked against the year's week count first.
 */
export function parsePeriod(label: string): Period {
  const week = WEEK.exec(label);
  if (week) {
    const year = Number(week[1]);
    const number = Number(week[2]);
    if (year < 1000 || year > 9998) throw new WeekError(label, "weeks are counted in the years 1000 to 9998");
    // Mid-year date: getISOWeeksInYear looks at the ISO week-numbering year of its argument.
    const weeksInYear = getISOWeeksInYear(new Date(year, 5, 15));
    if (number < 1 || number > weeksInYear) throw new WeekError(label, `${year} has weeks W01 to W${weeksInYear}`);
    const monday = parseISO(label);
    return { kind: "week", label, firstDate: day(monday), lastDate: day(addDays(monday, 6)) };
  }
  const month = MONTH.exec(label);
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
    const first = parseISO(`${label}-01`);
    return { kind: "month", label, firstDate: day(startOfMonth(first)), lastDate: day(endOfMonth(first)) };
  }
  const quarter = QUARTER.exec(label);
  if (quarter) {
    const first = new Date(Number(quarter[1]), (Number(quarter[2]) - 1) * 3, 1);
    return { kind: "quarter", label, firstDate: day(startOfQuarter(first)), lastDate: day(endOfQuarter(first)) };
  }
  throw new WeekError(label, "expected the form YYYY-Www, e.g. 2026-W14");
}

/** Parses a week label; any other period is a usage error. */
export function parseWeek(label: string): Period {
  const period = WEEK.test(label) ? parsePeriod(label) : undefined;
  if (!period) throw new WeekError(label, "expected the form YYYY-Www, e.g. 2026-W14");
  return period;
}

/** The period of a kind that holds a calendar date (`YYYY-MM-DD`). */
export function periodOf(date: string, kind: PeriodKind = "week"): Period {
  if (kind === "week" && ISO_DATE.test(date)) return knownPeriod(isoWeekLabel(date));
  const at = parseISO(date);
  if (kind === "month") return knownPeriod(lightFormat(at, "yyyy-MM"));
  if (kind === "quarter") return knownPeriod(`${lightFormat(at, "yyyy")}-Q${Math.floor(at.getMonth() / 3) + 1}`);
  // Another form than YYYY-MM-DD (a time after it, no dashes) is read as the date library reads it.
  return knownPeriod(`${getISOWeekYear(at)}-W${String(getISOWeek(at)).padStart(2, "0")}`);
}

// Periods by label: years of logs ask for the same few hundred weeks thousands of times.
const periods = new Map<string, Period>();
const PERIODS_KEPT = 10_000;

function knownPeriod(label: string): Period {
  let period = periods.get(label);
  if (!period) {
    if (periods.size >= PERIODS_KEPT) periods.clear();
    period = parsePeriod(label);
    periods.set(label, period);
  }
  return { ...period };
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

// The ISO week of a calendar date, by arithmetic on UTC days (date-fns took a tenth of a millisecond a
// date, a third of `compact status` over ten years of logs): the week is the one its Thursday falls in.
function isoWeekLabel(date: string): string {
  const at = utcDay(date);
  const thursday = at.getTime() + (3 - ((at.getUTCDay() + 6) % 7)) * DAY_MS;
  const weekYear = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - utcDay(`${weekYear}-01-01`).getTime()) / DAY_MS / 7) + 1;
  return `${String(weekYear).padStart(4, "0")}-W${String(week).padStart(2, "0")}`;
}

/**
 * `YYYY-MM-DD` as midnight UTC, any year (the Date constructor reads 0–99 as 1900–1999); a day past
 * its month's end rolls into the next, as `isCalendarDate` checks.
 */
function utcDay(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at;
}

/** True when `YYYY-MM-DD` names a day of the calendar (no 2026-02-30, no month 13). */
export function isCalendarDate(date: string): boolean {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  if (month < 1 || month > 12 || day < 1) return false;
  const at = utcDay(date);
  return at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** The days of a period, first to last. */
export function periodDates(period: Period): string[] {
  const dates: string[] = [];
  for (let at = parseISO(period.firstDate); day(at) <= period.lastDate; at = addDays(at, 1)) dates.push(day(at));
  return dates;
}

/** True when a date (`YYYY-MM-DD`) falls in the period. */
export function inPeriod(period: Period, date: string): boolean {
  return date >= period.firstDate && date <= period.lastDate;
}

/** Where a period's summary lives in the memory dir: `weekly/2026-W14.md`, `monthly/2026-03.md`. */
export function summaryPath(period: Pick<Period, "kind" | "label">): string {
  return `${SUMMARY_FOLDER[period.kind]}/${period.label}.md`;
}

function day(date: Date): string {
  return lightFormat(date, "yyyy-MM-dd");
}
