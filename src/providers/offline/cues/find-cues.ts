import { BoundedCache } from "../../../text/bounded-cache.js";
import { CUE_TABLES } from "./all-cue-tables.js";
import { CUE_KINDS, CUE_SYMBOLS, compileCues, EMPHASIS_SYMBOLS } from "./compile-cues.js";
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

// A kind without cues of one sort has no pattern for them: a pattern that never matches still tries every place.
const patternOf = (kind: Asked, spanning: boolean): RegExp | undefined => {
  const pick = (cues: readonly string[]) => cues.filter((cue) => maySpanLines(cue) === spanning);
  const words = (table: CueTable) => pick(kind === "emphasis" ? table.emphasis : table.cues[kind]);
  const extra = pick(kind === "emphasis" ? EMPHASIS_SYMBOLS : (CUE_SYMBOLS[kind] ?? []));
  if (extra.length === 0 && CUE_TABLES.every((table) => words(table).length === 0)) return undefined;
  return compileCues(CUE_TABLES, words, extra);
};
const LINE_CUES = Object.fromEntries(ASKED.map((kind) => [kind, patternOf(kind, false)])) as Record<Asked, RegExp | undefined>;
const SPANNING_CUES = Object.fromEntries(ASKED.map((kind) => [kind, patternOf(kind, true)])) as Record<Asked, RegExp | undefined>;

/** What is known of a line: the kinds asked, and of those, the ones its line cues and its spanning cues find. */
interface LineCues {
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
    known = { asked: 0, line: 0, spanning: 0 };
    memo.set(line, known);
  }
  lastLine = line;
  lastCues = known;
  return known;
}

// Matches a kind's patterns against the line the first time the kind is asked.
function ask(known: LineCues, line: string, kind: Asked): LineCues {
  const bit = BIT[kind];
  if ((known.asked & bit) !== 0) return known;
  known.asked |= bit;
  if (LINE_CUES[kind]?.test(line)) known.line |= bit;
  if (SPANNING_CUES[kind]?.test(line)) known.spanning |= bit;
  return known;
}
