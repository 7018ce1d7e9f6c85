import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasBareRelativeDate, resolveRelativeDates } from "../../src/logs/resolve-relative-dates.js";

describe("resolveRelativeDates", () => {
  it.each([
    ["Deployed yesterday.", "Deployed yesterday (2026-03-02)."],
    ["Retry tomorrow.", "Retry tomorrow (2026-03-04)."],
    ["Demo next Friday.", "Demo next Friday (2026-03-13)."],
    ["Broke last week.", "Broke last week (2026-W09)."],
    ["Started 3 days ago.", "Started 3 days ago (2026-02-28)."],
    ["Ship next month.", "Ship next month (2026-04)."],
    ["Called last Friday evening.", "Called last Friday evening (2026-02-27)."],
    ["Flaky for the past 3 days.", "Flaky for the past 3 days (2026-02-28)."],
  ])("resolves %s against the entry's date", (input, output) => {
    expect(resolveRelativeDates(input, "2026-03-03")).toEqual({ text: output, count: 1 });
  });

  it("leaves absolute dates, bare weekdays, times and annotated dates alone", () => {
    const text = "On 2026-03-02 at 10:00, Monday, we met. Deployed yesterday (2026-03-02).";
    expect(resolveRelativeDates(text, "2026-03-03")).toEqual({ text, count: 0 });
  });

  it("leaves next, last, this and past alone when no unit, weekday or month follows", () => {
    const text = "Next step: fix the last commit. This is done; delay past 72h grace.";
    expect(resolveRelativeDates(text, "2026-03-03")).toEqual({ text, count: 0 });
  });

  it.each([
    "The CSV fix shipped in one day.",
    "We finished the migration in a week.",
    "Done in 2 days, reviewed in a day.",
    "It was rebuilt in just two weeks.",
  ])("leaves 'in a day' after a past verb alone, a time taken rather than a date: %s", (text) => {
    expect(resolveRelativeDates(text, "2026-03-03")).toEqual({ text, count: 0 });
  });

  it("resolves 'in a week' said of what is to come", () => {
    expect(resolveRelativeDates("We will ship in a week; the review is scheduled in 3 days.", "2026-03-03").text).toBe(
      "We will ship in a week (2026-W11); the review is scheduled in 3 days (2026-03-06).",
    );
    expect(resolveRelativeDates("Decided to ship in a week.", "2026-03-03").text).toBe("Decided to ship in a week (2026-W11).");
  });

  it("resolves against the date it is given, not today", () => {
    expect(resolveRelativeDates("yesterday", "2020-01-01").text).toBe("yesterday (2019-12-31)");
  });

  it("tells whether a text still holds a bare relative date", () => {
    expect(hasBareRelativeDate("fixed yesterday")).toBe(true);
    expect(hasBareRelativeDate("fixed yesterday (2026-03-02)")).toBe(false);
  });
});

describe("hasBareRelativeDate, asked again and again", () => {
  const PHRASES = [
    "yesterday",
    "yesterday (2026-03-02)",
    "last week",
    "last week (2026-W09)",
    "next step",
    "the deploy",
    "3 days ago",
    "3 days ago (2026-02-27)",
    "this is fine",
    "tomorrow at 10:00",
    "in two weeks",
    "\n",
  ];

  it("answers as resolving the text would, whatever lines were asked about before", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...PHRASES), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }), (texts) => {
        for (const words of [...texts, ...texts.reverse()]) {
          const text = words.join(" ");
          expect(hasBareRelativeDate(text)).toBe(resolveRelativeDates(text, "2000-01-01").count > 0);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("resolveRelativeDates on a line longer than chrono is given whole", () => {
  it("reads every date of it once, and never annotates one again where a piece ends just before its annotation", () => {
    const filler = "a, ".repeat(700).slice(0, 1990 - "yesterday ".length);
    const annotated = `${filler}yesterday (2026-03-02) was the deploy, ${"b, ".repeat(400)}`;
    expect(resolveRelativeDates(annotated, "2026-03-03")).toEqual({ text: annotated, count: 0 });
    expect(hasBareRelativeDate(annotated)).toBe(false);
    const bare = `${"We met yesterday. ".repeat(300)}Deploy tomorrow ${"x ".repeat(1500)}and next week too.`;
    const resolved = resolveRelativeDates(bare, "2026-03-04");
    expect(resolved.count).toBe(302);
    expect(resolved.text.replace(/ \(\d{4}-(?:W\d{2}|\d{2}-\d{2})\)/g, "")).toBe(bare);
  });
});
