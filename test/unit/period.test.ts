import { addDays } from "date-fns/addDays";
import { getISOWeek } from "date-fns/getISOWeek";
import { getISOWeekYear } from "date-fns/getISOWeekYear";
import { lightFormat } from "date-fns/lightFormat";
import { describe, expect, it } from "vitest";
import { WeekError } from "../../src/errors/week-error.js";
import { parsePeriod, parseWeek, periodDates, periodOf, summaryPath } from "../../src/period/period.js";

describe("parseWeek", () => {
  it("2026-W14 runs Monday 2026-03-30 to Sunday 2026-04-05", () => {
    const week = parseWeek("2026-W14");
    expect([week.firstDate, week.lastDate]).toEqual(["2026-03-30", "2026-04-05"]);
    expect(periodDates(week)).toHaveLength(7);
  });

  it("2026-W53 crosses into 2027", () => {
    expect(parseWeek("2026-W53")).toMatchObject({ firstDate: "2026-12-28", lastDate: "2027-01-03" });
  });

  it.each([
    ["2025-W53", "2025 has weeks W01 to W52"],
    ["2026-W99", "2026 has weeks W01 to W53"],
    ["2026-W00", "2026 has weeks W01 to W53"],
    ["2026-14", "expected the form YYYY-Www"],
    ["2026-w14", "expected the form YYYY-Www"],
    ["2026-03", "expected the form YYYY-Www"],
    ["", "expected the form YYYY-Www"],
    // A two-digit year was read as one of the 1900s; the last week of 9999 ends in the year 10000.
    ["0099-W53", "weeks are counted in the years 1000 to 9998"],
    ["9999-W52", "weeks are counted in the years 1000 to 9998"],
  ])("rejects %s", (label, reason) => {
    expect(() => parseWeek(label)).toThrow(WeekError);
    expect(() => parseWeek(label)).toThrow(reason);
  });

  it("gives the first and the last weeks counted four-digit dates", () => {
    expect(parseWeek("1000-W01")).toMatchObject({ firstDate: "0999-12-30", lastDate: "1000-01-05" });
    expect(periodOf("9998-12-31")).toMatchObject({ label: "9998-W53", lastDate: "9999-01-03" });
  });

  it("finds the week of a date, across a year end", () => {
    expect(periodOf("2027-01-01").label).toBe("2026-W53");
    expect(periodOf("2026-03-30").label).toBe("2026-W14");
    // Other ISO 8601 forms are read as before.
    expect(periodOf("20260330").label).toBe("2026-W14");
    expect(periodOf("2026-03-30T10:00:00").label).toBe("2026-W14");
  });

  it("finds the week date-fns finds, every day of sixty years and around the ends of the years counted", () => {
    const spans: [Date, number][] = [
      [new Date(1990, 0, 1), 60 * 366],
      [new Date(1000, 0, 1), 800],
      [new Date(1582, 9, 1), 120],
      [new Date(9997, 10, 1), 420],
    ];
    const wrong: string[] = [];
    for (const [start, days] of spans)
      for (let i = 0, at = start; i < days; i++, at = addDays(at, 1)) {
        const date = lightFormat(at, "yyyy-MM-dd");
        if (date > "9998-12-31") break;
        const week = periodOf(date);
        if (week.label !== `${getISOWeekYear(at)}-W${String(getISOWeek(at)).padStart(2, "0")}` || date < week.firstDate || date > week.lastDate)
          wrong.push(date);
      }
    expect(wrong).toEqual([]);
  });
});

describe("months and quarters", () => {
  it("are periods too, with their own summary folder", () => {
    expect(parsePeriod("2026-02")).toMatchObject({ kind: "month", firstDate: "2026-02-01", lastDate: "2026-02-28" });
    expect(parsePeriod("2026-Q1")).toMatchObject({ kind: "quarter", firstDate: "2026-01-01", lastDate: "2026-03-31" });
    expect(periodOf("2026-05-17", "quarter").label).toBe("2026-Q2");
    expect(summaryPath(parsePeriod("2026-03"))).toBe("monthly/2026-03.md");
    expect(summaryPath(parsePeriod("2026-W14"))).toBe("weekly/2026-W14.md");
  });
});
