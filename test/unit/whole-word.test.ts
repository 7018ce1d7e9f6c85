import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { holdsWholeWord } from "../../src/consolidate/whole-word.js";

// The reading it replaced, one pattern per word: the reference it must agree with.
function byPattern(text: string, word: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const percent = /\d$/.test(word) ? "|%" : "";
  return new RegExp(`(?<![\\p{L}\\p{N}]|\\p{N}[.,])${escaped}(?![\\p{L}\\p{N}]|[.,]\\p{N}${percent})`, "u").test(text);
}

describe("holdsWholeWord", () => {
  it.each([
    ["the pool size is 20 on staging", "20", true],
    ["the pool size is 20.5 on staging", "20", false],
    ["the pool size is 1.20 on staging", "20", false],
    ["keep it below 20% of capacity", "20", false],
    ["keep it below 20%.", "20%", true],
    ["it ends at 20.", "20", true],
    ["lisbon, then porto", "lisbon", true],
    ["lisbonne", "lisbon", false],
    ["kraków office", "kraków", true],
    ["a 𝐀lisbon b", "lisbon", false],
    ["1,200 users", "200", false],
  ] as const)("%s / %s → %s", (text, word, expected) => {
    expect(holdsWholeWord(text, word)).toBe(expected);
    expect(byPattern(text, word)).toBe(expected);
  });

  it("agrees with a pattern per word on random text", () => {
    // Letters, digits, marks of numbers, a percent, spaces, a letter and digits outside the first plane.
    const alphabet = ["a", "b", "é", "1", "2", "0", ".", ",", "%", " ", " ", " ", " ", "𝐀", "𝟏", "٣", "-"];
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed >>> 8;
    };
    const pick = (length: number, from = alphabet) => Array.from({ length }, () => from[next() % from.length]).join("");
    const wordAlphabet = ["a", "é", "2", "0", ".", "%", "𝐀", "𝟏"];
    let found = 0;
    for (let i = 0; i < 20_000; i++) {
      const word = pick(1 + (next() % 3), wordAlphabet);
      // Half the texts hold the word somewhere, with anything beside it.
      const text = next() % 2 === 0 ? pick(next() % 16) : `${pick(next() % 4)}${word}${pick(next() % 4)}`;
      const expected = byPattern(text, word);
      if (expected) found++;
      expect(holdsWholeWord(text, word), `${JSON.stringify(text)} / ${JSON.stringify(word)}`).toBe(expected);
    }
    // Both answers come up often enough for the comparison to mean something.
    expect(found).toBeGreaterThan(2_000);
    expect(found).toBeLessThan(18_000);
  });

  // An empty value ("name:" with nothing after it) hung the run: indexOf past the end answers the end again.
  it.each([
    ["ab", ""],
    ["a b", ""],
    ["", ""],
    ["é𝟏aéx", ""],
  ] as const)("an empty word in %j ends, answering as the pattern did", (text, word) => {
    // Run under a timeout, so a loop that never ends fails the test instead of hanging it.
    const answer = runInNewContext("holds()", { holds: () => holdsWholeWord(text, word) }, { timeout: 1000 });
    expect(answer).toBe(byPattern(text, word));
  });

  // A lone half of a pair is a code point of its own to the pattern: it is never found inside a pair.
  it.each([
    ["𝟏", "\udfcf"],
    ["a𝟏.", "\udfcf"],
    ["𝟏", "\ud835"],
    ["x😀b", "\ud83d"],
    ["\ud835 x", "\ud835"],
  ] as const)("a lone surrogate in %j / %j is found as the pattern found it", (text, word) => {
    expect(holdsWholeWord(text, word)).toBe(byPattern(text, word));
  });
});
