import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { wordNumbers, wordNumbersGrown } from "../../src/consolidate/word-numbers.js";

const alone = (word: string) => wordNumbers(new Set([word]))[0];

describe("wordNumbers", () => {
  it("numbers each word once, whatever set it is met in, in the set's order", () => {
    const words = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 20 });
    fc.assert(
      fc.property(words, (list) => {
        expect([...wordNumbers(new Set(list))]).toEqual(list.map(alone));
      }),
    );
  });

  it("numbers a set grown from an earlier one as if it were numbered whole", () => {
    const words = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 30 });
    fc.assert(
      fc.property(words, words, (first, more) => {
        const earlier = new Set(first);
        wordNumbers(earlier);
        const grown = new Set([...first, ...more]);
        wordNumbersGrown(earlier, grown);
        expect([...wordNumbers(grown)]).toEqual([...grown].map(alone));
      }),
    );
  });
});
