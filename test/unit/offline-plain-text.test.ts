import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { plainText } from "../../src/providers/offline/plain-text.js";
import { MARKUP_PIECES } from "./markup-pieces.js";

// The straightforward readings, every rule applied to every text.
function plainTextInFull(markdown: string): string {
  const shownName = (target: string) => {
    const [page = "", section = ""] = target.split("#");
    return (page.split("/").at(-1) ?? "").replace(/\.md$/i, "").trim() || section.replace(/^\^/, "").trim();
  };
  const words = markdown
    .replace(/\{\{\s*(\w+)([^{}]*)\}\}/g, (_, macro: string, args: string) => (macro.toLowerCase() === "embed" ? args : ""))
    .replace(/!?#?\[\[([^[\]|]*)(?:\|([^[\]]*))?\]\]/g, (_, target: string, shown: string | undefined) => shown ?? shownName(target))
    .replace(/\(\([0-9a-f-]{8,}\)\)/gi, "")
    .replace(/^\s*\[\^[^\]\s]+\]:\s*/, "")
    .replace(/\[\^[^\]\s]+\]/g, "")
    .replace(/%%[^%]*%%/g, "")
    .replace(/(?:^|\s)(?:id|collapsed|heading|background-color|created-at|updated-at|card-[\w-]+|logseq\.[\w.-]+)::(?:\s+\S+)?/g, "")
    .replace(/(`[^`]*`)|(?<=[\p{L}\p{N}_-])::(?=\s|$)/gu, (_, code: string | undefined) => code ?? ":")
    .replace(/(`[^`]*`)|==(?=[^\s=])([^=`]*?[^\s=])==/g, (_, code: string | undefined, marked: string | undefined) => code ?? marked ?? "")
    .split(/(\s+)/);
  const last = words.at(-1) === "" && words.length > 2 ? words.length - 3 : words.length - 1;
  let kept = last;
  while (kept >= 2 && /^#[\p{L}_][\p{L}\p{N}_/-]*$/u.test(words[kept]!)) kept -= 2;
  words.splice(kept + 1, last - kept);
  return words
    .join("")
    .replace(/(`[^`]*`)|(?<![^\s(（])#([\p{L}_][\p{L}\p{N}_/-]*)/gu, (_, code: string | undefined, tag: string | undefined) => code ?? tag ?? "")
    .replace(/!\[([^\][]*)\]\([^()[\]]*\)/g, "$1")
    .replace(/\[([^\][]+)\]\((https?:\/\/[^()[\]\s]+)\)/g, (_, text: string, url: string) => (text === url ? url : `${text} (${url})`))
    .replace(/\[([^\][]+)\]\([^()[\]]*\)/g, "$1")
    .replace(/<(https?:\/\/[^<>\s]+)>/g, "$1")
    .replace(/<(\d{4}-\d{2}-\d{2}[^<>]*)>/g, "$1")
    .replace(/<br\s*\/?>/gi, " ")
    .replace(/(`[^`]*`)|<\/?[a-z][^<>]*>/gi, (_, code: string | undefined) => code ?? "")
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/(^|[\s(（「“"])[*_](?=\S)([^*_\n]*?\S)[*_](?=$|[\s).,;:!?）」”"，。])/gu, "$1$2")
    .replace(/^\s*\[[ xX>\-/!?<*]\]\s+/, "")
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
      "[>] ",
      "[[",
      "]]",
      "|",
      "#",
      "#tag",
      "::",
      "==",
      "%%",
      "{{",
      "}}",
      "embed ",
      "((65e8a1b2-0000))",
      "[^1]",
      "/",
      "<2026-03-02 Mon>",
      "<br>",
    ),
    { maxLength: 25 },
  )
  .map((list) => list.join(""));

describe("plainText", () => {
  it.each([
    ["Paired with [[Priya]] on [[Projects/Billing Export|the export]].", "Paired with Priya on the export."],
    ["See [[2025-03-03#Tasks]] and [[#Notes]]; ![[chart.png]]", "See 2025-03-03 and Notes; chart.png"],
    ["Merged PR #482 after review, in C#. #billing #work/q1", "Merged PR #482 after review, in C#."],
    ["Book flights for the #travel offsite", "Book flights for the travel offsite"],
    ["#[[weekly review]] prep", "weekly review prep"],
    ["Retro collapsed:: true", "Retro"],
    ["DONE Write the post-mortem id:: 65e8a1b2-0000-4000-8000-000000000001", "DONE Write the post-mortem"],
    ["project:: [[Billing Export]] and `std::vector` stay", "project: Billing Export and `std::vector` stay"],
    ["((65e8a1b2-0000-4000-8000-000000000001)) {{embed [[Billing Export]]}} {{query (todo now)}}", "Billing Export"],
    ["Priya reads PRs at 9:00.[^1] %% private note %%", "Priya reads PRs at 9:00."],
    ["[^why]: See the TypeScript issue", "See the TypeScript issue"],
    ["This is ==important==, but `a==b==c` is code", "This is important, but `a==b==c` is code"],
    ["[>] Moved to Friday", "Moved to Friday"],
    ["[-] Cancelled the vendor call", "Cancelled the vendor call"],
    ["TODO Ask Sam SCHEDULED: <2025-03-07 Fri>", "TODO Ask Sam SCHEDULED: 2025-03-07 Fri"],
    ["Press <kbd>Ctrl</kbd>+<kbd>C</kbd> to stop.<br>Then rerun.", "Press Ctrl+C to stop. Then rerun."],
  ])("reads Obsidian and Logseq markup, and HTML line breaks, as the text it shows: %s", (markdown, text) => {
    expect(plainText(markdown)).toBe(text);
  });

  it("reads text without markup as every rule would", () => {
    fc.assert(
      fc.property(markdown, (text) => {
        expect(plainText(text)).toBe(plainTextInFull(text));
      }),
      { numRuns: 5000 },
    );
  });
});
