import { BoundedCache } from "../../../text/bounded-cache.js";
import { isStopWord } from "../../../text/tokenize.js";
import { CUE_TABLES } from "./all-cue-tables.js";
import { compileCues } from "./compile-cues.js";
import { anchorWords, needsNonAscii } from "./cue-anchors.js";
import type { HeadingKind } from "./cue-table.js";
import { readWords } from "./read-words.js";

// Order breaks ties between heading words found at the same place.
const HEADING_KINDS: readonly HeadingKind[] = ["decision", "lesson", "blocker", "preference", "routine", "state", "reference", "outcome", "generic"];

const ROUTINE_ALL = compileCues(CUE_TABLES, (t) => t.cues.routine);
const ROUTINE_GLOBAL = new RegExp(ROUTINE_ALL.source, "giu");
const HEADINGS = Object.fromEntries(HEADING_KINDS.map((kind) => [kind, compileCues(CUE_TABLES, (t) => t.headings[kind])])) as Record<HeadingKind, RegExp>;
const ALL_HEADING_WORDS = new RegExp(HEADING_KINDS.map((kind) => HEADINGS[kind].source).join("|"), "giu");
const NAMING_KINDS = HEADING_KINDS.filter((kind) => kind !== "generic");
const EARLIEST_HEADING_WORD = new RegExp(NAMING_KINDS.map((kind) => `(?:${HEADINGS[kind].source})`).join("|"), "iu");
const HEADING_AT = Object.fromEntries(HEADING_KINDS.map((kind) => [kind, new RegExp(HEADINGS[kind].source, "iuy")])) as Record<HeadingKind, RegExp>;

const METADATA = new RegExp(`^(?:${compileCues(CUE_TABLES, (t) => t.metadata).source})$`, "iu");
const WHY = compileCues(CUE_TABLES, (t) => t.why);

// Most titles hold no section word at all. A title whose words are all in ASCII is told which kinds
// it may name from its words (see cue-anchors): a kind whose words it lacks, whose other words are
// not found and whose Chinese, Japanese and Thai words cannot be there, is not looked for.
const HEADING_BIT = Object.fromEntries(HEADING_KINDS.map((kind, i) => [kind, 1 << i])) as Record<HeadingKind, number>;
const EVERY_KIND = (1 << HEADING_KINDS.length) - 1;
/** Each word of the heading patterns, with the kinds whose patterns hold it, as bits. */
const KINDS_OF_WORD = new Map<string, number>();
/** Each kind's words that hold no word of their own (`accomplish\w*`), as a pattern. */
const UNANCHORED: [bit: number, pattern: RegExp][] = [];
/** The kinds with Chinese, Japanese or Thai words, as bits. */
const OUTSIDE_ASCII = HEADING_KINDS.filter((kind) => CUE_TABLES.some((table) => table.unspaced && table.headings[kind].some(needsNonAscii))).reduce(
  (bits, kind) => bits | HEADING_BIT[kind],
  0,
);
for (const kind of HEADING_KINDS) {
  const bit = HEADING_BIT[kind];
  const unanchored = (word: string, unspaced: boolean) => (unspaced ? !needsNonAscii(word) : anchorWords(word) === undefined);
  for (const table of CUE_TABLES) {
    if (table.unspaced) continue;
    for (const word of table.headings[kind]) for (const anchor of anchorWords(word) ?? []) KINDS_OF_WORD.set(anchor, (KINDS_OF_WORD.get(anchor) ?? 0) | bit);
  }
  if (CUE_TABLES.some((table) => table.headings[kind].some((word) => unanchored(word, table.unspaced)))) {
    UNANCHORED.push([bit, compileCues(CUE_TABLES, (table) => table.headings[kind].filter((word) => unanchored(word, table.unspaced)))]);
  }
}

// The kinds a title may name, as bits; every kind when its words are not all in ASCII.
function mayName(title: string): number {
  const { asciiWords, outsideAscii, words } = readWords(title);
  if (!asciiWords) return EVERY_KIND;
  let kinds = outsideAscii ? OUTSIDE_ASCII : 0;
  for (const word of words) kinds |= KINDS_OF_WORD.get(word) ?? 0;
  for (const [bit, pattern] of UNANCHORED) if ((kinds & bit) === 0 && pattern.test(title)) kinds |= bit;
  return kinds;
}

// A week asks what the same few titles and labels are (a section's title for each of its units, for
// its bullet and for naming its memory), and the same titles come back week after week: each answer is kept.
const TITLE_MEMO_LIMIT = 5_000;
const NONE = "none";
const headingKinds = new BoundedCache<HeadingKind | typeof NONE>(TITLE_MEMO_LIMIT);
const genericTitles = new BoundedCache<boolean>(TITLE_MEMO_LIMIT);

/** The text with its routine phrases taken out: `no new disconnects` leaves nothing to weigh. */
export function withoutRoutine(text: string): string {
  return text.replace(ROUTINE_GLOBAL, " ");
}

/** What a heading or field label names: its earliest section word, the longer one where two start together. */
export function headingKind(title: string): HeadingKind | undefined {
  const known = headingKinds.get(title);
  if (known !== undefined) return known === NONE ? undefined : known;
  const kind = findHeadingKind(title);
  headingKinds.set(title, kind ?? NONE);
  return kind;
}

// One pass finds where the earliest section word starts; only the kinds that match right there are
// compared, each asked at that place alone. A generic word counts only when no other kind's is found.
function findHeadingKind(title: string): HeadingKind | undefined {
  const possible = mayName(title);
  const first = (possible & ~HEADING_BIT.generic) !== 0 ? EARLIEST_HEADING_WORD.exec(title) : null;
  if (!first) return (possible & HEADING_BIT.generic) !== 0 && HEADINGS.generic.test(title) ? "generic" : undefined;
  let best: HeadingKind | undefined;
  let bestLength = 0;
  for (const kind of NAMING_KINDS) {
    if ((possible & HEADING_BIT[kind]) === 0) continue;
    const at = HEADING_AT[kind];
    at.lastIndex = first.index;
    const match = at.exec(title);
    if (match && match[0].length > bestLength) {
      best = kind;
      bestLength = match[0].length;
    }
  }
  return best;
}

/** A heading made only of section words, dates and numbers (`Key Decisions`, `今日成果`): it names no topic. */
export function isGenericTitle(title: string): boolean {
  let generic = genericTitles.get(title);
  if (generic === undefined) {
    // A title that may name no kind holds no section word to take out.
    const rest = (mayName(title) !== 0 ? title.replace(ALL_HEADING_WORDS, " ") : title).replace(/[^\p{L}]+/gu, " ").trim();
    generic = rest.split(/\s+/).filter((word) => (word.length > 1 || /\p{Script=Han}/u.test(word)) && !isStopWord(word.toLowerCase())).length === 0;
    genericTitles.set(title, generic);
  }
  return generic;
}

/** A field label whose value is bookkeeping (author, model, time), not content. */
export function isMetadataLabel(label: string): boolean {
  return METADATA.test(label.trim());
}

/** Where the reason in a text starts (`because …`), or -1. */
export function reasonStart(text: string): number {
  return WHY.exec(text)?.index ?? -1;
}
