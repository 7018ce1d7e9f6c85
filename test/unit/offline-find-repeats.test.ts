import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { rarest } from "../../src/providers/offline/find-repeats.js";

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
