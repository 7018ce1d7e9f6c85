import type { Memory } from "../memory/memory.js";
import { forgettableCache } from "../text/forget-caches.js";
import type { Language } from "../text/tokenize.js";
import { ATTRIBUTE_WORDS, contentWords, GENERIC_WORDS, isPolarityWord, lineWordsAndValues, statedValues, statementLines } from "./memory-facts.js";

/**
 * The slot each value of a memory fills: the content words of the clauses
 * it is said in ("the staging DB port is 5433" → staging, database, port).
 * Two values of one kind contradict each other only in the same slot; a
 * value with no counterpart in the other memory's slots is a detail added.
 * Read only for a pair the rules suspect of a changed value, and once per
 * memory text.
 */
export interface ValueSlots {
  /** The words of the clauses each value (`kind:value`) is said in. */
  words: Map<string, Set<string>>;
  /** For a number read inside identifiers ("117" in "TMP117"), those identifiers' shapes; "" for a number said on its own. */
  shapes: Map<string, Set<string>>;
  /** Values said at least once in a clause with no negation ("GPIO5, not GPIO4" says only GPIO5 so). */
  asserted: Set<string>;
  /** The content word right before each value ("deployed to ECS" → deploy). */
  anchors: Map<string, Set<string>>;
  /** Each content word's next content word, in every clause: "deployed to vercel" → deploy → vercel. */
  after: Map<string, Set<string>>;
}

// Clauses end at these: a sentence's end, a semicolon, a dash or bracket, a comma before a space.
// Not a colon: "deploy day: Thursday" names its slot before it.
const CLAUSE_END = /[;!?()[\]{}—–]+|[.,](?=\s|$)|\s-\s/;

// Slots of the memories judged last, newest last, up to a budget of text: a memory's pairs are judged
// together, and a long run meets a memory again week after week. Held for every memory while it lived,
// they raised a 10-year backfill's peak by about 50 MB: slots take some 24 bytes for each character of text.
const SLOTS_KEPT_CHARS = 250_000;
const SLOTS_KEPT = 64;
const slotsByText = new Map<object, { description: string; body: string; slots: ValueSlots }>();
let slotsChars = 0;
forgettableCache({
  forget() {
    slotsByText.clear();
    slotsChars = 0;
  },
});

/** Each value the memory states, by `kind:value`, with the words of its clauses. */
export function valueSlots(memory: Pick<Memory, "description" | "body">, language: Language): ValueSlots {
  const cached = slotsByText.get(memory);
  if (cached) {
    slotsByText.delete(memory);
    if (cached.description === memory.description && cached.body === memory.body) {
      slotsByText.set(memory, cached);
      return cached.slots;
    }
    slotsChars -= cached.body.length;
  }
  const slots: ValueSlots = { words: new Map(), shapes: new Map(), asserted: new Set(), anchors: new Map(), after: new Map() };
  for (const line of statementLines(memory)) addLineSlots(slots, line, language);
  slotsByText.set(memory, { description: memory.description, body: memory.body, slots });
  slotsChars += memory.body.length;
  for (const [key, kept] of slotsByText) {
    if (slotsChars <= SLOTS_KEPT_CHARS && slotsByText.size <= SLOTS_KEPT) break;
    slotsByText.delete(key);
    slotsChars -= kept.body.length;
  }
  return slots;
}

function addLineSlots(slots: ValueSlots, line: string, language: Language): void {
  // The line's words and values as its facts were read (kept per line): a line of one clause, or with no
  // value, is read no further.
  const read = lineWordsAndValues(line, language);
  const values = new Set(read.values);
  const clauses = values.size === 0 ? [] : line.split(CLAUSE_END).filter((clause) => clause.trim() !== "");
  if (clauses.length <= 1) {
    for (let i = 1; i < read.words.length; i++) addTo(slots.after, read.words[i - 1]!, read.words[i]!);
    if (clauses.length === 1) addClauseSlots(slots, line, read.words, values, language);
    return;
  }
  const found = new Set<string>();
  for (const clause of clauses) {
    const sequence = contentWords(clause, language);
    for (let i = 1; i < sequence.length; i++) addTo(slots.after, sequence[i - 1]!, sequence[i]!);
    const clauseValues = statedValues(clause).values;
    for (const value of clauseValues) found.add(value);
    if (clauseValues.size > 0) addClauseSlots(slots, clause, sequence, clauseValues, language);
  }
  // A value read only across a clause's end ("March 2, 2026" is one date) takes its whole line as its slot.
  const rest = [...values].filter((value) => !found.has(value));
  if (rest.length === 0) return;
  const words = read.words.filter(isSlotWord);
  for (const value of rest) {
    add(slots, value, words, language);
    slots.asserted.add(value);
  }
}

function addClauseSlots(slots: ValueSlots, clause: string, sequence: readonly string[], clauseValues: ReadonlySet<string>, language: Language): void {
  const words = sequence.filter(isSlotWord);
  for (const value of clauseValues) {
    const own = contentWords(value.slice(value.indexOf(":") + 1), language)[0];
    const at = own === undefined ? -1 : sequence.indexOf(own);
    if (at > 0) addTo(slots.anchors, value, sequence[at - 1]!);
  }
  const ids = [...clauseValues].filter((value) => value.startsWith("id:"));
  const negated = NEGATION.test(clause);
  for (const value of clauseValues) {
    if (!negated) slots.asserted.add(value);
    add(slots, value, words, language);
    if (value.startsWith("number:")) addShapes(slots, value, ids);
  }
}

const NEGATION = /(?:^|[^\p{L}])(?:never|not|don'?t|no|nie|niemals|keine?|jamais|nunca)(?![\p{L}])|n['’]t(?![\p{L}])/iu;

/** The memory says the value only under a negation. */
export function onlyNegated(slots: ValueSlots, value: string): boolean {
  return slots.words.has(value) && !slots.asserted.has(value);
}

function addShapes(slots: ValueSlots, number: string, ids: string[]): void {
  const digits = number.slice("number:".length);
  let shapes = slots.shapes.get(number);
  if (!shapes) {
    shapes = new Set();
    slots.shapes.set(number, shapes);
  }
  const inside = ids.filter((id) => id.match(/\d+(?:\.\d+)*/g)?.includes(digits));
  if (inside.length === 0) shapes.add("");
  for (const id of inside) shapes.add(numberShape(id));
}

/**
 * What an identifier is with its digits taken out: "gpio4" and "gpio5" are one
 * pin's, "v2.4.1" and "2.5.0" versions, "eu-west-1" and "eu-west-3" regions;
 * "tmp117" and "add0" name two different things. Long hex strings (hashes) are one shape.
 */
export function idShape(id: string): string {
  const text = id.slice(id.indexOf(":") + 1);
  if (/^[0-9a-f]{6,}$/.test(text) && /\d/.test(text)) return "hex";
  return text.replace(/^v(?=\d)/, "").replace(/\d+/g, "#");
}

// A number read inside a version or a bare count ("v20") is a number like any other.
function numberShape(id: string): string {
  const shape = idShape(id);
  return /^#(?:\.#)*$/.test(shape) ? "" : shape;
}

function addTo(map: Map<string, Set<string>>, key: string, item: string): void {
  const set = map.get(key);
  if (set) set.add(item);
  else map.set(key, new Set([item]));
}

function add(slots: ValueSlots, value: string, words: string[], language: Language): void {
  // The value's own words are no part of its slot ("Kraków" is not the slot of the name Kraków).
  const own = new Set(contentWords(value.slice(value.indexOf(":") + 1), language));
  let slot = slots.words.get(value);
  if (!slot) {
    slot = new Set();
    slots.words.set(value, slot);
  }
  for (const word of words) if (!own.has(word)) slot.add(word);
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
 * shape: "7" in "7-bit" is no counterpart of "117" in "TMP117"). A value
 * whose slot was not read fills any.
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

function slotOf(value: string, side: SlotSide): Set<string> | undefined {
  const slot = side.slots.words.get(value);
  return slot === undefined ? undefined : slot.size > 0 ? slot : side.subject;
}

function counterparts(x: string, our: SlotSide, y: string, their: SlotSide): boolean {
  if (x.startsWith("id:")) return idShape(x) === idShape(y);
  if (!x.startsWith("number:")) return true;
  const [sx, sy] = [our.slots.shapes.get(x), their.slots.shapes.get(y)];
  if (!sx || !sy) return true;
  for (const shape of sx) if (sy.has(shape)) return true;
  return false;
}

/**
 * A value of ours whose place the other memory fills with a word we never
 * mention: "deployed to ECS Fargate" / "deployed to vercel". The word
 * before the value anchors it; an anchor that says how, not what ("runs
 * on"), anchors nothing.
 */
export function replacedInPlace(ours: string[], our: ValueSlots, their: ValueSlots, ourMentions: Set<string>): boolean {
  for (const value of ours) {
    for (const anchor of our.anchors.get(value) ?? []) {
      if (!isSlotWord(anchor)) continue;
      for (const word of their.after.get(anchor) ?? []) if (isSlotWord(word) && !ourMentions.has(word) && !ATTRIBUTE_WORDS.has(word)) return true;
    }
  }
  return false;
}

// Words that can say which slot: no numbers or identifiers (values themselves), no verbs of how a fact is put.
function isSlotWord(word: string): boolean {
  return !/\d/.test(word) && !GENERIC_WORDS.has(word) && !isPolarityWord(word);
}

/**
 * One proper name in two inflected forms ("Kraków" / "Krakowie", "Warszawa" /
 * "Warszawie"): at least five letters in common from the start, accents
 * aside, and endings of at most three letters. A vowel for a vowel or an
 * added "a" makes another name ("Francesco" / "Francesca", "Daniel" /
 * "Daniela"), and shorter stems are other names ("Anna" / "Annika", "Bern" / "Berlin").
 */
export function sameNameInflected(x: string, y: string): boolean {
  const [a, b] = [folded(x), folded(y)];
  if (a === b) return true;
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const [ea, eb] = [a.slice(common), b.slice(common)];
  if (common < 5 || ea.length > 3 || eb.length > 3) return false;
  const vowel = /^[aeiouy]$/;
  if (vowel.test(ea) && vowel.test(eb)) return false;
  return !((ea === "" && eb === "a") || (eb === "" && ea === "a"));
}

function folded(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").replace(/ł/g, "l");
}
