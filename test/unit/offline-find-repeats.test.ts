import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findRepeats, type Repetition, rarest, repetitionKey } from "../../src/providers/offline/find-repeats.js";
import { MARKUP_PIECES } from "./markup-pieces.js";

// The straightforward reading: every term sorted by how many statements hold it, then by code units.
function rarestBySorting(terms: readonly string[], statements: ReadonlyMap<string, number>): string[] {
  return [...terms].sort((a, b) => (statements.get(a) ?? 0) - (statements.get(b) ?? 0) || (a < b ? -1 : 1)).slice(0, 3);
}

describe("rarest", () => {
  it("picks the terms sorting would put first, in that order", () => {
    const term = fc.stringMatching(/^[a-dé]{0,3}$/);
    fc.assert(
      fc.property(fc.uniqueArray(term, { maxLength: 12 }), fc.dictionary(term, fc.integer({ min: 0, max: 4 })), (list, counts) => {
        const statements = new Map(Object.entries(counts));
        const picked = rarest(
          list,
          list.map((t) => statements.get(t) ?? 0),
        ).map((at) => list[at]);
        expect(picked).toEqual(rarestBySorting(list, statements));
      }),
      { numRuns: 500 },
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
  .array(fc.constantFrom(...MARKUP_PIECES, "10:15"), {
    maxLength: 25,
  })
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

// findRepeats as first written: a frequency map, a candidate map by term, the rarest terms sorted anew.
function findRepeatsAsWritten(keys: readonly string[], termSets: readonly ReadonlySet<string>[], measure: "jaccard" | "containment"): Repetition[] {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  const frequency = new Map<string, number>();
  for (const terms of termSets) for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const rarestOf = (terms: ReadonlySet<string>) => rarestBySorting([...terms], frequency);
  const share = (a: ReadonlySet<string>, b: ReadonlySet<string>) => {
    let shared = 0;
    for (const term of a) if (b.has(term)) shared++;
    return measure === "jaccard" ? shared / (a.size + b.size - shared) : shared / a.size;
  };
  const firstOfKey = new Set<string>();
  const byTerm = new Map<string, number[]>();
  return keys.map((key, i) => {
    const terms = termSets[i]!;
    let repetition: Repetition = "first";
    const near = () => {
      const seen = new Set<number>();
      for (const term of rarestOf(terms)) {
        for (const j of byTerm.get(term) ?? []) {
          if (seen.has(j)) continue;
          seen.add(j);
          if (share(terms, termSets[j]!) >= (measure === "jaccard" ? 0.7 : 0.85)) return true;
        }
      }
      return false;
    };
    if (key && firstOfKey.has(key)) repetition = "repeat";
    else if (key && (counts.get(key) ?? 0) >= 3) repetition = "pattern";
    else if (terms.size >= (measure === "jaccard" ? 4 : 5) && near()) repetition = "repeat";
    if (key) firstOfKey.add(key);
    for (const term of rarestOf(terms)) {
      const list = byTerm.get(term);
      if (list) {
        list.push(i);
        if (list.length > 40) list.shift();
      } else byTerm.set(term, [i]);
    }
    return repetition;
  });
}

describe("findRepeats", () => {
  it("marks statements as it did when it looked every term up again", () => {
    // Statements near one of many others (a term dropped or added), all sharing a few common terms: a
    // near-duplicate is found only through its rare terms, and may be long ago.
    const BASES = Array.from({ length: 30 }, (_, b) => ["a", "b", "c", ...[0, 1, 2, 3].map((t) => `t${b * 4 + t}`)]);
    const statement = fc
      .tuple(fc.constantFrom("", "", "", "a", "b"), fc.constantFrom(...BASES), fc.subarray(["d", "e", "t7", "t50"], { maxLength: 1 }), fc.nat({ max: 9 }))
      .map(([key, base, added, dropped]) => [key, [...new Set([...base.filter((_, i) => i !== dropped), ...added])]] as const);
    fc.assert(
      fc.property(
        fc.array(statement, { minLength: 60, maxLength: 160 }),
        fc.constantFrom("jaccard" as const, "containment" as const),
        (statements, measure) => {
          const keys = statements.map(([key]) => key);
          const termSets = statements.map(([, terms]) => new Set(terms));
          expect(findRepeats(keys, termSets, measure)).toEqual(findRepeatsAsWritten(keys, termSets, measure));
        },
      ),
      { numRuns: 500 },
    );
  });
});
