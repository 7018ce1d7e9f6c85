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
  // Obsidian's and Logseq's markup is read only outside code spans.
  const parts = markdown.split(/(`[^`]*`)/);
  const noteApps = (part: string, first: boolean, end: boolean) => {
    const linked = part
      .replace(
        /\{\{\s*(embed|query|renderer|video|youtube|youtube-timestamp|tweet|twitter|vimeo|bilibili|pdf|cloze|namespace|function|zotero-imported-file|zotero-linked-file|contents|tutorial|draw|iframe|children|cards)(?![\w-])([^{}]*)\}\}/gi,
        (_, macro: string, args: string) => (/^(?:embed|cloze)$/i.test(macro) ? args : ""),
      )
      .replace(/(?<=(.?))!?#?\[\[([^[\]|]*)(?:\|([^[\]]*))?\]\]/gsu, (match, before: string, target: string, shown: string | undefined) =>
        !/\p{L}/u.test(target) || (/[\p{L}\p{N}_)\]]/u.test(before) && /^[\w.]*$/.test(target) && shown === undefined) ? match : (shown ?? shownName(target)),
      )
      .replace(/\(\([0-9a-f-]{8,}\)\)/gi, "");
    // A footnote's definition is looked for in the text the rules before it left (a macro before it gone).
    const words = (first ? linked.replace(/^\s*\[\^[\p{L}\p{N}_-]{1,24}\]:\s*/u, "") : linked)
      .replace(/(?<=[\p{L}\p{N}.,;:!?)\]"”’'])\[\^(?:\d{1,4}|\p{L}[\p{L}\p{N}_-]{1,23})\](?=$|[\s.,;:!?)"”’'[])/gu, "")
      .replace(/(?<![\p{L}\p{N}_%])%%[^%]*%%/gu, "")
      .replace(/(?:^|\s)(?:id|collapsed|heading|background-color|created-at|updated-at|card-[\w-]+|logseq\.[\w.-]+)::(?:\s+\S+)?/g, "")
      .replace(/(?<=[\p{L}\p{N}_-])::(?=\s|$)/gu, ":")
      .replace(/(?<![\p{L}\p{N}_=])==(?=[^\s=])([^=]*?[^\s=])==(?![\p{L}\p{N}_=])/gu, "$1")
      .split(/(\s+)/);
    const last = words.at(-1) === "" && words.length > 2 ? words.length - 3 : words.length - 1;
    let kept = last;
    while (end && kept >= 2 && /^#[\p{L}_][\p{L}\p{N}_/-]*$/u.test(words[kept]!)) kept -= 2;
    if (kept < last && /[.!?。！？]$/u.test(words[kept]!)) words.splice(kept + 1, last - kept);
    return words
      .join("")
      .replace(/(?<![^\s(（])#([\p{L}_][\p{L}\p{N}_/-]*)/gu, (tag: string, name: string) =>
        /^(?:[0-9a-f]{6}|[0-9a-f]{8}|(?=[a-f]*\d)[0-9a-f]{3,4})$/i.test(name) ? tag : name,
      );
  };
  return parts
    .map((part, i) => (i % 2 === 1 ? part : noteApps(part, i === 0, i === parts.length - 1)))
    .join("")
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
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub Actions expression, not a template
      "`${{ x }}`",
      "==200",
      "90%%",
      "#ffcc00",
      "#123",
      "[[0]]",
      "a[^b]",
      "{{ user.name }}",
      "{{query x}}",
      ".",
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

  const workflow = `Decided to set \`$\{{ secrets.NPM_TOKEN }}\` in the release workflow`;
  it.each([
    [workflow, workflow],
    ["Kept `[[0]]`, `a[^b]`, `%%x%%`, `#tag` and `==x==` in code", "Kept `[[0]]`, `a[^b]`, `%%x%%`, `#tag` and `==x==` in code"],
    ["Retried until status==200 instead of status==201", "Retried until status==200 instead of status==201"],
    ["Disk usage 90%% then 95%% after logrotate", "Disk usage 90%% then 95%% after logrotate"],
    ["Discussed the outage in #eng-infra", "Discussed the outage in eng-infra"],
    ["Changed the brand color to #ffcc00", "Changed the brand color to #ffcc00"],
    ["Closed #123 and #fff0 but kept #0af", "Closed #123 and #fff0 but kept #0af"],
    ["Fixed the {{ user.name }} rendering bug", "Fixed the {{ user.name }} rendering bug"],
    ["Read arr[[0]] and m[[i]] before the loop", "Read arr[[0]] and m[[i]] before the loop"],
    ["Use a[^b] regex, or [^abc]+", "Use a[^b] regex, or [^abc]+"],
    ["Ship it[^why] and log it.[^2]", "Ship it and log it."],
    ["Tagged the work. #billing `x` #ops. #misc", "Tagged the work. billing `x` ops."],
  ])("leaves what is not markup, and code spans, as written: %s", (markdown, text) => {
    expect(plainText(markdown)).toBe(text);
  });

  // Each took seconds to minutes at the square of its length; read once, they take milliseconds.
  it.each([
    ["{{", `{{${"a".repeat(200_000)}`],
    ["{{query", `{{query ${"a".repeat(200_000)}`],
    ["{{embed {{", "{{embed ".repeat(30_000)],
    ["[^", "[^".repeat(100_000)],
    ["a[^", "a[^".repeat(70_000)],
    ["[[a|", "[[a|".repeat(50_000)],
    ["==a", "==a".repeat(70_000)],
    ["%%a", "%%a".repeat(70_000)],
    ["#a", "#a ".repeat(70_000)],
    ["` {{", "` {{ ".repeat(40_000)],
  ])("reads a hostile line of '%s' in time linear in its length", (_, line) => {
    const started = performance.now();
    plainText(line);
    // Generous for a loaded machine: a rule that rescans the line from each delimiter took minutes.
    expect(performance.now() - started).toBeLessThan(10_000);
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
