import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CUE_TABLES } from "../../src/providers/offline/cues/all-cue-tables.js";
import { compileCues } from "../../src/providers/offline/cues/compile-cues.js";
import type { HeadingKind } from "../../src/providers/offline/cues/cue-table.js";
import { headingKind, isGenericTitle } from "../../src/providers/offline/cues/match-cues.js";
import { groupUnits } from "../../src/providers/offline/group-units.js";
import { isStopWord } from "../../src/text/tokenize.js";
import { sampleFloor, sampleWeeks } from "./offline-sample-weeks.js";

// The straightforward readings, asked afresh every time.
const KINDS: HeadingKind[] = ["decision", "lesson", "blocker", "preference", "routine", "state", "reference", "outcome", "generic"];
const HEADINGS = new Map(KINDS.map((kind) => [kind, compileCues(CUE_TABLES, (table) => table.headings[kind])]));
const ALL_WORDS = new RegExp(KINDS.map((kind) => HEADINGS.get(kind)!.source).join("|"), "giu");

function headingKindAfresh(title: string): HeadingKind | undefined {
  let best: HeadingKind | undefined;
  let bestAt = Number.POSITIVE_INFINITY;
  let bestLength = 0;
  for (const kind of KINDS) {
    if (kind === "generic" && best) break;
    const match = HEADINGS.get(kind)!.exec(title);
    if (match && (match.index < bestAt || (match.index === bestAt && match[0].length > bestLength))) {
      best = kind;
      bestAt = match.index;
      bestLength = match[0].length;
    }
  }
  return best;
}

function isGenericAfresh(title: string): boolean {
  const rest = title
    .replace(ALL_WORDS, " ")
    .replace(/[^\p{L}]+/gu, " ")
    .trim();
  return rest.split(/\s+/).filter((word) => (word.length > 1 || /\p{Script=Han}/u.test(word)) && !isStopWord(word.toLowerCase())).length === 0;
}

describe("what a title names, kept once asked", async () => {
  const titles = new Set<string>();
  for (const week of await sampleWeeks()) {
    for (const unit of groupUnits(week.logs.entries)) {
      titles.add(unit.section.title);
      for (const part of unit.parts) if (part.label) titles.add(part.label);
    }
  }
  const headingWords = [
    ...new Set(CUE_TABLES.flatMap((table) => Object.values(table.headings).flat()).flatMap((word) => word.match(/[\p{L}\p{N}_']+/gu) ?? [])),
  ];
  const words = [
    ...["Key", "Decisions", "Next steps", "Status", "今日", "决定", "学んだこと", "Notes", "2026-03-02", "Sync", "v2", "de", "Blockers", "of"],
    ...["accomplished", "Retrospective", "Strategieplan", "erledigten", "é", "\u212a", "—", "✅", "[10:37]", "outcome:"],
    ...headingWords,
    ...headingWords.map((word) => word.toUpperCase()),
  ];

  it("is the same as read afresh, for every title and label of the sample weeks, asked twice", () => {
    expect(titles.size).toBeGreaterThan(sampleFloor(500, 25));
    for (const pass of [1, 2]) {
      for (const title of titles) {
        expect(headingKind(title), `${pass}: ${title}`).toBe(headingKindAfresh(title));
        expect(isGenericTitle(title), `${pass}: ${title}`).toBe(isGenericAfresh(title));
      }
    }
  });

  it("is the same as read afresh for titles made of section words, whatever was asked before", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.constantFrom(...words), { maxLength: 5 }), { maxLength: 30 }), (made) => {
        for (const title of made.map((list) => list.join(" "))) {
          expect(headingKind(title)).toBe(headingKindAfresh(title));
          expect(isGenericTitle(title)).toBe(isGenericAfresh(title));
        }
      }),
      { numRuns: 1000 },
    );
  });
});
