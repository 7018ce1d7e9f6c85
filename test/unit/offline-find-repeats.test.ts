import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rarest, repetitionKey } from "../../src/providers/offline/find-repeats.js";

// The straightforward reading: every term sorted by how often it comes up in the week, then by code units.
function rarestBySorting(terms: ReadonlySet<string>, frequency: ReadonlyMap<string, number>): string[] {
  return [...terms].sort((a, b) => (frequency.get(a) ?? 0) - (frequency.get(b) ?? 0) || (a < b ? -1 : 1)).slice(0, 3);
}

describe("rarest", () => {
  it("picks the terms sorting would put first, in that order", () => {
    const term = fc.stringMatching(/^[a-dé]{0,3}$/);
    fc.assert(
      fc.property(fc.uniqueArray(term, { maxLength: 12 }), fc.dictionary(term, fc.integer({ min: 0, max: 4 })), (list, counts) => {
        const frequency = new Map(Object.entries(counts));
        expect(rarest(new Set(list), frequency)).toEqual(rarestBySorting(new Set(list), frequency));
      }),
      { numRuns: 2000 },
    );
  });
});

function repetitionKeyAfresh(text: string): string {
  return text
    .toLowerCase()
    .replace(/\b\d{4}-\d{2}-\d{2}(?:t[\d:.+z-]+)?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/g, " ")
    .replace(/[\p{P}\p{S}]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

// Statements with dates, times, punctuation and symbols.
const markdown = fc
  .array(
    fc.constantFrom(
      "[",
      "]",
      "(",
      ")",
      "!",
      "<",
      ">",
      "`",
      "*",
      "_",
      "**",
      "__",
      " ",
      "\n",
      "\t",
      "x",
      "X",
      "word",
      "https://a.b/c",
      "2026-03-02",
      "10:15",
      "（",
      "「",
      "。",
      "é",
      "决定",
      "-",
      ":",
    ),
    {
      maxLength: 25,
    },
  )
  .map((list) => list.join(""));

describe("repetitionKey", () => {
  it("is the key read afresh, whatever was keyed before", () => {
    fc.assert(
      fc.property(fc.array(markdown, { maxLength: 20 }), (texts) => {
        for (const text of [...texts, ...texts]) expect(repetitionKey(text)).toBe(repetitionKeyAfresh(text));
      }),
      { numRuns: 500 },
    );
  });
});
