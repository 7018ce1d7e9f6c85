import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Bm25Index } from "../../src/search/bm25.js";

const WORDS = ["deploy", "postgres", "cache", "token", "review", "backend", "staging", "release", "invoice", "schema", "queue", "mobile"];

describe("Bm25Index.rankTerms", () => {
  it("gives the same best few as ranking every document, ties by id", () => {
    const doc = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }).map((words) => words.join(" "));
    fc.assert(
      fc.property(
        fc.array(doc, { minLength: 1, maxLength: 120 }),
        fc.subarray(WORDS, { minLength: 1 }),
        fc.integer({ min: 1, max: 6 }),
        (docs, query, limit) => {
          const index = new Bm25Index();
          for (const [i, text] of docs.entries()) index.add(`m${String(i).padStart(3, "0")}`, text);
          const terms = query.map((term) => ({ term, weight: 1 }));
          expect(index.rankTerms(terms, limit)).toEqual(index.rankTerms(terms, 10_000).slice(0, limit));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("ranks the document with the rarer shared word first", () => {
    const index = new Bm25Index();
    index.add("a", "deploy backend");
    index.add("b", "deploy invoice");
    index.add("c", "deploy cache");
    expect(index.search("invoice deploy", 1)[0]!.id).toBe("b");
  });
});
