import { BoundedCache } from "../../../text/bounded-cache.js";
import { CUE_TABLES } from "./all-cue-tables.js";
import { CUE_KINDS, CUE_SYMBOLS, compileCues, EMPHASIS_SYMBOLS } from "./compile-cues.js";
import { anchorWords, needsNonAscii } from "./cue-anchors.js";
import type { CueKind, CueTable } from "./cue-table.js";
import { maySpanLines } from "./may-span-lines.js";

// A text's cues are its lines' cues, but for those that may match across a line break (`decision\s*:`):
// they are asked of the whole text. Weighing a unit, setting routine aside and writing its bullet ask
// about the same statements again and again, alone and as lines of their unit (a week asks about each
// line about three times), and many come back week after week: each line's answers are kept, as bits
// per kind, for the lines asked about last. Emphasis is asked the same way, of a unit's title and text.
const MEMO_LIMIT = 20_000;
type Asked = CueKind | "emphasis";
const ASKED: readonly Asked[] = [...CUE_KINDS, "emphasis"];
const BIT = Object.fromEntries(ASKED.map((kind, i) => [kind, 1 << i])) as Record<Asked, number>;

// The cues of a kind that pass a test, as one pattern; none when no cue passes (a pattern that never
// matches still tries every place).
function patternOf(kind: Asked, keep: (cue: string, unspaced: boolean) => boolean): RegExp | undefined {
  const cuesOf = (table: CueTable) => (kind === "emphasis" ? table.emphasis : table.cues[kind]).filter((cue) => keep(cue, table.unspaced));
  const symbols = (kind === "emphasis" ? EMPHASIS_SYMBOLS : (CUE_SYMBOLS[kind] ?? [])).filter((cue) => keep(cue, true));
  if (symbols.length === 0 && CUE_TABLES.every((table) => cuesOf(table).length === 0)) return undefined;
  return compileCues(CUE_TABLES, cuesOf, symbols);
}

const patterns = (keep: (cue: string, unspaced: boolean) => boolean) =>
  Object.fromEntries(ASKED.map((kind) => [kind, patternOf(kind, keep)])) as Record<Asked, RegExp | undefined>;
const LINE_CUES = patterns((cue) => !maySpanLines(cue));
const SPANNING_CUES = patterns((cue) => maySpanLines(cue));

// Most lines are words in ASCII (punctuation and symbols aside), and most cues are phrases with a
// word of their own (`chosen` in `(?:we|I)(?:'ve| have)? chosen`): in such a line, a kind's line cues
// are asked in three parts, the anchored ones only when the line holds one of their words, the
// Chinese, Japanese and Thai ones and the symbols only when it holds a character outside ASCII.
const anchors = new Map<string, string[] | undefined>();
const anchorsOf = (cue: string) => {
  if (!anchors.has(cue)) anchors.set(cue, anchorWords(cue));
  return anchors.get(cue);
};
const ANCHORED_CUES = patterns((cue, unspaced) => !maySpanLines(cue) && !unspaced && anchorsOf(cue) !== undefined);
const UNANCHORED_CUES = patterns((cue, unspaced) => !maySpanLines(cue) && (unspaced ? !needsNonAscii(cue) : anchorsOf(cue) === undefined));
const OUTSIDE_ASCII_CUES = patterns((cue, unspaced) => !maySpanLines(cue) && unspaced && needsNonAscii(cue));
/** Each anchor word, with the kinds whose anchored cues hold it, as bits. */
const KINDS_OF_WORD = new Map<string, number>();
for (const kind of ASKED) {
  for (const table of CUE_TABLES) {
    if (table.unspaced) continue;
    for (const cue of kind === "emphasis" ? table.emphasis : table.cues[kind]) {
      if (maySpanLines(cue)) continue;
      for (const word of anchorsOf(cue) ?? []) KINDS_OF_WORD.set(word, (KINDS_OF_WORD.get(word) ?? 0) | BIT[kind]);
    }
  }
}
// A character the cues' word boundary counts as a letter, outside ASCII (ignoring case, as the cues do).
const NON_ASCII_WORD_CHAR = /(?![\x00-\x7f])[\p{L}\p{N}_]/iu;
const ASCII_WORD = /[A-Za-z0-9_]+/g;
const NON_ASCII = /[^\x00-\x7f]/;

/** What is known of a line: the kinds asked, and of those, the ones its line cues and its spanning cues find. */
interface LineCues {
  asked: number;
  line: number;
  spanning: number;
  /** Its words are all in ASCII. */
  asciiWords: boolean;
  /** With ASCII words: the kinds whose anchored cues it may hold, as bits. */
  anchored: number;
  /** It holds a character outside ASCII. */
  outsideAscii: boolean;
}

const memo = new BoundedCache<LineCues>(MEMO_LIMIT);
// The line asked about last: setting routine aside asks up to seven kinds of one line in a row.
let lastLine = "";
let lastCues: LineCues | undefined;

/** The kinds of cue a text holds. */
export function cuesIn(text: string): Set<CueKind> {
  const found = new Set<CueKind>();
  if (!text.includes("\n")) {
    const known = cuesOfLine(text);
    for (const kind of CUE_KINDS) if (((ask(known, text, kind).line | known.spanning) & BIT[kind]) !== 0) found.add(kind);
    return found;
  }
  // A cue that cannot span lines is found in a text exactly where it is found in one of its lines.
  const lines = text.split("\n");
  const known = lines.map(cuesOfLine);
  for (const kind of CUE_KINDS) {
    const bit = BIT[kind];
    if (known.some((line, i) => (ask(line, lines[i]!, kind).line & bit) !== 0) || SPANNING_CUES[kind]?.test(text)) found.add(kind);
  }
  return found;
}

/** True when a text holds a cue of one kind. */
export function hasCue(text: string, kind: CueKind): boolean {
  return holds(text, kind);
}

/** The text flags itself as important. */
export function isEmphasised(text: string): boolean {
  return holds(text, "emphasis");
}

function holds(text: string, kind: Asked): boolean {
  const bit = BIT[kind];
  if (!text.includes("\n")) {
    const known = ask(cuesOfLine(text), text, kind);
    return ((known.line | known.spanning) & bit) !== 0;
  }
  const lines = text.split("\n");
  return lines.some((line) => (ask(cuesOfLine(line), line, kind).line & bit) !== 0) || SPANNING_CUES[kind]?.test(text) === true;
}

function cuesOfLine(line: string): LineCues {
  if (lastCues && line === lastLine) return lastCues;
  let known = memo.get(line);
  if (!known) {
    known = readLine(line);
    memo.set(line, known);
  }
  lastLine = line;
  lastCues = known;
  return known;
}

function readLine(line: string): LineCues {
  const known: LineCues = { asked: 0, line: 0, spanning: 0, asciiWords: !NON_ASCII_WORD_CHAR.test(line), anchored: 0, outsideAscii: NON_ASCII.test(line) };
  if (known.asciiWords) for (const word of line.match(ASCII_WORD) ?? []) known.anchored |= KINDS_OF_WORD.get(word.toLowerCase()) ?? 0;
  return known;
}

// Matches a kind's patterns against the line the first time the kind is asked.
function ask(known: LineCues, line: string, kind: Asked): LineCues {
  const bit = BIT[kind];
  if ((known.asked & bit) !== 0) return known;
  known.asked |= bit;
  if (known.asciiWords ? holdsLineCue(known, line, kind) : LINE_CUES[kind]?.test(line)) known.line |= bit;
  if (SPANNING_CUES[kind]?.test(line)) known.spanning |= bit;
  return known;
}

function holdsLineCue(known: LineCues, line: string, kind: Asked): boolean {
  if ((known.anchored & BIT[kind]) !== 0 && ANCHORED_CUES[kind]!.test(line)) return true;
  if (UNANCHORED_CUES[kind]?.test(line)) return true;
  return known.outsideAscii && OUTSIDE_ASCII_CUES[kind]?.test(line) === true;
}
