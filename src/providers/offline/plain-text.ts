const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\u3000-\u303f\uff00-\uffef]/u;

// Each rule of plainText, with the characters it cannot match without: most statements hold little
// markup (a bold label, a code span), and a rule whose characters are missing would scan them in vain.
// A rule is asked about the text as the rules before it left it. No part of a rule runs past the
// character that would start the next link or tag (`[`, `(`, `<`): a line of a thousand unclosed
// `[a](` would otherwise be rescanned from each of them, at the square of its length.
const RULES: [needs: readonly string[], apply: (text: string) => string][] = [
  // Obsidian and Logseq: `{{embed [[Page]]}}` shows the page, Logseq's other macros nothing; `![[embed]]`, `[[Page|shown]]`
  // and `#[[tag]]` show the name; `((block ref))`, a footnote's `[^1]` and a `%%comment%%` show nothing. These rules
  // read only the text outside code spans (`${{ secrets.X }}`, `a==b`, `[^a]` in code are shown as written), and each
  // of their patterns stops at the next opening delimiter, so a line of a thousand unclosed ones is read once.
  [["{{"], outsideCode((text) => text.replace(MACRO, (_, macro: string, args: string) => (/^(?:embed|cloze)$/i.test(macro) ? args : "")))],
  [["[["], outsideCode((text) => text.replace(WIKILINK, wikiLink))],
  [["(("], outsideCode((text) => text.replace(/\(\([0-9a-f-]{8,}\)\)/gi, ""))],
  [["[^"], outsideCode((text, first) => (first ? text.replace(FOOTNOTE_DEFINITION, "") : text).replace(FOOTNOTE, ""))],
  [["%%"], outsideCode((text) => text.replace(/(?<![\p{L}\p{N}_%])%%[^%]*%%/gu, ""))],
  // Properties: Logseq's bookkeeping ones (`collapsed:: true`, `id:: …`) show nothing, others (`project:: x`) read as `project: x`.
  [["::"], outsideCode((text) => text.replace(BOOKKEEPING_PROPERTY, "").replace(/(?<=[\p{L}\p{N}_-])::(?=\s|$)/gu, ":"))],
  // `==highlight==` around text without `=`; `status==200` and `a == b` are operators.
  [["=="], outsideCode((text) => text.replace(/(?<![\p{L}\p{N}_=])==(?=[^\s=])([^=]*?[^\s=])==(?![\p{L}\p{N}_=])/gu, "$1"))],
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

/** Logseq's own bookkeeping properties (`collapsed:: true`, `id:: 65e8…`): they say nothing of the day. */
export const BOOKKEEPING_NAMES = String.raw`(?:id|collapsed|heading|background-color|created-at|updated-at|card-[\w-]+|logseq\.[\w.-]+)`;
const BOOKKEEPING_PROPERTY = new RegExp(String.raw`(?:^|\s)${BOOKKEEPING_NAMES}::(?:\s+\S+)?`, "g");
// Logseq's macros (`{{query (todo now)}}`, `{{renderer :todomaster}}`); any other `{{…}}` is a template or an
// expression (`{{ user.name }}`) and stays. The name is a fixed word: `{{aaaa…` is not split two ways.
const MACRO =
  /\{\{\s*(embed|query|renderer|video|youtube|youtube-timestamp|tweet|twitter|vimeo|bilibili|pdf|cloze|namespace|function|zotero-imported-file|zotero-linked-file|contents|tutorial|draw|iframe|children|cards)(?![\w-])([^{}]*)\}\}/gi;
const WIKILINK = /(?<=(.?))!?#?\[\[([^[\]|]*)(?:\|([^[\]]*))?\]\]/gsu;
// A footnote's mark ends a word (`9:00.[^1]`, `ship it[^why]`): a number or a word of two letters or more, so a
// regex's `a[^b]` or `[^abc]` after a space stays.
const FOOTNOTE = /(?<=[\p{L}\p{N}.,;:!?)\]"”’'])\[\^(?:\d{1,4}|\p{L}[\p{L}\p{N}_-]{1,23})\](?=$|[\s.,;:!?)"”’'[])/gu;
const FOOTNOTE_DEFINITION = /^\s*\[\^[\p{L}\p{N}_-]{1,24}\]:\s*/u;
// A tag starts with a letter (`#482` is an issue, `C#` a language) and keeps its word; a colour (`#ffcc00`) stays as written.
// A run of tags after the last sentence's full stop (`… in C#. #billing #work/q1`) files the line, and goes.
const TAG = /(?<![^\s(（])#([\p{L}_][\p{L}\p{N}_/-]*)/gu;
const TRAILING_TAG = /^#[\p{L}_][\p{L}\p{N}_/-]*$/u;
const HEX_COLOUR = /^(?:[0-9a-f]{6}|[0-9a-f]{8}|(?=[a-f]*\d)[0-9a-f]{3,4})$/i;

// A rule applied to the text between code spans, never inside one; `first` and `last` say the part starts or ends the text.
function outsideCode(apply: (text: string, first: boolean, last: boolean) => string): (text: string) => string {
  return (text) => {
    if (!text.includes("`")) return apply(text, true, true);
    const parts = text.split(/(`[^`]*`)/);
    return parts.map((part, i) => (i % 2 === 1 ? part : apply(part, i === 0, i === parts.length - 1))).join("");
  };
}

function wikiLink(match: string, before: string, target: string, shown: string | undefined): string {
  // `[[0]]`, `arr[[i]]` are indexes: a link names something with letters, and is not glued to a word before it.
  if (!/\p{L}/u.test(target) || (/[\p{L}\p{N}_)\]]/u.test(before) && /^[\w.]*$/.test(target) && shown === undefined)) return match;
  return shown ?? shownName(target);
}

function withoutTags(text: string): string {
  return outsideCode((part, _first, end) => {
    // Words at even places, the spaces between at odd ones. Cut from the end word by word: a regex anchored
    // at the end is tried from every space before it. Only the part after the last code span ends the text.
    const words = part.split(/(\s+)/);
    const last = words.at(-1) === "" && words.length > 2 ? words.length - 3 : words.length - 1;
    let kept = last;
    while (end && kept >= 2 && TRAILING_TAG.test(words[kept]!)) kept -= 2;
    if (kept < last && /[.!?。！？]$/u.test(words[kept]!)) words.splice(kept + 1, last - kept);
    return words.join("").replace(TAG, (tag: string, name: string) => (HEX_COLOUR.test(name) ? tag : name));
  })(text);
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
