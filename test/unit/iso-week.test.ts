import { describe, expect, it } from "vitest";
import { WeekError } from "../../src/errors/week-error.js";
import { isoWeekOf, parseIsoWeek } from "../../src/week/iso-week.js";

describe("parseIsoWeek", () => {
  it("2026-W14 runs Monday 2026-03-30 to Sunday 2026-04-05", () => {
    const week = parseIsoWeek("2026-W14");
    expect([week.firstDate, week.lastDate]).toEqual(["2026-03-30", "2026-04-05"]);
    expect(week.dates).toHaveLength(7);
  });

  it("2026-W53 crosses into 2027", () => {
    expect(parseIsoWeek("2026-W53")).toMatchObject({ firstDate: "2026-12-28", lastDate: "2027-01-03" });
  });

  it.each([
    ["2025-W53", "2025 has weeks W01 to W52"],
    ["2026-W99", "2026 has weeks W01 to W53"],
    ["2026-W00", "2026 has weeks W01 to W53"],
    ["2026-14", "expected the form YYYY-Www"],
    ["2026-w14", "expected the form YYYY-Www"],
    ["", "expected the form YYYY-Www"],
  ])("rejects %s", (label, reason) => {
    expect(() => parseIsoWeek(label)).toThrow(WeekError);
    expect(() => parseIsoWeek(label)).toThrow(reason);
  });

  it("finds the week of a date, across a year end", () => {
    expect(isoWeekOf("2027-01-01").label).toBe("2026-W53");
    expect(isoWeekOf("2026-03-30").label).toBe("2026-W14");
  });
});
