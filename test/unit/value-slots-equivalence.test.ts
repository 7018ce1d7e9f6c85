import { describe, expect, it } from "vitest";
import {
  ATTRIBUTE_WORDS,
  contentWords,
  GENERIC_WORDS,
  isPolarityWord,
  lineWordsAndValues,
  memoryFacts,
  NEGATION,
  statedValues,
  statementLines,
} from "../../src/consolidate/memory-facts.js";
import { countWord, isUnitSymbol } from "../../src/consolidate/value-forms.js";
import { idShape, onlyNegated, replacedInPlace, shareSlot, valueSlots } from "../../src/consolidate/value-slots.js";
import type { Memory } from "../../src/memory/memory.js";
import type { Language } from "../../src/text/tokenize.js";
import { memory } from "../helpers/memory-records.js";

// The slots as first built (every value's clause words copied into a set of its own, for every line), with the
// review's two fixes to what they answer (an anchor is no value's word; negations in more languages): the lazy
// reading must give the same answers.
interface EagerSlots {
  words: Map<string, Set<string>>;
  shapes: Map<string, Set<string>>;
  asserted: Set<string>;
  anchors: Map<string, Set<string>>;
  after: Map<string, Set<string>>;
  /** Numbers said as the last word of every clause that says them, and never read across a clause's end. */
  bare: Set<string>;
  notBare: Set<string>;
}

const CLAUSE_END = /[;!?()[\]{}—–]+|[.,](?=\s|$)|\s-\s/;

function eagerSlots(memory: Pick<Memory, "description" | "body">, language: Language): EagerSlots {
  const slots: EagerSlots = {
    words: new Map(),
    shapes: new Map(),
    asserted: new Set(),
    anchors: new Map(),
    after: new Map(),
    bare: new Set(),
    notBare: new Set(),
  };
  for (const line of statementLines(memory)) {
    const read = lineWordsAndValues(line, language);
    const values = new Set(read.values);
    const clauses = values.size === 0 ? [] : line.split(CLAUSE_END).filter((clause) => clause.trim() !== "");
    if (clauses.length <= 1) {
      for (let i = 1; i < read.words.length; i++) addTo(slots.after, read.words[i - 1]!, read.words[i]!);
      if (clauses.length === 1) addClause(slots, line, read.words, values, language);
      continue;
    }
    const found = new Set<string>();
    for (const clause of clauses) {
      const sequence = contentWords(clause, language);
      for (let i = 1; i < sequence.length; i++) addTo(slots.after, sequence[i - 1]!, sequence[i]!);
      const clauseValues = statedValues(clause).values;
      for (const value of clauseValues) found.add(value);
      if (clauseValues.size > 0) addClause(slots, clause, sequence, clauseValues, language);
    }
    const words = read.words.filter(isSlotWord);
    for (const value of [...values].filter((value) => !found.has(value))) {
      add(slots, value, words, language);
      slots.asserted.add(value);
      slots.notBare.add(value);
    }
  }
  for (const value of slots.notBare) slots.bare.delete(value);
  return slots;
}

// Numbers as said, in digits or words, each with what follows it in the clause.
const SAID = /(?<![\p{L}\p{N}_.,$€£¥#-])(\d+(?:\.\d+)?|[a-z]+(?:[- ][a-z]+)?)(?![\p{L}\p{N}_]|[.,]\p{N})/giu;

function endsWith(clause: string, digits: string): boolean {
  const said = [...clause.matchAll(SAID)].flatMap((match) => {
    const word = match[1]!;
    const n = /\d/.test(word) ? word : countWord(word.toLowerCase().replace(" ", "-"));
    return n === undefined ? [] : [{ n: String(n), after: clause.slice(match.index + word.length) }];
  });
  const these = said.filter((number) => number.n === digits);
  return these.length === 1 && said.at(-1) === these[0] && /^[\s*_`'"’”.!?:]*$/u.test(these[0]!.after);
}

function addClause(slots: EagerSlots, clause: string, sequence: readonly string[], clauseValues: ReadonlySet<string>, language: Language): void {
  const words = sequence.filter(isSlotWord);
  const valueWords = new Set([...clauseValues].flatMap((value) => contentWords(value.slice(value.indexOf(":") + 1), language)));
  for (const value of clauseValues) {
    const own = contentWords(value.slice(value.indexOf(":") + 1), language)[0];
    let at = own === undefined ? -1 : sequence.indexOf(own);
    if (at <= 0) continue;
    at--;
    while (at >= 0 && valueWords.has(sequence[at]!)) at--;
    if (at >= 0) addTo(slots.anchors, value, sequence[at]!);
  }
  const ids = [...clauseValues].filter((value) => value.startsWith("id:"));
  const negated = NEGATION.test(clause);
  for (const value of clauseValues) {
    if (!negated) slots.asserted.add(value);
    add(slots, value, words, language);
    if (!value.startsWith("number:")) continue;
    const digits = value.slice("number:".length);
    if (endsWith(clause, digits)) slots.bare.add(value);
    else slots.notBare.add(value);
    let shapes = slots.shapes.get(value);
    if (!shapes) {
      shapes = new Set();
      slots.shapes.set(value, shapes);
    }
    const inside = ids.filter((id) => id.match(/\d+(?:\.\d+)*/g)?.includes(digits));
    if (inside.length === 0) shapes.add("");
    for (const id of inside) shapes.add(numberShape(id));
  }
}

function numberShape(id: string): string {
  const shape = idShape(id);
  return /^#(?:\.#)*$/.test(shape) ? "" : shape;
}

function addTo(map: Map<string, Set<string>>, key: string, item: string): void {
  const set = map.get(key);
  if (set) set.add(item);
  else map.set(key, new Set([item]));
}

function add(slots: EagerSlots, value: string, words: string[], language: Language): void {
  const own = new Set(contentWords(value.slice(value.indexOf(":") + 1), language));
  let slot = slots.words.get(value);
  if (!slot) {
    slot = new Set();
    slots.words.set(value, slot);
  }
  for (const word of words) if (!own.has(word)) slot.add(word);
}

function isSlotWord(word: string): boolean {
  return !/\d/.test(word) && !GENERIC_WORDS.has(word) && !isPolarityWord(word);
}

type EagerSide = { slots: EagerSlots; subject: Set<string> };

function eagerShareSlot(ours: string[], our: EagerSide, theirs: string[], their: EagerSide): boolean {
  const slotOf = (value: string, side: EagerSide) => {
    const slot = side.slots.words.get(value);
    return slot === undefined ? undefined : slot.size > 0 ? slot : side.subject;
  };
  // A number with a unit symbol ("#v"), a counterpart of a number said bare; "20%" and a bare "20" are one value.
  const quantity = (shape: string) => shape.startsWith("#") && isUnitSymbol(shape.slice(1));
  const unitLeftOut = (percent: string, bare: string, side: EagerSide) => percent === `${bare}%` && side.slots.bare.has(bare);
  const counterparts = (x: string, y: string) => {
    if (x.startsWith("id:")) return idShape(x) === idShape(y);
    if (!x.startsWith("number:")) return true;
    if (unitLeftOut(x, y, their) || unitLeftOut(y, x, our)) return false;
    const [sx, sy] = [our.slots.shapes.get(x), their.slots.shapes.get(y)];
    if (!sx || !sy || [...sx].some((shape) => sy.has(shape))) return true;
    return (sx.has("") && [...sy].some(quantity) && our.slots.bare.has(x)) || (sy.has("") && [...sx].some(quantity) && their.slots.bare.has(y));
  };
  for (const x of ours) {
    const sx = slotOf(x, our);
    for (const y of theirs) {
      if (!counterparts(x, y)) continue;
      const sy = slotOf(y, their);
      if (sx === undefined || sy === undefined) return true;
      for (const word of sx) if (sy.has(word)) return true;
    }
  }
  return false;
}

function eagerReplacedInPlace(ours: string[], our: EagerSlots, their: EagerSlots, ourMentions: Set<string>): boolean {
  for (const value of ours)
    for (const anchor of our.anchors.get(value) ?? []) {
      if (!isSlotWord(anchor)) continue;
      for (const word of their.after.get(anchor) ?? []) if (isSlotWord(word) && !ourMentions.has(word) && !ATTRIBUTE_WORDS.has(word)) return true;
    }
  return false;
}

// mulberry32: small, seedable, the same on every machine.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  "the staging database port is deployed to runs on by sensor address pin LED status backup nightly at owner site admin " +
  "board main active high bus humidity limit supply weekly sync room moved was old the end of deadline report due " +
  "not never no nicht pas non-blocking liegt auf sur est"
).split(" ");
const VALUES = [
  "5433",
  "6432",
  "7",
  "117",
  "GPIO4",
  "GPIO5",
  "GPIO12",
  "TMP117",
  "0x44",
  "v2.4.1",
  "2.5.0",
  "ubuntu-22.04",
  "ubuntu-24.04",
  "api.acme.dev",
  "status.acme.dev",
  "Olga",
  "Olena",
  "Vercel",
  "ECS Fargate",
  "Kraków",
  "09:15",
  "half past ten",
  "March 2, 2026",
  "2026-05-15",
  "30 days",
  "15 minutes",
  "3.3V",
  "20%",
  "Thursday",
  // Units: a number with and without its unit, watts glued and spaced, a percent in words.
  "20",
  "twenty percent",
  "5W",
  "12 W",
];
const SEPARATORS = [" ", " ", " ", " ", ", ", "; ", ". ", " - ", " (", ") ", ": ", " — "];

function generated(next: () => number): { description: string; body: string } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const line = () => {
    let text = "";
    const length = 2 + Math.floor(next() * 14);
    for (let i = 0; i < length; i++) text += (i === 0 ? "" : pick(SEPARATORS)) + (next() < 0.35 ? pick(VALUES) : pick(WORDS));
    return next() < 0.3 ? `- ${text}` : `${text}.`;
  };
  const lines = Array.from({ length: 1 + Math.floor(next() * 5) }, line);
  return { description: line(), body: lines.join("\n") };
}

// Compares the lazy slots of two memories with the eager ones; how many value lists were compared.
function compareSlots(x: { description: string; body: string }, y: { description: string; body: string }, name: string, next: () => number): number {
  let compared = 0;
  const [ma, mb] = [memory("project_a", { name, ...x }, x.body), memory("project_b", { name, ...y }, y.body)];
  const [fa, fb] = [memoryFacts(ma), memoryFacts(mb)];
  const [lazyA, lazyB] = [valueSlots(ma, fa), valueSlots(mb, fb)];
  const [eagerA, eagerB] = [eagerSlots(ma, fa.language), eagerSlots(mb, fb.language)];
  for (const value of fa.values) {
    const eager = eagerA.words.has(value) && !eagerA.asserted.has(value);
    expect(onlyNegated(lazyA, value), `${value} in ${x.description}\n${x.body}`).toBe(eager);
  }
  for (const kind of ["host", "time", "date", "duration", "number", "id", "name"]) {
    const [va, vb] = [[...fa.values].filter((v) => v.startsWith(`${kind}:`)), [...fb.values].filter((v) => v.startsWith(`${kind}:`))];
    const subsets = [va, va.filter(() => next() < 0.5)];
    for (const ours of subsets) {
      const theirs = vb.filter(() => next() < 0.7);
      const lazy = shareSlot(ours, { slots: lazyA, subject: fa.subject }, theirs, { slots: lazyB, subject: fb.subject });
      const eager = eagerShareSlot(ours, { slots: eagerA, subject: fa.subject }, theirs, { slots: eagerB, subject: fb.subject });
      expect(lazy, `${kind}: ${ours} / ${theirs}\n${x.description}\n${x.body}\n---\n${y.description}\n${y.body}`).toBe(eager);
      expect(replacedInPlace(ours, lazyA, lazyB, fa.mentions)).toBe(eagerReplacedInPlace(ours, eagerA, eagerB, fa.mentions));
      compared++;
    }
  }
  return compared;
}

describe("value slots read lazily answer as the slots read for every value did", () => {
  it("on generated memories: onlyNegated, shareSlot and replacedInPlace", () => {
    const next = random(20261127);
    let compared = 0;
    for (let round = 0; round < 400; round++) compared += compareSlots(generated(next), generated(next), "status board", next);
    expect(compared).toBeGreaterThan(1000);
  });

  it("on the same lines read again by other memories' slots, whose lines were split before", () => {
    const next = random(20261128);
    let compared = 0;
    for (let round = 0; round < 200; round++) {
      const [x, y] = [generated(next), generated(next)];
      for (const name of ["status board", "status board again", "status board once more"]) compared += compareSlots(x, y, name, next);
    }
    expect(compared).toBeGreaterThan(1000);
  });
});
