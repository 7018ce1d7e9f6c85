import { BoundedCache } from "../../../text/bounded-cache.js";
import { CUE_TABLES } from "./all-cue-tables.js";
import { CUE_KINDS, CUE_SYMBOLS, compileCues, EMPHASIS_SYMBOLS } from "./compile-cues.js";
import { anchorWords, needsNonAscii } from "./cue-anchors.js";
import type { CueKind, CueTable } from "./cue-table.js";
import { maySpanLines } from "./may-span-lines.js";
import { readWords } from "./read-words.js";

// A text's cues are its lines' cues, but for those that may match across a line break (`decision\s*:`):
// they are asked of the whole text. Weighing a unit, setting routine aside and writing its bullet ask
// about the same statements again and again, alone and as lines of their unit (a week asks about each
// line about three times), and many come back week after week: each line's answers are kept, as bits
// per kind, for the lines asked about last. Emphasis (of a unit's title and text), reasons and rules
// (of its sentences) are asked the same way.
// The offline model's memos (these lines, statement terms, repetition keys, titles) were halved together:
// a ten-year backfill about 4% slower, 24 MiB lower at its peak.
const MEMO_LIMIT = 10_000;
const LONGEST_KEPT = 500;
type Asked = CueKind | "emphasis" | "why" | "rule";
const ASKED: readonly Asked[] = [...CUE_KINDS, "emphasis", "why", "rule"];
const wordsOf = (table: CueTable, kind: Asked): readonly string[] =>
  kind === "emphasis" || kind === "why" || kind === "rule" ? table[kind] : table.cues[kind];
const symbolsOf = (kind: Asked): readonly string[] =>
  kind === "emphasis" ? EMPHASIS_SYMBOLS : kind === "why" || kind === "rule" ? [] : (CUE_SYMBOLS[kind] ?? []);
const BIT = Object.fromEntries(ASKED.map((kind, i) => [kind, 1 << i])) as Record<Asked, number>;

// The cues of a kind that pass a test, as one pattern; none when no cue passes (a pattern that never
// matches still tries every place).
function patternOf(kind: Asked, keep: (cue: string, unspaced: boolean) => boolean): RegExp | undefined {
  const cuesOf = (table: CueTable) => wordsOf(table, kind).filter((cue) => keep(cue, table.unspaced));
  const symbols = symbolsOf(kind).filter((cue) => keep(cue, true));
  if (symbols.length === 0 && CUE_TABLES.every((table) => cuesOf(table).length === 0)) return undefined;
  return compileCues(CUE_TABLES, cuesOf, symbols);
}

// Most lines are words in ASCII (punctuation and symbols aside), and most cues are phrases with a
// word of their own (`chosen` in `(?:we|I)(?:'ve| have)? chosen`): in a text whose words are all in
// ASCII, a kind's cues are asked in three parts, the anchored ones only when the text holds one of
// their words, the Chinese, Japanese and Thai ones and the symbols only when it holds a character
// outside ASCII. Any other text is asked the kind's whole pattern.
interface CueParts {
  whole: RegExp | undefined;
  anchored: RegExp | undefined;
  unanchored: RegExp | undefined;
  outsideAscii: RegExp | undefined;
}

const anchors = new Map<string, string[] | undefined>();
const anchorsOf = (cue: string) => {
  if (!anchors.has(cue)) anchors.set(cue, anchorWords(cue));
  return anchors.get(cue);
};

function partsOf(kind: Asked, spanning: boolean): CueParts {
  const sort = (cue: string) => maySpanLines(cue) === spanning;
  return {
    whole: patternOf(kind, sort),
    anchored: patternOf(kind, (cue, unspaced) => sort(cue) && !unspaced && anchorsOf(cue) !== undefined),
    unanchored: patternOf(kind, (cue, unspaced) => sort(cue) && (unspaced ? !needsNonAscii(cue) : anchorsOf(cue) === undefined)),
    outsideAscii: patternOf(kind, (cue, unspaced) => sort(cue) && unspaced && needsNonAscii(cue)),
  };
}

const LINE_CUES = Object.fromEntries(ASKED.map((kind) => [kind, partsOf(kind, false)])) as Record<Asked, CueParts>;
const SPANNING_CUES = Object.fromEntries(ASKED.map((kind) => [kind, partsOf(kind, true)])) as Record<Asked, CueParts>;
// A kind's bit among the kinds whose spanning cues a text may hold is its bit shifted past every kind's.
const SPANNING = ASKED.length;

/** Each anchor word, with the kinds whose anchored cues hold it, as bits (spanning cues' kinds shifted by SPANNING). */
const KINDS_OF_WORD = new Map<string, number>();
for (const kind of ASKED) {
  for (const table of CUE_TABLES) {
    if (table.unspaced) continue;
    for (const cue of wordsOf(table, kind)) {
      const bit = maySpanLines(cue) ? BIT[kind] << SPANNING : BIT[kind];
      for (const word of anchorsOf(cue) ?? []) KINDS_OF_WORD.set(word, (KINDS_OF_WORD.get(word) ?? 0) | bit);
    }
  }
}

/** What decides which of a kind's cues a text may hold. */
interface TextFacts {
  /** Its words are all in ASCII. */
  asciiWords: boolean;
  /** With ASCII words: the kinds whose anchored cues it may hold, as bits. */
  anchored: number;
  /** It holds a character outside ASCII. */
  outsideAscii: boolean;
}

/** What is known of a line: the kinds asked, and of those, the ones its line cues and its spanning cues find. */
interface LineCues extends TextFacts {
  asked: number;
  line: number;
  spanning: number;
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
  const facts = factsOfLines(known);
  for (const kind of CUE_KINDS) {
    const bit = BIT[kind];
    if (known.some((line, i) => (ask(line, lines[i]!, kind).line & bit) !== 0) || holdsSome(SPANNING_CUES[kind], text, facts, bit << SPANNING)) found.add(kind);
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

/**
 * The text `${head}\n${statements.join(" ")}` flags itself as important, as isEmphasised says. Scoring
 * asks it of every unit's whole text, made of statements already read: their words are the words of
 * the joined text (a space or line break ends a word), so that text is not read for words again.
 */
export function isEmphasisedWith(head: string, statements: readonly string[]): boolean {
  const text = statements.join(" ");
  if (SPANNING_CUES.emphasis.whole) return isEmphasised(`${head}\n${text}`);
  // Without cues that may span lines, the whole is emphasised where its head or its statements are.
  if (isEmphasised(head)) return true;
  const facts = factsOfLines(statements.map((statement) => (statement.includes("\n") ? readFacts(statement) : cuesOfLine(statement))));
  return holdsSome(LINE_CUES.emphasis, text, facts, BIT.emphasis);
}

/** The text gives a reason. */
export function givesReason(text: string): boolean {
  return holds(text, "why");
}

/** The text states a standing rule. */
export function statesRule(text: string): boolean {
  return holds(text, "rule");
}

function holds(text: string, kind: Asked): boolean {
  const bit = BIT[kind];
  if (!text.includes("\n")) {
    const known = ask(cuesOfLine(text), text, kind);
    return ((known.line | known.spanning) & bit) !== 0;
  }
  const lines = text.split("\n");
  const known = lines.map(cuesOfLine);
  return known.some((line, i) => (ask(line, lines[i]!, kind).line & bit) !== 0) || holdsSome(SPANNING_CUES[kind], text, factsOfLines(known), bit << SPANNING);
}

function cuesOfLine(line: string): LineCues {
  if (lastCues && line === lastLine) return lastCues;
  // A long line (a unit's whole text, asked for emphasis) seldom comes back: it is read, not kept.
  let known = line.length <= LONGEST_KEPT ? memo.get(line) : undefined;
  if (!known) {
    known = readLine(line);
    if (line.length <= LONGEST_KEPT) memo.set(line, known);
  }
  lastLine = line;
  lastCues = known;
  return known;
}

function readLine(line: string): LineCues {
  return { asked: 0, line: 0, spanning: 0, ...readFacts(line) };
}

function readFacts(text: string): TextFacts {
  const { asciiWords, outsideAscii, words } = readWords(text);
  let anchored = 0;
  for (const word of words) anchored |= KINDS_OF_WORD.get(word) ?? 0;
  return { asciiWords, anchored, outsideAscii };
}

// A text's words are its lines' words: no word spans a line break.
function factsOfLines(lines: readonly TextFacts[]): TextFacts {
  const facts: TextFacts = { asciiWords: true, anchored: 0, outsideAscii: false };
  for (const line of lines) {
    facts.asciiWords &&= line.asciiWords;
    facts.anchored |= line.anchored;
    facts.outsideAscii ||= line.outsideAscii;
  }
  return facts;
}

// Matches a kind's patterns against the line the first time the kind is asked.
function ask(known: LineCues, line: string, kind: Asked): LineCues {
  const bit = BIT[kind];
  if ((known.asked & bit) !== 0) return known;
  known.asked |= bit;
  if (holdsSome(LINE_CUES[kind], line, known, bit)) known.line |= bit;
  if (holdsSome(SPANNING_CUES[kind], line, known, bit << SPANNING)) known.spanning |= bit;
  return known;
}

// `bit` is the kind's bit among the anchored kinds of the facts.
function holdsSome(parts: CueParts, text: string, facts: TextFacts, bit: number): boolean {
  if (!facts.asciiWords) return parts.whole?.test(text) === true;
  if ((facts.anchored & bit) !== 0 && parts.anchored?.test(text)) return true;
  if (parts.unanchored?.test(text)) return true;
  return facts.outsideAscii && parts.outsideAscii?.test(text) === true;
}
