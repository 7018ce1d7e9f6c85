import { addDays, format, getISOWeek, getISOWeekYear, getISOWeeksInYear, parseISO } from "date-fns";
import { WeekError } from "../errors/week-error.js";

/** One ISO 8601 week (Monday to Sunday). */
export interface IsoWeek {
  /** Canonical label, e.g. `2026-W14`. */
  label: string;
  year: number;
  week: number;
  /** Monday, `YYYY-MM-DD`. */
  firstDate: string;
  /** Sunday, `YYYY-MM-DD`. */
  lastDate: string;
  /** The seven dates of the week, Monday first. */
  dates: string[];
}

const WEEK_LABEL = /^(\d{4})-W(\d{2})$/;

/**
 * Parses `YYYY-Www`. date-fns would silently roll `2025-W53` into `2026-W01`,
 * so the week number is checked against the year's week count first.
 */
export function parseIsoWeek(label: string): IsoWeek {
  const match = WEEK_LABEL.exec(label);
  if (!match) throw new WeekError(label, "expected the form YYYY-Www, e.g. 2026-W14");
  const year = Number(match[1]);
  const week = Number(match[2]);
  // Mid-year date: getISOWeeksInYear looks at the ISO week-numbering year of its argument.
  const weeksInYear = getISOWeeksInYear(new Date(year, 5, 15));
  if (week < 1 || week > weeksInYear) {
    throw new WeekError(label, `${year} has weeks W01 to W${weeksInYear}`);
  }
  const monday = parseISO(label);
  const dates = Array.from({ length: 7 }, (_, i) => format(addDays(monday, i), "yyyy-MM-dd"));
  return { label, year, week, firstDate: dates[0]!, lastDate: dates[6]!, dates };
}

/** The ISO week a calendar date (`YYYY-MM-DD`) falls in. */
export function isoWeekOf(date: string): IsoWeek {
  const day = parseISO(date);
  const label = `${getISOWeekYear(day)}-W${String(getISOWeek(day)).padStart(2, "0")}`;
  return parseIsoWeek(label);
}
