import { BoundedCache } from "../../../text/bounded-cache.js";
import { isStopWord } from "../../../text/tokenize.js";
import { CUE_TABLES } from "./all-cue-tables.js";
import type { CueKind, CueTable, HeadingKind } from "./cue-table.js";
import { maySpanLines } from "./may-span-lines.js";

export const CUE_KINDS: readonly CueKind[] = [
  "decision",
  "outcome",
  "resolved",
  "blocker",
  "lesson",
  "correction",
  "mistake",
  "preference",
  "reference",
  "routine",
];
// Order breaks ties between heading words found at the same place.
const HEADING_KINDS: readonly HeadingKind[] = ["decision", "lesson", "blocker", "preference", "routine", "state", "reference", "outcome", "generic"];

// Symbols say the same thing in every language.
const SYMBOLS: Partial<Record<CueKind, string[]>> = { outcome: ["✅", "✔️?"], blocker: ["❌", "⚠️?", "🚧"] };

/** One regular expression over all tables: whole words where words are spaced, anywhere where they are not. */
export function compileCues(tables: readonly CueTable[], pick: (table: CueTable) => string[], extra: string[] = []): RegExp {
  const spaced = tables.filter((t) => !t.unspaced).flatMap(pick);
  const unspaced = [...tables.filter((t) => t.unspaced).flatMap(pick), ...extra];
  const parts: string[] = [];
  if (spaced.length > 0) parts.push(`(?<![\\p{L}\\p{N}_])(?:${spaced.join("|")})(?![\\p{L}\\p{N}_])`);
  if (unspaced.length > 0) parts.push(`(?:${unspaced.join("|")})`);
  return new RegExp(parts.length > 0 ? parts.join("|") : "(?!)", "iu");
}

const ROUTINE_ALL = compileCues(CUE_TABLES, (t) => t.cues.routine);
const ROUTINE_GLOBAL = new RegExp(ROUTINE_ALL.source, "giu");
const HEADINGS = Object.fromEntries(HEADING_KINDS.map((kind) => [kind, compileCues(CUE_TABLES, (t) => t.headings[kind])])) as Record<HeadingKind, RegExp>;
const ALL_HEADING_WORDS = new RegExp(HEADING_KINDS.map((kind) => HEADINGS[kind].source).join("|"), "giu");
const METADATA = new RegExp(`^(?:${compileCues(CUE_TABLES, (t) => t.metadata).source})$`, "iu");
const EMPHASIS = compileCues(CUE_TABLES, (t) => t.emphasis, ["❗", "‼️?"]);
const WHY = compileCues(CUE_TABLES, (t) => t.why);
const RULE = compileCues(CUE_TABLES, (t) => t.rule);

// A text's cues are its lines' cues, but for those that may match across a line break (`decision\s*:`):
// they are asked of the whole text. Weighing a unit, setting routine aside and writing its bullet ask
// about the same statements again and again, alone and as lines of their unit (a week asks about each
// line about three times), and many come back week after week: each line's answers are kept, as bits
// per kind, for the lines asked about last.
// A kind without cues of one sort has no pattern for them: a pattern that never matches still tries every place.
const cuesOf = (kind: CueKind, spanning: boolean): RegExp | undefined => {
  const pick = (cues: readonly string[]) => cues.filter((cue) => maySpanLines(cue) === spanning);
  const extra = pick(SYMBOLS[kind] ?? []);
  if (extra.length === 0 && CUE_TABLES.every((table) => pick(table.cues[kind]).length === 0)) return undefined;
  return compileCues(CUE_TABLES, (table) => pick(table.cues[kind]), extra);
};
const LINE_CUES = Object.fromEntries(CUE_KINDS.map((kind) => [kind, cuesOf(kind, false)])) as Record<CueKind, RegExp | undefined>;
const SPANNING_CUES = Object.fromEntries(CUE_KINDS.map((kind) => [kind, cuesOf(kind, true)])) as Record<CueKind, RegExp | undefined>;
const BIT = Object.fromEntries(CUE_KINDS.map((kind, i) => [kind, 1 << i])) as Record<CueKind, number>;
const MEMO_LIMIT = 20_000;

/** What is known of a line: the kinds asked, and of those, the ones its line cues and its spanning cues find. */
interface LineCues {
  asked: number;
  line: number;
  spanning: number;
}

const memo = new BoundedCache<LineCues>(MEMO_LIMIT);

// A week asks what the same few titles and labels are (a section's title for each of its units, for
// its bullet and for naming its memory), and the same titles come back week after week: each answer is kept.
const TITLE_MEMO_LIMIT = 10_000;
const NONE = "none";
const headingKinds = new BoundedCache<HeadingKind | typeof NONE>(TITLE_MEMO_LIMIT);
const genericTitles = new BoundedCache<boolean>(TITLE_MEMO_LIMIT);

/** The kinds of cue a text holds. */
export function cuesIn(text: string): Set<CueKind> {
  const found = new Set<CueKind>();
  const lines = text.includes("\n") ? text.split("\n") : undefined;
  for (const kind of CUE_KINDS) if (lines ? linesHold(text, lines, kind) : lineHolds(text, kind)) found.add(kind);
  return found;
}

/** True when a text holds a cue of one kind. */
export function hasCue(text: string, kind: CueKind): boolean {
  return text.includes("\n") ? linesHold(text, text.split("\n"), kind) : lineHolds(text, kind);
}

function lineHolds(line: string, kind: CueKind): boolean {
  const known = lineCues(line, kind);
  return ((known.line | known.spanning) & BIT[kind]) !== 0;
}

// A cue that cannot span lines is found in a text exactly where it is found in one of its lines.
function linesHold(text: string, lines: readonly string[], kind: CueKind): boolean {
  const bit = BIT[kind];
  for (const line of lines) if ((lineCues(line, kind).line & bit) !== 0) return true;
  return SPANNING_CUES[kind]?.test(text) === true;
}

function lineCues(line: string, kind: CueKind): LineCues {
  const bit = BIT[kind];
  let known = memo.get(line);
  if (known && (known.asked & bit) !== 0) return known;
  if (!known) {
    known = { asked: 0, line: 0, spanning: 0 };
    memo.set(line, known);
  }
  known.asked |= bit;
  if (LINE_CUES[kind]?.test(line)) known.line |= bit;
  if (SPANNING_CUES[kind]?.test(line)) known.spanning |= bit;
  return known;
}

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

function findHeadingKind(title: string): HeadingKind | undefined {
  let best: HeadingKind | undefined;
  let bestAt = Number.POSITIVE_INFINITY;
  let bestLength = 0;
  for (const kind of HEADING_KINDS) {
    if (kind === "generic" && best) break;
    const match = HEADINGS[kind].exec(title);
    if (!match) continue;
    if (match.index < bestAt || (match.index === bestAt && match[0].length > bestLength)) {
      best = kind;
      bestAt = match.index;
      bestLength = match[0].length;
    }
  }
  return best;
}

/** The text flags itself as important. */
export function isEmphasised(text: string): boolean {
  return EMPHASIS.test(text);
}

/** A heading made only of section words, dates and numbers (`Key Decisions`, `今日成果`): it names no topic. */
export function isGenericTitle(title: string): boolean {
  let generic = genericTitles.get(title);
  if (generic === undefined) {
    const rest = title
      .replace(ALL_HEADING_WORDS, " ")
      .replace(/[^\p{L}]+/gu, " ")
      .trim();
    generic = rest.split(/\s+/).filter((word) => (word.length > 1 || /\p{Script=Han}/u.test(word)) && !isStopWord(word.toLowerCase())).length === 0;
    genericTitles.set(title, generic);
  }
  return generic;
}

/** A field label whose value is bookkeeping (author, model, time), not content. */
export function isMetadataLabel(label: string): boolean {
  return METADATA.test(label.trim());
}

/** The text gives a reason. */
export function givesReason(text: string): boolean {
  return WHY.test(text);
}

/** Where the reason in a text starts (`because …`), or -1. */
export function reasonStart(text: string): number {
  return WHY.exec(text)?.index ?? -1;
}

/** The text states a standing rule. */
export function statesRule(text: string): boolean {
  return RULE.test(text);
}
