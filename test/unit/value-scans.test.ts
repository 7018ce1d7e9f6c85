import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { opensSentence } from "../../src/consolidate/memory-facts.js";
import { numberedRuns } from "../../src/consolidate/numbered-runs.js";

// The patterns the scans replace, read as typedValues read them before.
const NUMBERISH = /(?<![\p{L}\p{N}_:.,%-])[_:.,%-]*([\p{L}\p{N}][\p{L}\p{N}_:.,%-]*\d[\p{L}\p{N}_:.,%-]*)|\d+/gu;
const CAPITALISED = /(?:^|[^\p{L}\p{N}_])(\p{Lu}[\p{L}\p{N}_'’-]*[\p{L}\p{N}]|\p{Lu})/gu;

function numberishByPattern(text: string): string[] {
  return [...text.matchAll(NUMBERISH)].map((match) => match[1] ?? match[0]);
}

// Each capitalised word and whether it opens its sentence, read sentence by sentence.
function capitalsBySentence(text: string): [string, boolean][] {
  const found: [string, boolean][] = [];
  for (const sentence of text.split(/(?<=[.!?:;])\s+|\n+/)) {
    let first = true;
    for (const match of sentence.matchAll(CAPITALISED)) {
      const token = match[1]!;
      found.push([token, first && sentence.slice(0, match.index + match[0].length - token.length).replace(/[-*>#\s]/g, "") === ""]);
      first = false;
    }
  }
  return found;
}

function capitalsByScan(text: string): [string, boolean][] {
  return [...text.matchAll(CAPITALISED)].map((match) => [match[1]!, opensSentence(text, match.index + match[0].length - match[1]!.length)]);
}

// Pieces that meet at the edges the patterns turn on: punctuation inside and around runs, digits of other
// scripts, letters outside the BMP, lone surrogates, sentence ends, list and quote marks, white space of all kinds.
const PIECES = [
  ...["a", "Zed", "É", "ß", "ü", "Ω", "²", "٣", "𝐀", "\u{1F600}", "\uD800", "\uDC00", "0", "1", "42", "1.9", "v2", "eu-west-1"],
  ...["_", ":", ".", ",", "%", "-", "'", "’", "!", "?", ";", "*", ">", "#", "(", ")"],
  ...[" ", "  ", "\n", "\t", "\r", "\u00a0", "\u2028", "\u3000"],
  ...["Dana's", "GPIO13", "AM04", "API", "I", "k8s", "node:20-slim", "99.9%", "50,000", ". ", "- ", "> ", "## "],
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((pieces) => pieces.join(""));

describe("numberedRuns", () => {
  it("finds what the pattern found, in order", () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 })), (t) => {
        expect(numberedRuns(t)).toEqual(numberishByPattern(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads identifiers whole and skips leading punctuation", () => {
    expect(numberedRuns("pin GPIO13, node:20-slim and -5 or .5.1 at 99.9%")).toEqual(["GPIO13,", "node:20-slim", "5", "5.1", "99.9%"]);
    // A run whose only digit is its first character gives that digit alone, as the pattern's bare number did.
    expect(numberedRuns("5a and .5x")).toEqual(["5", "5"]);
    expect(numberedRuns("no digits here")).toEqual([]);
    expect(numberedRuns("𝐀1 ²3")).toEqual(["𝐀1", "²3"]);
  });
});

describe("opensSentence", () => {
  it("tells a sentence's first word as reading each sentence apart did", () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 40 })), (t) => {
        expect(capitalsByScan(t)).toEqual(capitalsBySentence(t));
      }),
      { numRuns: 3000 },
    );
  });

  it("takes list marks and headings' marks as a sentence's opening", () => {
    expect(capitalsByScan("- Deploys go to Vercel. Ask Olga\n## Notes: Kofi")).toEqual([
      ["Deploys", true],
      ["Vercel", false],
      ["Ask", true],
      ["Olga", false],
      ["Notes", true],
      ["Kofi", true],
    ]);
  });
});
