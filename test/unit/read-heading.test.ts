import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { clearDateOf, readHeading } from "../../src/logs/read-heading.js";

// Counts the headings handed to chrono (the real one still answers).
const chronoCalls = vi.hoisted(() => ({ count: 0 }));
vi.mock("../../src/logs/chrono.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/logs/chrono.js")>();
  return {
    chrono: () => {
      chronoCalls.count++;
      return actual.chrono();
    },
  };
});

const require = createRequire(import.meta.url);
const chrono = require("chrono-node") as typeof import("chrono-node");

// The date chrono alone reads from a heading (no ISO date in it), as readHeading did before it
// skipped headings that cannot hold one: every heading with a digit went to chrono.
function chronoDate(text: string, depth: number, contextDate: string): string | undefined {
  if (!/\d/.test(text)) return undefined;
  for (const found of chrono.en.strict.parse(text, new Date(`${contextDate}T00:00:00`))) {
    if (depth > 1 && found.index > 16) break;
    if (!found.start.isCertain("day") || !found.start.isCertain("month")) continue;
    const date = found.start.date();
    return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
  }
  return undefined;
}

const PIECES = [
  "[09:30]",
  "10:30",
  "-",
  "—",
  "–",
  "Session",
  "3",
  "(10:00–11:30)",
  "heartbeat",
  "decision:",
  "Mar",
  "March",
  "sept.",
  "25th",
  "of",
  "25",
  "2026",
  "03",
  "/",
  ".",
  "3/25",
  "25.03.2026",
  "2026/03/25",
  "2 days ago",
  "5d ago",
  "3h later",
  "within 2 weeks",
  "in 10 minutes",
  "v1.2",
  "99.9s",
  "Apr 9-9",
  "Monday",
  "Build",
  "x64",
  "10 m",
  "1 yr ago",
  "q3",
  "Notizen",
  "🔷",
  "Dec",
  "dec.",
  "December",
  "decision",
  "market",
  "Mayday",
  "first",
  "3rd",
  "Decfirst",
  "Junthird",
  "Dec3",
  "sept3rd",
  "5Dec",
  "1stJan",
  "25MAR2026",
  "12ofdec.",
  "firstjan",
  "twentiethofmar",
];

describe("readHeading dates", () => {
  it("reads the same date as chrono over every heading it is given, skipping none that holds one", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 3 }), (pieces, depth) => {
        const text = pieces.join(" ");
        expect(readHeading(text, depth, "2026-03-20").date).toBe(chronoDate(text, depth, "2026-03-20"));
      }),
      { numRuns: 1500 },
    );
  });

  it("reads dates written in words and numbers, and none from a time alone", () => {
    expect(readHeading("Mar 25 — release", 2, "2026-03-20").date).toBe("2026-03-25");
    expect(readHeading("25.03.2026 Notizen", 2, "2026-03-20").date).toBe("2026-03-25");
    expect(readHeading("2 days ago", 1, "2026-03-20").date).toBe(chronoDate("2 days ago", 1, "2026-03-20"));
    expect(readHeading("2 days ago", 1, "2026-03-20").date).toBeDefined();
    expect(readHeading("[09:30] heartbeat", 2, "2026-03-20").date).toBeUndefined();
  });

  // A day past 12, or the same number twice, has one reading; with a time, a weekday or words around it.
  it.each([
    ["01/04/2026", "2026-04-01", "2026-04-01"],
    ["04/01/2026", "2026-04-01", "2026-04-01"],
    ["03/04/2026 standup", "2026-03-04", "2026-03-04"],
    ["03/04/2026 standup", "2026-04-03", "2026-04-03"],
    ["25/03/2026", "2026-04-01", "2026-03-25"],
    ["05/05/2026", "2026-01-01", "2026-05-05"],
    ["01/04/2026 14:30", "2026-04-01", "2026-04-01"],
    ["Mon 01/04/2026", "2026-04-01", "2026-04-01"],
    ["Meeting on 01/04/2026 at 10:00", "2026-04-01", "2026-04-01"],
    ["04-03-2025", "2025-03-03", "2025-03-04"],
    ["03-04-2025", "2025-03-03", "2025-03-04"],
  ])("reads day and month written as numbers in the order the file's date agrees with: %s in %s", (heading, fileDate, date) => {
    expect(readHeading(heading, 1, fileDate).date).toBe(date);
  });

  it.each([
    ["2:45 pm lesson: Run migrations first", "14:45"],
    ["[3:07pm] note", "15:07"],
    ["11:59 PM wrap-up", "23:59"],
    ["12:05 AM deploy", "00:05"],
    ["12:30 p.m. lunch", "12:30"],
    ["[09:30] heartbeat", "09:30"],
    ["25:99 garbage", undefined],
    ["13:05 pm", "13:05"],
  ])("reads a 12-hour time as the 24-hour one, and no time from what is none: %s", (heading, time) => {
    expect(readHeading(heading, 2, "2026-04-01").time).toBe(time);
  });

  it.each([
    ["Donnerstag, 6. März 2025", 1, "2025-03-06"],
    ["Freitag, 7. August 2025", 1, "2025-08-07"],
    ["Vendredi 7 mars 2025", 1, "2025-03-07"],
    ["samedi 8 mars", 1, "2025-03-08"],
    ["Sábado, 8 de marzo de 2025", 1, "2025-03-08"],
    ["Lunedì 3 marzo 2025", 1, "2025-03-03"],
    ["Segunda-feira, 3 de março de 2025", 1, "2025-03-03"],
    ["3 maart 2025", 1, "2025-03-03"],
    ["3 mars 2025", 2, "2025-03-03"],
    ["2025年3月5日 星期三", 1, "2025-03-05"],
    ["3月5号 周三", 2, "2025-03-05"],
    ["３月５日（水）", 2, "2025-03-05"],
    ["Mars 3 mission", 1, undefined],
    ["December 3h later", 1, undefined],
    ["10:00 Uhr — Notizen zum März-Release", 2, undefined],
    ["Fredag 7 mars", 1, "2025-03-07"],
    ["Freitag, 7. März 14:30", 2, "2025-03-07"],
  ])("reads a date written in another language's words: %s", (heading, depth, date) => {
    expect(readHeading(heading, depth, "2025-03-03").date).toBe(date);
  });

  it.each([
    ["Top 10 Mars facts", 1],
    ["Day 3 Mars mission", 2],
    ["Ate 2 Mars bars", 1],
    ["Round 2 Mayo clinic", 1],
    ["Episode 4 Mai Tai", 2],
    ["Team of 4 juni devs", 1],
    ["Phase 2 mai", 2],
    ["Top 10 marzo picks", 1],
  ])("reads no date from an English heading holding another language's month name: %s", (heading, depth) => {
    expect(readHeading(heading, depth, "2025-03-03").date).toBeUndefined();
  });

  it.each([
    ["January 30, 2026", 1, "2026-01-30"],
    ["Mar 5", 2, "2025-03-05"],
    ["2025年3月5日", 1, "2025-03-05"],
  ])("still reads English dates and other languages' dates that state their year: %s", (heading, depth, date) => {
    expect(readHeading(heading, depth, "2025-03-03").date).toBe(date);
  });

  it.each([
    ["14h05", "14:05"],
    ["9h30 Réunion", "09:30"],
    ["14h05 — Standup", "14:05"],
    ["[14h05] Standup", "14:05"],
    ["2025-03-07 9h30", "09:30"],
    ["Vendredi 7 mars 2025 14h05 — Réunion", "14:05"],
    ["Deploy a4h56", undefined],
    ["Build took 1h30", undefined],
    ["Done in 2h15", undefined],
    ["9h30 standup", "09:30"],
    ["14h05 réunion avec Claire", "14:05"],
    ["2025-03-07 9h30 standup", "09:30"],
    ["[9h30] point équipe", "09:30"],
    ["9h — Standup", "09:00"],
    ["[14h] Réunion", "14:00"],
    ["9h", "09:00"],
    ["9h-10h revue", "09:00"],
    ["25h30 standup", undefined],
    ["1h30 of debugging", undefined],
    ["2h15 later", undefined],
    ["2h15 plus tard", undefined],
    ["1h30 de réunion", undefined],
    ["2h15 d'attente", undefined],
    ["1h30 di riunione", undefined],
    ["2h von Debugging", undefined],
    ["1h30 for the review", undefined],
    ["4h, then lunch", undefined],
    ["9h30 du matin", "09:30"],
    ["2h15 de retard", undefined],
    ["4h debugging", undefined],
    ["3h later", undefined],
    ["Spent 4h on the migration", undefined],
    ["h2 heading", undefined],
    ["sha256h05 check", undefined],
    ["Layout h2 spacing", undefined],
  ])("reads a time written with h: %s", (heading, time) => {
    expect(readHeading(heading, 2, "2025-03-03").time).toBe(time);
  });

  it("asks chrono nothing about a heading whose only month-like letters start a longer word", () => {
    chronoCalls.count = 0;
    expect(readHeading("[09:24] decision: moved 2 services to the marching queue", 2, "2026-03-20").date).toBeUndefined();
    expect(readHeading("[11:02] 🔷 decision: Market data 4 sources", 2, "2026-03-20").date).toBeUndefined();
    expect(chronoCalls.count).toBe(0);
    expect(readHeading("[11:02] Dec 3 — planning", 2, "2026-03-20").date).toBe("2025-12-03");
    expect(chronoCalls.count).toBe(1);
  });

  it("reads a deeper heading's date only when it is clearly one, and asks chrono nothing about a fraction", () => {
    chronoCalls.count = 0;
    expect(clearDateOf("Step 1/3: schema", 3, "2025-03-03")).toBeUndefined();
    expect(clearDateOf("Step 3/3", 3, "2025-03-03")).toBeUndefined();
    expect(chronoCalls.count).toBe(0);
    expect(clearDateOf("Tue 3/4", 3, "2025-03-03")).toBeUndefined();
    expect(clearDateOf("Tue 3/4/25", 3, "2025-03-03")).toBe("2025-03-04");
    expect(clearDateOf("Mar 5 — deploy", 3, "2025-03-03")).toBe("2025-03-05");
    expect(clearDateOf("[2025-03-06] deploy", 3, "2025-03-03")).toBe("2025-03-06");
    expect(clearDateOf("Top 10 Mars facts", 3, "2025-03-03")).toBeUndefined();
  });
});
