const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u3000-\u303f\uff00-\uffef]/u;

// Each rule of plainText, with the characters it cannot match without: most statements hold little
// markup (a bold label, a code span), and a rule whose characters are missing would scan them in vain.
// A rule is asked about the text as the rules before it left it. No part of a rule runs past the
// character that would start the next link or tag (`[`, `(`, `<`): a line of a thousand unclosed
// `[a](` would otherwise be rescanned from each of them, at the square of its length.
const RULES: [needs: readonly string[], apply: (text: string) => string][] = [
  // Obsidian and Logseq: `{{embed [[Page]]}}` shows the page, another macro nothing; `![[embed]]`, `[[Page|shown]]`
  // and `#[[tag]]` show the name; `((block ref))`, a footnote's `[^1]` and a `%%comment%%` show nothing.
  [["{{"], (text) => text.replace(/\{\{\s*(\w+)([^{}]*)\}\}/g, (_, macro: string, args: string) => (macro.toLowerCase() === "embed" ? args : ""))],
  [["[["], (text) => text.replace(/!?#?\[\[([^[\]|]*)(?:\|([^[\]]*))?\]\]/g, (_, target: string, shown: string | undefined) => shown ?? shownName(target))],
  [["(("], (text) => text.replace(/\(\([0-9a-f-]{8,}\)\)/gi, "")],
  [["[^"], (text) => text.replace(/^\s*\[\^[^\]\s]+\]:\s*/, "").replace(/\[\^[^\]\s]+\]/g, "")],
  [["%%"], (text) => text.replace(/%%[^%]*%%/g, "")],
  // Properties: Logseq's bookkeeping ones (`collapsed:: true`, `id:: …`) show nothing, others (`project:: x`) read as `project: x`.
  [["::"], (text) => text.replace(BOOKKEEPING_PROPERTY, "").replace(/(`[^`]*`)|(?<=[\p{L}\p{N}_-])::(?=\s|$)/gu, (_, code: string | undefined) => code ?? ":")],
  [
    ["=="],
    (text) => text.replace(/(`[^`]*`)|==(?=[^\s=])([^=`]*?[^\s=])==/g, (_, code: string | undefined, marked: string | undefined) => code ?? marked ?? ""),
  ],
  [["#"], withoutTags],
  [["!["], (text) => text.replace(/!\[([^\][]*)\]\([^()[\]]*\)/g, "$1")],
  [
    ["]("],
    (text) => text.replace(/\[([^\][]+)\]\((https?:\/\/[^()[\]\s]+)\)/g, (_, label: string, url: string) => (label === url ? url : `${label} (${url})`)),
  ],
  [["]("], (text) => text.replace(/\[([^\][]+)\]\([^()[\]]*\)/g, "$1")],
  [["<"], (text) => text.replace(/<(https?:\/\/[^<>\s]+)>/g, "$1")],
  // Logseq's and Org's dates: `SCHEDULED: <2025-03-07 Fri>`.
  [["<"], (text) => text.replace(/<(\d{4}-\d{2}-\d{2}[^<>]*)>/g, "$1")],
  // A line break between two sentences leaves a space.
  [["<"], (text) => text.replace(/<br\s*\/?>/gi, " ")],
  // Code spans are matched only to be kept as they are, so tags inside them stay: without a tag, nothing changes.
  [["<"], (text) => text.replace(/(`[^`]*`)|<\/?[a-z][^<>]*>/gi, (_, code: string | undefined) => code ?? "")],
  [["**", "__"], (text) => text.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "$2")],
  [["*", "_"], (text) => text.replace(/(^|[\s(（「“"])[*_](?=\S)([^*_\n]*?\S)[*_](?=$|[\s).,;:!?）」”"，。])/gu, "$1$2")],
  // A task's box, done or not, and Obsidian's other states: moved `[>]`, cancelled `[-]`, begun `[/]`, `[!]`, `[?]`.
  [["["], (text) => text.replace(/^\s*\[[ xX>\-/!?<*]\]\s+/, "")],
];

const BOOKKEEPING_PROPERTY = /(?:^|\s)(?:id|collapsed|heading|background-color|created-at|updated-at|card-[\w-]+|logseq\.[\w.-]+)::(?:\s+\S+)?/g;
// A tag starts with a letter (`#482` is an issue, `C#` a language); a tag's words stay, a run of them ending the text goes.
const TAG = /(`[^`]*`)|(?<![^\s(（])#([\p{L}_][\p{L}\p{N}_/-]*)/gu;
const TRAILING_TAG = /^#[\p{L}_][\p{L}\p{N}_/-]*$/u;

function withoutTags(text: string): string {
  // Words at even places, the spaces between at odd ones. Cut from the end word by word: a regex anchored
  // at the end is tried from every space before it.
  const words = text.split(/(\s+)/);
  const last = words.at(-1) === "" && words.length > 2 ? words.length - 3 : words.length - 1;
  let kept = last;
  while (kept >= 2 && TRAILING_TAG.test(words[kept]!)) kept -= 2;
  words.splice(kept + 1, last - kept);
  return words.join("").replace(TAG, (_, code: string | undefined, tag: string | undefined) => code ?? tag ?? "");
}

// `[[Projects/Billing Export#Plan]]` shows as `Billing Export`; `[[#Plan]]` as `Plan`.
function shownName(target: string): string {
  const [page = "", section = ""] = target.split("#");
  const name = (page.split("/").at(-1) ?? "").replace(/\.md$/i, "").trim();
  return name || section.replace(/^\^/, "").trim();
}

/** Inline markdown read as plain text: links, emphasis, images and tags gone; code spans kept. */
export function plainText(markdown: string): string {
  let text = markdown;
  for (const [needs, apply] of RULES) if (needs.some((chars) => text.includes(chars))) text = apply(text);
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Wrapped lines joined into one: a space between two lines, none between two
 * characters of a script written without spaces; empty lines add nothing.
 * Kept as parts until read: a joined string is flattened each time its last
 * character is looked at, which costs the square of a paragraph's length.
 */
export class WrappedText {
  private readonly parts: string[] = [];
  private last = "";

  add(line: string): void {
    if (!line) return;
    if (this.parts.length > 0 && !(CJK.test(this.last) && CJK.test(line.charAt(0)))) this.parts.push(" ");
    this.parts.push(line);
    this.last = line.charAt(line.length - 1);
  }

  toString(): string {
    return this.parts.join("");
  }
}

const SENTENCE_END = /(?<=[.!?])\s+(?=["“(\p{Lu}\d\p{Script=Han}])|(?<=[。！？])\s*/gu;

/**
 * Sentences of a line: after `.`, `!` or `?` and a space before a capital,
 * digit or quote; after `。！？` always; never inside a quotation.
 */
export function sentences(line: string): string[] {
  const out: string[] = [];
  let start = 0;
  let counted = 0;
  let straight = 0;
  let open = 0;
  for (const match of line.matchAll(SENTENCE_END)) {
    // Quotes are counted once, from where the last count stopped: linear in the line.
    for (; counted < match.index; counted++) {
      const char = line[counted]!;
      if (char === '"') straight++;
      else if (char === "“" || char === "「" || char === "『") open++;
      else if ((char === "”" || char === "」" || char === "』") && open > 0) open--;
    }
    if (straight % 2 === 1 || open > 0) continue;
    const sentence = line.slice(start, match.index).trim();
    if (sentence) out.push(sentence);
    start = match.index + match[0].length;
  }
  const rest = line.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

/** Clauses of a sentence, the places a long sentence may end early and still read whole. */
export function clauses(sentence: string): string[] {
  return sentence
    .split(/(?<=[;；])\s*|\s+[—–]\s+|(?<=，)|(?<=、)/u)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The text ends like a sentence: a full stop or a closing script mark, else one is added. */
export function withStop(text: string): string {
  if (/[.!?。！？…][)）」』"”]?$/u.test(text)) return text;
  if (CJK.test(text.slice(-1))) return text;
  return `${text.replace(/[,;:，；：\s]+$/u, "")}.`;
}
