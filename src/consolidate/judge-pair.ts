import type { Memory } from "../memory/memory.js";
import { stem } from "../text/tokenize.js";
import { sameNameInflected } from "./inflected-names.js";
import { ATTRIBUTE_WORDS, GENERIC_WORDS, isPolarityWord, type MemoryFacts, typedValues, WEEKDAYS } from "./memory-facts.js";
import type { ConflictProposal } from "./plan-types.js";
import { sameZoneWord, saysZone } from "./time-zones.js";
import { isUnitWord, sameUnitWord } from "./value-forms.js";
import { onlyNegated, replacedInPlace, shareSlot, valueSlots } from "./value-slots.js";
import { holdsWholeWord } from "./whole-word.js";

/** What the rules make of two memories of one type found alike. */
export type PairVerdict = { kind: "merge" } | { kind: "conflict"; reason: ConflictProposal["reason"] } | { kind: "apart"; why: string } | { kind: "undecided" };

/**
 * How alike two memories were found: word overlap (BM25-weighted), and with
 * vectors their cosine; when the set was large enough to calibrate, also the
 * cosine on the set's own scale and whether each is the other's nearest.
 */
export interface PairEvidence {
  lexical: number;
  cosine?: number | undefined;
  /** (1 − cosine) / (1 − the set's typical cosine): 0 identical, 1 as far as unrelated memories. */
  relative?: number | undefined;
  /** How many spreads the cosine stands above the set's typical pair. */
  standing?: number | undefined;
  /** Each is the other's nearest neighbour (within a small margin). */
  mutual?: boolean | undefined;
}

export interface JudgeOptions {
  /** Weighted word overlap from which two memories say the same thing. */
  duplicateAt: number;
  /** Cosine from which the vectors say one subject when there is no calibrated scale (too few memories). */
  sameSubjectCosine: number;
  /** On the set's own scale, mutual nearest neighbours are one subject up to this relative distance… */
  sameSubjectRelative: number;
  /** …and from this many spreads above the set's typical pair. */
  sameSubjectStanding: number;
  /** No cosine below this says one subject, whatever the scale. */
  cosineFloor: number;
}

export const DEFAULT_JUDGE: JudgeOptions = { duplicateAt: 0.42, sameSubjectCosine: 0.91, sameSubjectRelative: 0.6, sameSubjectStanding: 4.2, cosineFloor: 0.5 };

export interface JudgedSide {
  memory: Memory;
  facts: MemoryFacts;
}

// "We dropped Redis", "Vercel replaces ECS", "no longer on Heroku".
const SUPERSEDES =
  /\b(replac(?:e|es|ed|ing)|supersed(?:e|es|ed|ing)|instead of|no longer|drop(?:s|ped)?|switch(?:ed|ing)? (?:away )?from|mov(?:e|ed|ing) (?:off|away from)|deprecat(?:e|es|ed)|retir(?:e|es|ed)|stopp?(?:ed)? using|migrated (?:off|away from))\b/i;
const VALUE_KINDS = ["host", "time", "zone", "date", "monthday", "month", "duration", "number", "id", "measure", "name"];
const MAX_HUNK = 2;
// A holder ("the public API gateway", "the image resizer") may take a word more than a value.
const MAX_HOLDER = 3;
// Name words that ask for a thing or a person as the value: "Payments owner: Olga", "Deploy target: Vercel".
const ENTITY_ATTRIBUTES = new Set(
  [
    "owner",
    "owners",
    "ownership",
    "lead",
    "maintainer",
    "contact",
    "assignee",
    "reviewer",
    "approver",
    "manager",
    "dri",
    "target",
    "host",
    "hosting",
    "hostname",
    "url",
    "endpoint",
    "address",
    "domain",
    "server",
    "provider",
    "vendor",
    "backend",
    "engine",
    "tool",
    "library",
    "framework",
    "executor",
    "broker",
    "registry",
    "stack",
  ].map((word) => stem(word)),
);
const NUMBER_WORD = /^[\d.,:%]+$/;
// A number, or one with a unit or "am" glued after it ("09", "9am", "20m", "3.3v"); not an identifier ("eu-west-1", "gpio4").
const QUANTITY_WORD = /^\d[\d.,:%]*\p{L}*$/u;
const IS_QUANTITY_WORD = (word: string) => QUANTITY_WORD.test(word);

/**
 * The offline rules, in order: different things stay apart (a different
 * environment, platform, day, role or measure, as a rate and a count; or
 * names that each say something the other never mentions); the same
 * subject with a changed value is a conflict (a supersession said in
 * words, always ↔ never, a different
 * number, version, time, host, name, or a lowercase value swapped in an
 * otherwise parallel sentence); what is left merges when the words (or the
 * vectors) say it is the same. The order makes look-alikes safe: a
 * look-alike never reaches the value rules.
 */
export function judgePair(older: JudgedSide, newer: JudgedSide, evidence: PairEvidence, options: JudgeOptions = DEFAULT_JUDGE): PairVerdict {
  const [a, b] = [older.facts, newer.facts];
  const qualifier = differentQualifier(a, b);
  if (qualifier) return { kind: "apart", why: `different ${qualifier}` };
  if (differentHolder(a, b)) return { kind: "apart", why: "different holder" };
  const vectorsSaySame = sameSubjectByVectors(evidence, options);
  // Names that differ over words both say otherwise: the names' own words are what tells them apart, whatever the vectors.
  if ((!vectorsSaySame || evidence.lexical >= options.duplicateAt) && differentSubjects(a, b)) return { kind: "apart", why: "different subjects" };

  const conflict = changedValue(older, newer);
  if (conflict) return { kind: "conflict", reason: conflict };
  if (evidence.lexical >= options.duplicateAt) return { kind: "merge" };
  // Only the vectors say one subject, and each side states a quantity of a kind the other does not: a value
  // changed in a form the rules cannot compare ("by the 15th" / "2026-05-15") is left to a person.
  if (vectorsSaySame) return valuesOfOtherKinds(a, b) ? { kind: "undecided" } : { kind: "merge" };
  return { kind: "undecided" };
}

/**
 * The vectors' word on "one subject", on the set's own scale when there is
 * one: every model has its own (paraphrases at 0.75 for one, 0.95 for
 * another), so no absolute cosine holds across them. Calibrated: the pair
 * stands far above the set's typical pair, is close to 1 relative to it,
 * and each is the other's nearest. Look-alikes are as close as duplicates
 * in every model: the rules keep them apart before this is asked.
 */
export function sameSubjectByVectors(evidence: PairEvidence, options: JudgeOptions = DEFAULT_JUDGE): boolean {
  const { cosine, relative, standing } = evidence;
  if (cosine === undefined) return false;
  if (relative === undefined || standing === undefined) return cosine >= options.sameSubjectCosine;
  return cosine >= options.cosineFloor && relative <= options.sameSubjectRelative && standing >= options.sameSubjectStanding && evidence.mutual !== false;
}

/** A class of qualifier (environment, kind of thing, platform, day, role, region, measure) both name, with no value in common. */
export function differentQualifier(a: MemoryFacts, b: MemoryFacts): string | undefined {
  const [qa, qb] = [derived(a).qualifiersByClass(), derived(b).qualifiersByClass()];
  for (const [kind, values] of qa) {
    const other = qb.get(kind);
    if (!other || [...values].some((value) => other.has(value)) || isTheValue(kind, a, b)) continue;
    return kind === "env" ? "environment" : kind === "area" ? "region" : kind === "kind" ? "kind of thing" : kind;
  }
  // A fact that names no environment is about production: "staging X" is another thing.
  const [ea, eb] = [qa.get("env"), qb.get("env")];
  if ((ea === undefined) !== (eb === undefined) && [...(ea ?? eb)!].every((env) => env !== "production")) return "environment";
  return undefined;
}

// Name words that make a class of qualifier what the fact is about: "AWS region", "Deploy environment".
const CLASS_ATTRIBUTES: Record<string, string[]> = {
  env: ["environment", "env"],
  platform: ["platform"],
  day: ["day", "weekday"],
  role: ["role"],
  region: ["region", "zone", "location"],
  area: ["region", "zone", "location"],
};

/**
 * A qualifier both name is the fact's value, not which thing it is about,
 * when both names say its class ("AWS region" / "AWS primary region"); and
 * a weekday is when two memories of one name ("Cleaner visits"), neither
 * naming a day, say something happens: a schedule's value, where an
 * environment or a region would still say which deployment.
 */
function isTheValue(kind: string, a: MemoryFacts, b: MemoryFacts): boolean {
  const names = (facts: MemoryFacts, words: string[]) => words.some((word) => facts.subject.has(stem(word, facts.language)));
  const attributes = CLASS_ATTRIBUTES[kind] ?? [];
  if (names(a, attributes) && names(b, attributes)) return true;
  if (kind !== "day" || a.subject.size !== b.subject.size || ![...a.subject].every((word) => b.subject.has(word))) return false;
  return !names(a, WEEKDAYS) && !names(b, WEEKDAYS);
}

/** Each name says something the other memory never mentions (attribute words like "time" or "owner" aside). */
export function differentSubjects(a: MemoryFacts, b: MemoryFacts): boolean {
  const unique = (own: MemoryFacts, other: MemoryFacts) =>
    [...own.subject].filter((word) => !mentionsWord(other, word) && !ATTRIBUTE_WORDS.has(word) && !/^\d+$/.test(word));
  const [ua, ub] = [unique(a, b), unique(b, a)];
  if (ua.length === 0 || ub.length === 0) return false;
  // "cert" / "certification", "fw" / "firmware": one name shortens a word of the other's.
  return ua.some((x) => !ub.some((y) => shortens(x, y) || shortens(y, x))) || ub.some((y) => !ua.some((x) => shortens(x, y) || shortens(y, x)));
}

// A word cut short ("cert", at least four letters) or a short abbreviation whose letters the word has in
// order, from its first ("fw" in "firmware", "cfg" in "config").
function shortens(short: string, long: string): boolean {
  if (short.length >= long.length || /\d/.test(short)) return false;
  if (short.length >= 4) return long.startsWith(short);
  if (short.length < 2 || short[0] !== long[0] || long.length < 2 * short.length) return false;
  let at = 1;
  for (const letter of short.slice(1)) {
    at = long.indexOf(letter, at) + 1;
    if (at === 0) return false;
  }
  return true;
}

// "two-week" is mentioned by a memory that says "two weeks".
function mentionsWord(facts: MemoryFacts, word: string): boolean {
  if (facts.mentions.has(word)) return true;
  const parts = word.split(/[._/:-]+/).filter((part) => part.length > 1);
  return parts.length > 1 && parts.every((part) => facts.mentions.has(stem(part, facts.language)));
}

/**
 * Parallel statements about different holders: the same predicate said of
 * another thing or person. The words that differ open the sentence ("the
 * sync worker is allowed 512 MB" / "the image resizer is allowed 512 MB",
 * "Aylin codes in VS Code" / "Tomasz codes in VS Code", "access tokens
 * expire after" / "refresh tokens expire after"), or are a host the
 * sentence goes on about ("disk on build-01 passes 85%"); either way at
 * least two words in a row follow that both say. A name that asks for a
 * thing or a person as its value ("Payments owner", "Deploy target") makes
 * those words the value instead: a conflict, not a look-alike. Names that
 * each say whose the fact is, and not the same one, are two holders too;
 * so are names whose proper names the other memory never mentions
 * ("Reading list for Noor" / "Reading list for Sam").
 */
export function differentHolder(a: MemoryFacts, b: MemoryFacts): boolean {
  // "Dana's answer style" / "Eli's answer style": each name says whose, and the other never mentions that one.
  const unknownTo = (own: MemoryFacts, other: MemoryFacts) => own.possessors.size > 0 && [...own.possessors].every((word) => !other.mentions.has(word));
  if (unknownTo(a, b) && unknownTo(b, a)) return true;
  for (const word of [...a.subject, ...b.subject]) if (ENTITY_ATTRIBUTES.has(word)) return false;
  // "Reading list for Noor" / "Reading list for Sam", "Log archive (EU)" / "(US)": each name names someone
  // or something the other memory never mentions.
  const unnamed = (own: MemoryFacts, other: MemoryFacts) => own.named.size > 0 && [...own.named].every((name) => !mentionsValue(other, `name:${name}`));
  if (unnamed(a, b) && unnamed(b, a)) return true;
  // Numbers aside: "expire after 15 minutes" / "expire after 30 days" is one predicate with other values.
  // A holder is named where a memory says what it is about: its first statements. A memory that grew
  // over years of merges is not aligned line by line against another (that cost grew with both).
  const withHosts = derived(a).valuesOf("host").length > 0 && derived(b).valuesOf("host").length > 0;
  const ys = derived(b).holderWords();
  for (const x of derived(a).holderWords()) {
    for (const y of ys) {
      // Without hosts only an opening that differs can be a holder: most pairs are settled here, before any alignment.
      if (!withHosts && x[0] === y[0]) continue;
      // Half the longer line in common is needed, and the shorter line bounds what they can share.
      if (Math.min(x.length, y.length) < 0.5 * Math.max(x.length, y.length)) continue;
      const common = lcs(x, y);
      if (common.length < 2 || common.length < 0.5 * Math.max(x.length, y.length)) continue;
      let [pi, pj] = [-1, -1];
      for (const [k, [i, j]] of common.entries()) {
        const hunk = { a: x.slice(pi + 1, i), b: y.slice(pj + 1, j) };
        [pi, pj] = [i, j];
        if (hunk.a.length === 0 || hunk.b.length === 0 || hunk.a.length > MAX_HOLDER || hunk.b.length > MAX_HOLDER) continue;
        // What follows must be said by both, two words in a row at least: the predicate.
        const next = common[k + 1];
        if (!next || next[0] !== i + 1 || next[1] !== j + 1) continue;
        const leading = hunk.a[0] === x[0] && hunk.b[0] === y[0];
        const hosts = hunk.a.length === 1 && hunk.b.length === 1 && isHost(a, hunk.a[0]!) && isHost(b, hunk.b[0]!);
        if (!leading && !hosts) continue;
        if ([...hunk.a, ...hunk.b].some((word) => GENERIC_WORDS.has(word) || ATTRIBUTE_WORDS.has(word) || isPolarityWord(word))) continue;
        if (isAbbreviation(hunk.b, hunk.a) || isAbbreviation(hunk.a, hunk.b) || sameWord(hunk.a, hunk.b)) continue;
        // One side's holder unknown to the other: rewordings name the same holder in both.
        if (hunk.a.every((word) => !b.mentions.has(word)) || hunk.b.every((word) => !a.mentions.has(word))) return true;
      }
    }
  }
  return false;
}

const HOLDER_LINES = 12;

function isHost(facts: MemoryFacts, word: string): boolean {
  return facts.values.has(`host:${word}`);
}

/** Why the newer memory changes a value of the older, if it does. */
export function changedValue(older: JudgedSide, newer: JudgedSide): ConflictProposal["reason"] | undefined {
  const [a, b] = [older.facts, newer.facts];
  if (explicitSupersession(older, newer)) return "explicit-supersession";
  for (const sign of a.polarity) {
    const opposite = `${sign[0] === "+" ? "-" : "+"}${sign.slice(1)}`;
    if (b.polarity.has(opposite) && !b.polarity.has(sign) && !a.polarity.has(opposite)) return "different-values";
  }
  // A value said under a negation is not asserted: "no miles or Fahrenheit" states no temperature unit.
  const asserted = (facts: MemoryFacts, v: string) => !facts.negated.has(v.slice(v.indexOf(":") + 1));
  // A value the newer gives only as what was before ("90 days (it was 30 days)") is one it no longer states.
  const states = (side: JudgedSide, v: string) => {
    const facts = side.facts;
    if (!(facts.past.has(v) ? facts.values.has(v) : mentionsValue(facts, v))) return false;
    // Nor one it says only under a negation: "GPIO5, not GPIO4" no longer states GPIO4.
    return asserted(facts, v) || !onlyNegated(valueSlots(side.memory, facts), v);
  };
  // A name the other states inflected ("Kraków" / "w Krakowie") is one it states.
  const inflected = (v: string, other: MemoryFacts) =>
    v.startsWith("name:") &&
    derived(other)
      .valuesOf("name")
      .some((w) => sameNameInflected(v.slice(5), w.slice(5)));
  for (const kind of VALUE_KINDS) {
    const onlyA = derived(a)
      .valuesOf(kind)
      .filter((v) => !states(newer, v) && asserted(a, v) && !inflected(v, b));
    if (onlyA.length === 0) continue;
    const onlyB = derived(b)
      .valuesOf(kind)
      .filter((v) => !states(older, v) && asserted(b, v) && !inflected(v, a));
    // A changed value fills the slot the other's filled; a value with no counterpart is a detail added.
    if (onlyB.length === 0 && kind !== "name") continue;
    const [slotsA, slotsB] = [valueSlots(older.memory, a), valueSlots(newer.memory, b)];
    // A name said where the other says a word of its own: "deployed to ECS Fargate" / "deployed to vercel".
    if (kind === "name" && (replacedInPlace(onlyA, slotsA, slotsB, a.mentions) || replacedInPlace(onlyB, slotsB, slotsA, b.mentions)))
      return "different-values";
    if (onlyB.length === 0) continue;
    const [ours, theirs] = [
      { slots: slotsA, subject: a.subject },
      { slots: slotsB, subject: b.subject },
    ];
    if (shareSlot(onlyA, ours, onlyB, theirs)) return "different-values";
  }
  if (swappedWord(a, b) !== undefined) return "different-values";
  return undefined;
}

const QUANTITY_KINDS = new Set(["time", "date", "monthday", "duration", "number"]);

function valuesOfOtherKinds(a: MemoryFacts, b: MemoryFacts): boolean {
  const kindsOnlyIn = (own: MemoryFacts, other: MemoryFacts) =>
    new Set(
      [...own.values]
        .filter((v) => !mentionsValue(other, v) && !own.negated.has(v.slice(v.indexOf(":") + 1)))
        .map((v) => v.slice(0, v.indexOf(":")))
        .filter((kind) => QUANTITY_KINDS.has(kind)),
    );
  const [ka, kb] = [kindsOnlyIn(a, b), kindsOnlyIn(b, a)];
  return ka.size > 0 && kb.size > 0 && ![...ka].some((kind) => kb.has(kind));
}

// A value is the other's too when the other states it, as a value or in its words ("Lisbon" at a sentence start).
// A zone only as a time's: "UTC" is in "UTC+2", and a zone named with no time is no time's.
function mentionsValue(facts: MemoryFacts, value: string): boolean {
  if (facts.values.has(value)) return true;
  // A duration is held in seconds: "duration:5" is not mentioned by the "5" of "5 ms".
  if (value.startsWith("zone:") || value.startsWith("duration:")) return false;
  const text = value.slice(value.indexOf(":") + 1);
  if (value.startsWith("name:") && facts.mentions.has(stem(text, facts.language))) return true;
  if (!facts.statement.includes(text)) return false;
  return holdsWholeWord(facts.statement, text);
}

// The newer says it replaces something, and names a value of the older in that sentence.
function explicitSupersession(older: JudgedSide, newer: JudgedSide): boolean {
  const replacing = derived(newer.facts).replacingSentences();
  if (replacing.length === 0) return false;
  const olderValues = derived(older.facts).valueTexts();
  return replacing.some(({ sentence, at }) => olderValues.some((value) => sentence.indexOf(value, at) > at));
}

/**
 * Two parallel statements (most words in order in common) where a few words
 * of the older are replaced by words the older never mentions:
 * "airflow runs the celery executor" → "airflow runs the kubernetes executor".
 */
export function swappedWord(a: MemoryFacts, b: MemoryFacts): { a: string[]; b: string[] } | undefined {
  for (const x of a.sequences) {
    for (const y of b.sequences) {
      // The shorter line bounds what two lines share: most pairs of a long memory's lines need no alignment.
      if (Math.min(x.length, y.length) < 0.6 * Math.max(x.length, y.length)) continue;
      const common = lcs(x, y);
      if (common.length < 2 || common.length < 0.6 * Math.max(x.length, y.length)) continue;
      const inY = new Set(y);
      for (const hunk of hunks(x, y, common)) {
        if (hunk.a.length === 0 || hunk.b.length === 0 || hunk.a.length > MAX_HUNK || hunk.b.length > MAX_HUNK) continue;
        // A value is a thing, not a verb of how it is said ("runs on" / "uses").
        if (hunk.a.every((word) => GENERIC_WORDS.has(word)) || hunk.b.every((word) => GENERIC_WORDS.has(word))) continue;
        // Numbers and quantities on both sides were compared as values, by kind, form and slot: as words, "9:00" / "09:00"
        // is "9" / "09" and "9:00" / "9am" is "9 00" / "9am" (the tokenizer splits a time at its colon).
        if (hunk.a.every(IS_QUANTITY_WORD) && hunk.b.every(IS_QUANTITY_WORD)) continue;
        if (isAbbreviation(hunk.b, hunk.a) || isAbbreviation(hunk.a, hunk.b) || sameWord(hunk.a, hunk.b) || sameValue(hunk.a, hunk.b)) continue;
        // "5 W" / "5 watts": the number is common, the unit said two ways; "9:00 UTC" / "9:00 GMT", one zone.
        if (hunk.afterNumber && hunk.a.length === 1 && hunk.b.length === 1 && sameUnitWord(hunk.a[0]!, hunk.b[0]!)) continue;
        if (hunk.a.length === 1 && hunk.b.length === 1 && sameZoneWord(hunk.a[0]!, hunk.b[0]!) && saysZone(a.values) && saysZone(b.values)) continue;
        if (hunk.b.every((word) => !a.mentions.has(word) && !ATTRIBUTE_WORDS.has(word)) && hunk.a.every((word) => !inY.has(word) && !ATTRIBUTE_WORDS.has(word)))
          return hunk;
      }
    }
  }
  return undefined;
}

// The longest common subsequence's table, one flat array kept between calls: long memories align
// thousands of line pairs, and a table of arrays for each was most of the work.
let table = new Int32Array(1024);

/** The word pairs (i, j) of a longest common subsequence of two lines, in order. */
export function lcs(x: string[], y: string[]): [number, number][] {
  const width = y.length + 1;
  const size = (x.length + 1) * width;
  if (table.length < size) table = new Int32Array(Math.max(size, 2 * table.length));
  const at = (i: number, j: number) => i * width + j;
  for (let j = 0; j <= y.length; j++) table[at(x.length, j)] = 0;
  for (let i = x.length - 1; i >= 0; i--) {
    table[at(i, y.length)] = 0;
    for (let j = y.length - 1; j >= 0; j--)
      table[at(i, j)] = x[i] === y[j] ? table[at(i + 1, j + 1)]! + 1 : Math.max(table[at(i + 1, j)]!, table[at(i, j + 1)]!);
  }
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      pairs.push([i++, j++]);
    } else if (table[at(i + 1, j)]! >= table[at(i, j + 1)]!) i++;
    else j++;
  }
  return pairs;
}

/** What the rules ask of one memory's facts again and again, worked out once per facts (facts never change once read). */
interface Derived {
  qualifiersByClass(): Map<string, Set<string>>;
  /** The statement's values of one kind (`time:16:00`), in order. */
  valuesOf(kind: string): string[];
  /** The values without their kinds, longer than one character. */
  valueTexts(): string[];
  /** Sentences of the statement that say something replaces something, with where that is said. */
  replacingSentences(): { sentence: string; at: number }[];
  /** The opening statements' words without numbers, where a holder is named. */
  holderWords(): string[][];
}

const derivations = new WeakMap<MemoryFacts, Derived>();

function derived(facts: MemoryFacts): Derived {
  let found = derivations.get(facts);
  if (found) return found;
  const once = <T>(make: () => T) => {
    let value: T | undefined;
    return () => {
      value ??= make();
      return value;
    };
  };
  const byKind = once(() => {
    const map = new Map<string, string[]>();
    for (const v of facts.values) {
      const kind = v.slice(0, v.indexOf(":"));
      const list = map.get(kind);
      if (list) list.push(v);
      else map.set(kind, [v]);
    }
    return map;
  });
  found = {
    qualifiersByClass: once(() => {
      const map = new Map<string, Set<string>>();
      for (const q of facts.qualifiers) {
        const [kind, value] = q.split(":") as [string, string];
        map.set(kind, (map.get(kind) ?? new Set()).add(value));
      }
      return map;
    }),
    valuesOf: (kind) => byKind().get(kind) ?? [],
    valueTexts: once(() => [...facts.values].map((v) => v.slice(v.indexOf(":") + 1)).filter((v) => v.length > 1)),
    replacingSentences: once(() =>
      facts.statement
        .split(/(?<=[.!?;])\s+|\n+/)
        .map((sentence) => ({ sentence, at: sentence.search(SUPERSEDES) }))
        .filter(({ at }) => at >= 0),
    ),
    holderWords: once(() => facts.sequences.slice(0, HOLDER_LINES).map((sequence) => sequence.filter((word) => !NUMBER_WORD.test(word)))),
  };
  derivations.set(facts, found);
  return found;
}

// "second" / "seconds": one word stemmed two ways (the memories' languages were read differently).
function sameWord(a: string[], b: string[]): boolean {
  if (a.length !== 1 || b.length !== 1) return false;
  const [x, y] = [a[0]!, b[0]!];
  return Math.min(x.length, y.length) >= 3 && (x.startsWith(y) || y.startsWith(x));
}

// "20m" / "20 minutes", "2k" / "2000": one value written two ways (the words are stems: "20 minut").
function sameValue(a: string[], b: string[]): boolean {
  if (!a.some((word) => /\d/.test(word)) && !b.some((word) => /\d/.test(word))) return false;
  const [x, y] = [typedValues(a.join(" ")), typedValues(b.join(" "))];
  return x.size > 0 && x.size === y.size && [...x].every((value) => y.has(value));
}

// "rf" for "replication factor": one side the other's initials.
function isAbbreviation(short: string[], long: string[]): boolean {
  return short.length === 1 && long.length > 1 && short[0] === long.map((word) => word[0]).join("");
}

// The stretches between common words followed by a common word: a trailing stretch is as often a detail added as a value changed,
// unless it is one last word each side ("managed with redux" / "managed with zustand").
function hunks(x: string[], y: string[], common: [number, number][]): Hunk[] {
  const out: Hunk[] = [];
  let [pi, pj] = [-1, -1];
  // After a number, or a number's unit: "100 MB/s" / "100 MB/sec" is "100 mb s" / "100 mb sec", a rate's "second" said two ways.
  const afterNumber = () => pi >= 0 && (NUMBER_WORD.test(x[pi]!) || (pi >= 1 && NUMBER_WORD.test(x[pi - 1]!) && isUnitWord(x[pi]!)));
  for (const [i, j] of common) {
    if (i > pi + 1 || j > pj + 1) out.push({ a: x.slice(pi + 1, i), b: y.slice(pj + 1, j), afterNumber: afterNumber() });
    [pi, pj] = [i, j];
  }
  if (pi === x.length - 2 && pj === y.length - 2) out.push({ a: x.slice(pi + 1), b: y.slice(pj + 1), afterNumber: afterNumber() });
  return out;
}

/** Words one line has where the other has others; `afterNumber`: a common number, or a number and its unit, comes just before them. */
interface Hunk {
  a: string[];
  b: string[];
  afterNumber: boolean;
}
