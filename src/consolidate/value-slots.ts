import type { Memory } from "../memory/memory.js";
import { forgettableCache } from "../text/forget-caches.js";
import { ownCopy } from "../text/own-copy.js";
import type { Language } from "../text/tokenize.js";
import {
  ATTRIBUTE_WORDS,
  contentWords,
  GENERIC_WORDS,
  isPolarityWord,
  lineWordsAndValues,
  type MemoryFacts,
  NEGATION,
  statedValues,
  statementLines,
} from "./memory-facts.js";
import { COUNT_WORD, countWord, isUnitSymbol } from "./value-forms.js";

/**
 * The slot each value of a memory fills: the content words of the clauses
 * it is said in ("the staging DB port is 5433" → staging, database, port).
 * Two values of one kind contradict each other only in the same slot; a
 * value with no counterpart in the other memory's slots is a detail added.
 *
 * Read only for what a pair asks, and only from the lines that say it: a
 * pair asks about a few values, and a memory that grew for years holds
 * thousands. The words of a clause are one set, shared by every value said
 * in it; a value's slot is the union of its clauses' sets, never copied.
 */
export class ValueSlots {
  readonly #lines: readonly string[];
  readonly #language: Language;
  #linesOf: Map<string, number[]> | undefined;
  readonly #read = new Map<number, LineClauses>();
  readonly #values = new Map<string, ValueReading>();

  constructor(memory: Pick<Memory, "description" | "body">, language: Language) {
    this.#lines = statementLines(memory);
    this.#language = language;
  }

  /** The words of the clauses the value (`kind:value`) is said in, its own words aside; undefined when no clause says it. */
  slot(value: string): Slot | undefined {
    return this.#reading(value).slot;
  }

  /** Said at least once in a clause with no negation ("GPIO5, not GPIO4" says only GPIO5 so). */
  asserted(value: string): boolean {
    return this.#reading(value).asserted;
  }

  /** For a number read inside identifiers ("117" in "TMP117"), those identifiers' shapes; "" for a number said on its own. */
  shapes(value: string): ReadonlySet<string> | undefined {
    const reading = this.#reading(value);
    if (!value.startsWith("number:") || reading.clauses.length === 0) return undefined;
    if (!reading.shapes) {
      const digits = value.slice("number:".length);
      reading.shapes = new Set();
      for (const clause of reading.clauses) for (const shape of shapesOf(clause).get(digits) ?? [""]) reading.shapes.add(shape);
    }
    return reading.shapes;
  }

  /**
   * A number said with nothing after it in every clause that says it ("the battery alert is at 20"): no word or
   * sign that could be its unit ("20 items", "20°C", "20 when idle" are not), so a unit may have been left out.
   * Read only when a number on its own meets a percent or a quantity with a unit.
   */
  bare(value: string): boolean {
    const reading = this.#reading(value);
    if (!value.startsWith("number:") || reading.clauses.length === 0 || reading.acrossClauses) return false;
    reading.bare ??= reading.clauses.every((clause) => endsWithNumber(clause.text, value.slice("number:".length)));
    return reading.bare;
  }

  /** The content words right before the value, values' own words aside ("deployed to ECS" → deploy). */
  anchors(value: string): Set<string> {
    const reading = this.#reading(value);
    const anchors = new Set<string>();
    const own = reading.own[0];
    if (own === undefined) return anchors;
    for (const clause of reading.clauses) {
      const anchor = anchorsOf(clause, this.#language).get(own);
      if (anchor !== undefined) anchors.add(anchor);
    }
    return anchors;
  }

  /** Each of these words' next content words, in every clause: "deployed to vercel" → deploy → vercel. One pass over the memory. */
  followers(words: ReadonlySet<string>): Map<string, Set<string>> {
    const found = new Map<string, Set<string>>();
    for (const [index, line] of this.#lines.entries()) {
      const read = lineWordsAndValues(line, this.#language);
      if (!read.words.some((word) => words.has(word))) continue;
      const sequences = read.values.length === 0 ? [read.words] : this.#clausesOf(index).sequences;
      for (const sequence of sequences) {
        for (let i = 1; i < sequence.length; i++) {
          if (!words.has(sequence[i - 1]!)) continue;
          const set = found.get(sequence[i - 1]!);
          if (set) set.add(sequence[i]!);
          else found.set(sequence[i - 1]!, new Set([sequence[i]!]));
        }
      }
    }
    return found;
  }

  #reading(value: string): ValueReading {
    let reading = this.#values.get(value);
    if (reading) return reading;
    const clauses: Clause[] = [];
    const sets: ReadonlySet<string>[] = [];
    let asserted = false;
    let acrossClauses = false;
    for (const index of this.#linesHolding(value)) {
      const line = this.#clausesOf(index);
      for (const clause of line.clauses) {
        if (!clause.values.has(value)) continue;
        clauses.push(clause);
        sets.push(wordsOf(clause));
        if (!clause.negated) asserted = true;
      }
      if (line.rest.has(value)) {
        line.restWords ??= new Set(lineWordsAndValues(this.#lines[index]!, this.#language).words.filter(isSlotWord));
        sets.push(line.restWords);
        asserted = true;
        acrossClauses = true;
      }
    }
    // The value's own words are no part of its slot ("Kraków" is not the slot of the name Kraków).
    const own = contentWords(value.slice(value.indexOf(":") + 1), this.#language);
    reading = { clauses, asserted, acrossClauses, own, slot: sets.length === 0 ? undefined : new Slot(sets, new Set(own)) };
    this.#values.set(value, reading);
    return reading;
  }

  // The lines whose values (or values said as what was) hold this one: only those can have a clause that says it.
  #linesHolding(value: string): readonly number[] {
    if (!this.#linesOf) {
      this.#linesOf = new Map();
      for (const [index, line] of this.#lines.entries()) {
        const read = lineWordsAndValues(line, this.#language);
        for (const held of [...read.values, ...read.past]) {
          const list = this.#linesOf.get(held);
          if (list === undefined) this.#linesOf.set(held, [index]);
          else if (list[list.length - 1] !== index) list.push(index);
        }
      }
    }
    return this.#linesOf.get(value) ?? [];
  }

  #clausesOf(index: number): LineClauses {
    let read = this.#read.get(index);
    if (!read) {
      read = splitClauses(this.#lines[index]!, this.#language);
      this.#read.set(index, read);
    }
    return read;
  }
}

/** What the rules ask of one value, read once. */
interface ValueReading {
  clauses: Clause[];
  asserted: boolean;
  /** Also read across a clause's end, in a line with no clause of its own to say it. */
  acrossClauses: boolean;
  /** The value's own content words. */
  own: string[];
  slot: Slot | undefined;
  shapes?: Set<string>;
  bare?: boolean;
}

/** One clause that states values: its content words in order, and the sets worked out from them when first asked. */
interface Clause {
  text: string;
  sequence: readonly string[];
  values: ReadonlySet<string>;
  negated: boolean;
  words?: ReadonlySet<string>;
  shapes?: Map<string, Set<string>>;
  anchors?: Map<string, string>;
}

/** A line cut into clauses: those that state values, every clause's words in order, and values read only across a clause's end. */
interface LineClauses {
  clauses: Clause[];
  sequences: (readonly string[])[];
  rest: ReadonlySet<string>;
  restWords?: ReadonlySet<string>;
}

// Clauses end at these: a sentence's end, a semicolon, a dash or bracket, a comma before a space.
// Not a colon: "deploy day: Thursday" names its slot before it.
const CLAUSE_END = /[;!?()[\]{}—–]+|[.,](?=\s|$)|\s-\s/;
const NOTHING: ReadonlySet<string> = new Set();

function splitClauses(line: string, language: Language): LineClauses {
  // The line's words and values as its facts were read (kept per line): a line of one clause is read no further.
  const read = lineWordsAndValues(line, language);
  const values = new Set(read.values);
  const parts = values.size === 0 ? [] : line.split(CLAUSE_END).filter((part) => part.trim() !== "");
  if (parts.length <= 1) {
    const clauses = parts.length === 1 ? [clause(line, read.words, values)] : [];
    return { clauses, sequences: [read.words], rest: NOTHING };
  }
  let split = splitLines.get(read);
  if (!split) {
    split = { said: [], sequences: [], rest: NOTHING };
    const found = new Set<string>();
    for (const part of parts) {
      const sequence = contentWords(part, language);
      split.sequences.push(sequence);
      const partValues = statedValues(part).values;
      for (const value of partValues) found.add(value);
      // Copies: a clause is cut from the line, and kept here it would keep the memory's whole text alive.
      if (partValues.size > 0) split.said.push({ text: ownCopy(part), sequence, values: new Set(Array.from(partValues, ownCopy)) });
    }
    // A value read only across a clause's end ("March 2, 2026" is one date) takes its whole line as its slot.
    const rest = new Set([...values].filter((value) => !found.has(value)));
    if (rest.size > 0) split.rest = rest;
    splitLines.set(read, split);
  }
  // Clauses of this reading's own: what is worked out from a clause when first asked is kept in it.
  return { clauses: split.said.map((part) => clause(part.text, part.sequence, part.values)), sequences: split.sequences, rest: split.rest };
}

// A line of many clauses as split the first time, kept with the line's facts (as long as their memo keeps
// them): a memory judged again week after week is another ValueSlots over the same lines.
interface SplitLine {
  said: { text: string; sequence: readonly string[]; values: ReadonlySet<string> }[];
  sequences: (readonly string[])[];
  rest: ReadonlySet<string>;
}
const splitLines = new WeakMap<object, SplitLine>();

function clause(text: string, sequence: readonly string[], values: ReadonlySet<string>): Clause {
  return { text, sequence, values, negated: NEGATION.test(text) };
}

function wordsOf(clause: Clause): ReadonlySet<string> {
  clause.words ??= new Set(clause.sequence.filter(isSlotWord));
  return clause.words;
}

// The shapes of the clause's identifiers, by each run of digits read in them.
function shapesOf(clause: Clause): Map<string, Set<string>> {
  if (clause.shapes) return clause.shapes;
  const shapes = new Map<string, Set<string>>();
  for (const value of clause.values) {
    if (!value.startsWith("id:")) continue;
    for (const digits of value.match(/\d+(?:\.\d+)*/g) ?? []) {
      const set = shapes.get(digits);
      if (set) set.add(numberShape(value));
      else shapes.set(digits, new Set([numberShape(value)]));
    }
  }
  clause.shapes = shapes;
  return shapes;
}

// For each word where it is first said, the nearest content word before it that is no value's, nor part of one:
// in "deployed to ECS Fargate by Olga" Olga's anchor is "deploy", not "fargat".
function anchorsOf(clause: Clause, language: Language): Map<string, string> {
  if (clause.anchors) return clause.anchors;
  const valueWords = new Set<string>();
  for (const value of clause.values) for (const word of contentWords(value.slice(value.indexOf(":") + 1), language)) valueWords.add(word);
  const anchors = new Map<string, string>();
  let before: string | undefined;
  for (const word of clause.sequence) {
    if (before !== undefined && !anchors.has(word)) anchors.set(word, before);
    else if (!anchors.has(word)) anchors.set(word, "");
    if (!valueWords.has(word)) before = word;
  }
  for (const [word, anchor] of anchors) if (anchor === "") anchors.delete(word);
  clause.anchors = anchors;
  return anchors;
}

// A number in digits or in words, where it stands alone: not inside a word, an amount ("$20") or a decimal.
const NUMBER_SAID = new RegExp(`(?<![\\p{L}\\p{N}_.,$€£¥#-])(?:(\\d+(?:\\.\\d+)?)|(${COUNT_WORD}))(?![\\p{L}\\p{N}_]|[.,]\\p{N})`, "giu");
// What may follow a clause's last word: markup, quotes and the sentence's end.
const CLAUSE_TAIL = /^[\s*_`'"’”.!?:]*$/u;

// The clause says the number once (digits as in its value, "20", or in words, "twenty"), as its last word.
function endsWithNumber(text: string, digits: string): boolean {
  let times = 0;
  let end = -1;
  NUMBER_SAID.lastIndex = 0;
  for (let match = NUMBER_SAID.exec(text); match !== null; match = NUMBER_SAID.exec(text)) {
    const said = match[1] ?? String(countWord(match[2]!.toLowerCase().replace(/[ \u00a0]/, "-")));
    end = said === digits ? match.index + match[0].length : -1;
    if (said === digits) times++;
  }
  return times === 1 && end >= 0 && CLAUSE_TAIL.test(text.slice(end));
}

// A slot whose value is said in more clauses than this is gathered into one set: looked up word by word
// against another slot, many small sets would cost as many lookups per word.
const SETS_LOOKED_UP = 8;

/** A value's slot: the union of its clauses' word sets, less its own words. */
export class Slot {
  readonly #sets: readonly ReadonlySet<string>[];
  readonly #own: ReadonlySet<string>;
  #empty: boolean | undefined;
  /** How many words its sets hold, counting a word once per set. */
  readonly size: number;

  constructor(sets: readonly ReadonlySet<string>[], own: ReadonlySet<string>) {
    const distinct = [...new Set(sets)];
    if (distinct.length > SETS_LOOKED_UP) {
      const union = new Set<string>();
      for (const set of distinct) for (const word of set) union.add(word);
      this.#sets = [union];
    } else this.#sets = distinct;
    this.#own = own;
    this.size = this.#sets.reduce((sum, set) => sum + set.size, 0);
  }

  has(word: string): boolean {
    return !this.#own.has(word) && this.#sets.some((set) => set.has(word));
  }

  *[Symbol.iterator](): IterableIterator<string> {
    for (const set of this.#sets) for (const word of set) if (!this.#own.has(word)) yield word;
  }

  /** No word but the value's own. */
  get empty(): boolean {
    if (this.#empty === undefined) {
      this.#empty = true;
      for (const _ of this) {
        this.#empty = false;
        break;
      }
    }
    return this.#empty;
  }
}

// Slots of the memories judged last, newest last, up to a budget of text: a memory's pairs are judged together,
// and a long run meets a memory again week after week. By facts, not by memory: a memory read again from its
// file is another object with the same facts (facts are read once per text).
const SLOTS_KEPT_CHARS = 250_000;
const SLOTS_KEPT = 32;
const slotsByFacts = new Map<MemoryFacts, { chars: number; slots: ValueSlots }>();
let slotsChars = 0;
forgettableCache({
  forget() {
    slotsByFacts.clear();
    slotsChars = 0;
  },
});

/** A memory's value slots, read as they are asked for; `facts` are the memory's facts. */
export function valueSlots(memory: Pick<Memory, "description" | "body">, facts: MemoryFacts): ValueSlots {
  const cached = slotsByFacts.get(facts);
  if (cached) {
    slotsByFacts.delete(facts);
    slotsByFacts.set(facts, cached);
    return cached.slots;
  }
  const slots = new ValueSlots(memory, facts.language);
  const chars = memory.description.length + memory.body.length;
  slotsByFacts.set(facts, { chars, slots });
  slotsChars += chars;
  for (const [key, kept] of slotsByFacts) {
    if (slotsChars <= SLOTS_KEPT_CHARS && slotsByFacts.size <= SLOTS_KEPT) break;
    slotsByFacts.delete(key);
    slotsChars -= kept.chars;
  }
  return slots;
}

/** The memory says the value only under a negation. */
export function onlyNegated(slots: ValueSlots, value: string): boolean {
  return slots.slot(value) !== undefined && !slots.asserted(value);
}

/**
 * What an identifier is with its digits taken out: "gpio4" and "gpio5" are one
 * pin's, "v2.4.1" and "2.5.0" versions, "eu-west-1" and "eu-west-3" regions;
 * "tmp117" and "add0" name two different things. Long hex strings (hashes) are one shape.
 */
export function idShape(id: string): string {
  const text = id.slice(id.indexOf(":") + 1);
  if (/^[0-9a-f]{6,}$/.test(text) && /\d/.test(text)) return "hex";
  const shape = text.replace(/^v(?=\d)/, "").replace(/\d+/g, "#");
  // A quantity with its unit is one shape whatever its precision: "3.3v" and "5v".
  return shape.startsWith("#.#") && isUnitSymbol(shape.slice(3)) ? `#${shape.slice(3)}` : shape;
}

// A number read inside a version or a bare count ("v20") is a number like any other.
function numberShape(id: string): string {
  const shape = idShape(id);
  return /^#(?:\.#)*$/.test(shape) ? "" : shape;
}

/** One side of a pair, as `shareSlot` compares it. */
export interface SlotSide {
  slots: ValueSlots;
  /** The memory's name's words: the slot of a value said with no other word ("Thursday."). */
  subject: Set<string>;
}

/**
 * Some value of `ours` and some value of `theirs` (one kind) fill one slot:
 * their clauses share a word, and they are values of one thing (identifiers
 * of one shape; numbers read on their own, or inside identifiers of one
 * shape: "7" in "7-bit" is no counterpart of "117" in "TMP117"; a number
 * said bare and one with a unit, "now 12." / "5V", but not "4 pins" / "5V"
 * nor "5V" / "2A"). A percent and its number said bare ("twenty percent" /
 * "at 20") are one value. A value whose slot was not read fills any.
 */
export function shareSlot(ours: string[], our: SlotSide, theirs: string[], their: SlotSide): boolean {
  for (const x of ours) {
    const sx = slotOf(x, our);
    for (const y of theirs) {
      if (!counterparts(x, our, y, their)) continue;
      const sy = slotOf(y, their);
      if (sx === undefined || sy === undefined) return true;
      const [small, large] = sx.size <= sy.size ? [sx, sy] : [sy, sx];
      for (const word of small) if (large.has(word)) return true;
    }
  }
  return false;
}

function slotOf(value: string, side: SlotSide): Pick<Slot, "size" | "has" | typeof Symbol.iterator> | undefined {
  const slot = side.slots.slot(value);
  return slot === undefined ? undefined : slot.empty ? side.subject : slot;
}

function counterparts(x: string, our: SlotSide, y: string, their: SlotSide): boolean {
  if (x.startsWith("id:")) return idShape(x) === idShape(y);
  if (!x.startsWith("number:")) return true;
  if (unitLeftOut(x, y, their) || unitLeftOut(y, x, our)) return false;
  const [sx, sy] = [our.slots.shapes(x), their.slots.shapes(y)];
  if (!sx || !sy) return true;
  for (const shape of sx) if (sy.has(shape)) return true;
  // A quantity ("5V") and a number said bare ("now 12."): its unit may have been left out. A number with a word after
  // it ("4 pins") or another unit ("2A") is another quantity.
  return (sx.has("") && hasQuantity(sy) && our.slots.bare(x)) || (sy.has("") && hasQuantity(sx) && their.slots.bare(y));
}

// "20%" / a bare "20": one value, its unit left out ("battery at twenty percent" / "battery at 20"). Not "20 items".
function unitLeftOut(withUnit: string, bare: string, bareSide: SlotSide): boolean {
  return withUnit.endsWith("%") && withUnit.length === bare.length + 1 && withUnit.startsWith(bare) && bareSide.slots.bare(bare);
}

// "#v", "#mw": a number with a unit symbol.
function hasQuantity(shapes: ReadonlySet<string>): boolean {
  for (const shape of shapes) if (shape.startsWith("#") && isUnitSymbol(shape.slice(1))) return true;
  return false;
}

/**
 * A value of ours whose place the other memory fills with a word we never
 * mention: "deployed to ECS Fargate" / "deployed to vercel". The word
 * before the value anchors it; an anchor that says how, not what ("runs
 * on"), anchors nothing.
 */
export function replacedInPlace(ours: string[], our: ValueSlots, their: ValueSlots, ourMentions: Set<string>): boolean {
  const anchors = new Set<string>();
  for (const value of ours) for (const anchor of our.anchors(value)) if (isSlotWord(anchor)) anchors.add(anchor);
  if (anchors.size === 0) return false;
  for (const words of their.followers(anchors).values())
    for (const word of words) if (isSlotWord(word) && !ourMentions.has(word) && !ATTRIBUTE_WORDS.has(word)) return true;
  return false;
}

// Words that can say which slot: no numbers or identifiers (values themselves), no verbs of how a fact is put.
function isSlotWord(word: string): boolean {
  return !/\d/.test(word) && !GENERIC_WORDS.has(word) && !isPolarityWord(word);
}
