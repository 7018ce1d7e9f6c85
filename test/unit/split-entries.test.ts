import { describe, expect, it } from "vitest";
import { entryAnchor } from "../../src/logs/log-types.js";
import { splitEntries } from "../../src/logs/split-entries.js";

const summary = (text: string, date = "2026-03-02") =>
  splitEntries(text, "2026-03-02.md", date).map((e) => ({ lines: `${e.startLine}-${e.endLine}`, date: e.date, time: e.time, kind: e.kind, shape: e.shape }));

describe("splitEntries", () => {
  it("reads seed 004 timestamped entries, with emoji, without, and with mojibake", () => {
    const text =
      "# 2026-02-05\n\n## [15:32] 🔷 decision: Use Kimi\n\nWhy: cost.\n\n## [14:30] implementation: Proxy\n\nDone.\n\n## [16:00] üî∑ lesson: SOCKS5\n\nCredentials in URL.\n";
    const entries = splitEntries(text, "2026-02-05.md", "2026-02-05");
    expect(entries.map((e) => [e.kind, e.time, entryAnchor(e)])).toEqual([
      [undefined, undefined, "2026-02-05.md#L1"],
      ["decision", "15:32", "2026-02-05.md#L3-L5"],
      ["implementation", "14:30", "2026-02-05.md#L7-L9"],
      ["lesson", "16:00", "2026-02-05.md#L11-L13"],
    ]);
    expect(entries[1]!.text).toBe("## [15:32] 🔷 decision: Use Kimi\n\nWhy: cost.");
  });

  it("keeps sub-headings inside their entry", () => {
    const text = "## [09:00] decision: A\n\n### Details\n- one\n\n## [10:00] outcome: B\n";
    expect(summary(text).map((e) => e.lines)).toEqual(["1-4", "6-6"]);
  });

  it("reads other heading styles: time first with UTC, time at the end, ISO timestamps, prose dates", () => {
    const text = [
      "# January 30, 2026 - Fairy Development",
      "## 02:14 UTC — Heartbeat",
      "- ok",
      "## 🤖 Trading Bot - Datainsamling 21:07",
      "- data",
      "## 2026-08-18T21:00:19+10:00",
      "- work",
      "## 25 Mar 04:01 UTC — Heartbeat",
      "- late",
    ].join("\n");
    expect(summary(text, "2026-01-30")).toEqual([
      { lines: "1-1", date: "2026-01-30", time: undefined, kind: undefined, shape: "heading" },
      { lines: "2-3", date: "2026-01-30", time: "02:14", kind: undefined, shape: "heading" },
      { lines: "4-5", date: "2026-01-30", time: "21:07", kind: undefined, shape: "heading" },
      { lines: "6-7", date: "2026-08-18", time: "21:00", kind: undefined, shape: "heading" },
      { lines: "8-9", date: "2026-03-25", time: "04:01", kind: undefined, shape: "heading" },
    ]);
  });

  it("dates an entry by the nearest date heading above it, else by the file", () => {
    const text = "## 23:10 - Late\n- a\n\n# 2026-03-03\n\n## 00:40 - Past midnight\n- b\n";
    expect(summary(text).map((e) => e.date)).toEqual(["2026-03-02", "2026-03-03", "2026-03-03"]);
  });

  it("dates entries by date headings in other languages and times written 9h30", () => {
    const text = "# Donnerstag, 6. März 2025\n## 09:15 Uhr\n- a\n# Vendredi 7 mars 2025\n## 9h30\n- b\n# 2025年3月8日\n## 10:00\n- c\n";
    expect(summary(text, "2025-03-06").map((e) => [e.date, e.time])).toEqual([
      ["2025-03-06", undefined],
      ["2025-03-06", "09:15"],
      ["2025-03-07", undefined],
      ["2025-03-07", "09:30"],
      ["2025-03-08", undefined],
      ["2025-03-08", "10:00"],
    ]);
  });

  it("starts an entry at a date heading below the level the log is split at, so what follows it has its date", () => {
    const text = "# Journal\n## Week 10\n### Mon 3/3/25\n- a\n### Tue 3/4/25\n- b\n#### Notes\n- c\n## Ideas\n- d\n";
    expect(summary(text, "2025-03-03").map((e) => [e.lines, e.date])).toEqual([
      ["1-1", "2025-03-03"],
      ["2-2", "2025-03-03"],
      ["3-4", "2025-03-03"],
      ["5-8", "2025-03-04"],
      ["9-10", "2025-03-04"],
    ]);
    // A sub-heading naming a date after its title is no date heading.
    expect(summary("## Plans\n### Migrate the billing database before 2025-05-01\n- a\n", "2025-03-03").map((e) => e.lines)).toEqual(["1-3"]);
  });

  it("starts no entry at a deeper heading whose date is only a fraction, however many there are", () => {
    const text = "## Migration\n### Step 1/3: schema\n- a\n### Step 3/3: data\n- b\n### Tue 3/4/25\n- c\n### Mar 5\n- d\n### 2025-03-06\n- e\n";
    expect(summary(text, "2025-03-03").map((e) => [e.lines, e.date])).toEqual([
      ["1-5", "2025-03-03"],
      ["6-7", "2025-03-04"],
      ["8-9", "2025-03-05"],
      ["10-11", "2025-03-06"],
    ]);
    const steps = `## Migration\n${Array.from({ length: 3000 }, (_, i) => `### Step ${(i % 9) + 1}/${(i % 7) + 2}: schema\n- a\n`).join("")}`;
    const entries = splitEntries(steps, "2025-03-03.md", "2025-03-03");
    expect(entries.map((e) => e.date)).toEqual(["2025-03-03"]);
  });

  it("carries no date from an English heading holding another language's month name into later entries", () => {
    const text = "## Top 10 Mars facts\n- a\n## Round 2 Mayo clinic\n- b\n## Team of 4 juni devs\n- c\n## Next\n- d\n";
    expect(summary(text, "2025-03-03").map((e) => e.date)).toEqual(["2025-03-03", "2025-03-03", "2025-03-03", "2025-03-03"]);
  });

  it("reads a time written with h only where a time heading has it", () => {
    const text = "# 2025-03-03\n## Build took 1h30\n- a\n## 1h30 of debugging\n- b\n## 14h05 — Standup\n- c\n## 9h30 standup\n- d\n";
    expect(summary(text, "2025-03-03").map((e) => e.time)).toEqual([undefined, undefined, undefined, "14:05", "09:30"]);
  });

  it("does not take a date mentioned in a section title as the entry's date", () => {
    const text = "## Plan: migrate before 2026-05-01\n- a\n";
    expect(summary(text)[0]!.date).toBe("2026-03-02");
  });

  it("splits session blocks, and a file of bullets or prose into one entry per item", () => {
    expect(summary("## Session 1 (09:00–11:30)\n- a\n- b\n\n## Session 2 (14:00–17:15)\n- c\n").map((e) => e.lines)).toEqual(["1-3", "5-6"]);
    expect(summary("- [23:43] one\n- [23:50] two\n").map((e) => e.lines)).toEqual(["1-1", "2-2"]);
    expect(summary("\nFırat: hello\n\nEce: hi there\n").map((e) => e.lines)).toEqual(["2-2", "4-4"]);
  });

  it("makes frontmatter an entry of its own", () => {
    expect(summary("---\nsession_count: 3\n---\n# Day\n- a\n").map((e) => [e.lines, e.shape])).toEqual([
      ["1-3", "frontmatter"],
      ["4-4", "heading"],
      ["5-5", "block"],
    ]);
  });

  it("reads a log that opens with a --- rule and markdown under it as markdown, not front matter", () => {
    const text = "---\n## [11:20] decision: Use Postgres\n**Decision:** Postgres 16.\n\n---\n## [16:45] lesson: Run migrations first\nAlways.\n";
    const entries = splitEntries(text, "2026-04-01.md", "2026-04-01");
    expect(entries.map((entry) => [entry.startLine, entry.heading ?? null])).toEqual([
      [1, null],
      [2, "[11:20] decision: Use Postgres"],
      [6, "[16:45] lesson: Run migrations first"],
    ]);
    // Fields are front matter still, and a fence with nothing between.
    expect(splitEntries("---\ntags: [a]\n---\n## [09:00] note: x\n", "2026-04-01.md", "2026-04-01")[0]!.shape).toBe("frontmatter");
    expect(splitEntries("---\n---\n## [09:00] note: x\n", "2026-04-01.md", "2026-04-01")[0]!.shape).toBe("frontmatter");
  });

  it("reads front matter that is not data as text of the log, its closing --- never a heading's underline", () => {
    for (const text of [
      "---\ntitle: [unclosed\ntags: a\n---\n\n## [09:00] note: First\nBody.\n",
      "---\ntitle: [unclosed\ntags: a\n---\nText right under it.\n## [09:00] note: First\nBody.\n",
      "---toml\ntitle = 'Day'\n---\n## [09:00] note: First\nBody.\n",
      "---\njust a line\n---\n## [09:00] note: First\nBody.\n",
    ]) {
      const entries = splitEntries(text, "2026-04-01.md", "2026-04-01");
      expect(
        entries.map((entry) => [entry.shape, entry.heading ?? null]),
        text,
      ).toEqual([
        ["block", null],
        ["heading", "[09:00] note: First"],
      ]);
      // Every line is in an entry.
      expect(
        entries
          .map((entry) => entry.text)
          .join("\n")
          .replace(/\n+/g, "\n"),
        text,
      ).toBe(text.trimEnd().replace(/\n+/g, "\n"));
    }
  });

  it("splits at the headings after a list or quote nested deeper than the parser reads", () => {
    const after = "\n\n## [10:00] note: Second\nBody.\n\n## [11:00] note: Third\nMore.\n";
    for (const deep of [
      Array.from({ length: 150 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n"),
      Array.from({ length: 300 }, (_, i) => `${"> ".repeat(i + 1)}quote ${i}`).join("\n"),
      `${"- > ".repeat(150)}deep`,
      `${"- ".repeat(100_000)}deep`,
      `${"> - ".repeat(100_000)}deep`,
    ]) {
      const text = `## [09:00] note: First\n${deep}${after}`;
      const entries = splitEntries(text, "2026-04-01.md", "2026-04-01");
      expect(
        entries.map((entry) => entry.heading),
        deep.slice(0, 20),
      ).toEqual(["[09:00] note: First", "[10:00] note: Second", "[11:00] note: Third"]);
      expect(entries[0]!.text).toBe(`## [09:00] note: First\n${deep}`);
    }
  });

  it("splits a log of more paragraphs than a function call takes arguments", () => {
    const text = Array.from({ length: 150_000 }, (_, i) => `note ${i}`).join("\n\n");
    const entries = splitEntries(text, "2026-04-01.md", "2026-04-01");
    expect(entries).toHaveLength(150_000);
    expect(entries.at(-1)!.startLine).toBe(299_999);
  });

  it("keeps an unclosed code fence and everything after it", () => {
    const text = "## A\n```json\n{\n## not a heading\n";
    const entries = splitEntries(text, "x.md", "2026-03-02");
    expect(entries).toHaveLength(1);
    expect(entries[0]!.text).toBe("## A\n```json\n{\n## not a heading");
  });

  it("returns no entries for an empty or blank file", () => {
    expect(splitEntries("", "x.md", "2026-03-02")).toEqual([]);
    expect(splitEntries("\n\n  \n", "x.md", "2026-03-02")).toEqual([]);
  });
});
