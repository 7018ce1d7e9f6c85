import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainText } from "../../src/providers/offline/plain-text.js";
import { MARKUP_PIECES } from "./markup-pieces.js";

// The straightforward readings, every rule applied to every text.
function plainTextInFull(markdown: string): string {
  return markdown
    .replace(/!\[([^\][]*)\]\([^()[\]]*\)/g, "$1")
    .replace(/\[([^\][]+)\]\((https?:\/\/[^()[\]\s]+)\)/g, (_, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .replace(/\[([^\][]+)\]\([^()[\]]*\)/g, "$1")
    .replace(/<(https?:\/\/[^<>\s]+)>/g, "$1")
    .replace(/(`[^`]*`)|<\/?[a-z][^<>]*>/gi, (_, code: string | undefined) => code ?? "")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[\s(（「“"])[*_](?=\S)([^*_\n]*?\S)[*_](?=$|[\s).,;:!?）」”"，。])/gu, "$1$2")
    .replace(/^\s*\[[ xX]\]\s+/, "")
    .replace(/\s+/g, " ")
    .trim();
}

// Markdown made of the characters the rules look for, whole pieces of markup, and words and spaces around them.
const markdown = fc
  .array(
    fc.constantFrom(
      ...MARKUP_PIECES,
      "[a](b)",
      "[x](https://a.b/c)",
      "[https://a.b](https://a.b)",
      "![i](p.png)",
      "<https://a.b>",
      "<b>",
      "</i>",
      "**bold**",
      "__b__",
      "*em*",
      "_u_",
      "`code <b>`",
      "[ ] ",
      "[x] ",
    ),
    { maxLength: 25 },
  )
  .map((list) => list.join(""));

describe("plainText", () => {
  it("reads text without markup as every rule would", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        expect(plainText(text)).toBe(plainTextInFull(text));
      }),
      { numRuns: 5000 },
    );
  });
});
