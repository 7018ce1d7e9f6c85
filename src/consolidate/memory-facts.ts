import type { Memory } from "../memory/memory.js";
import { BoundedCache } from "../text/bounded-cache.js";
import { sha256 } from "../text/hash.js";
import { ownCopy } from "../text/own-copy.js";
import { DETECT_CHARS, detectLanguage, isStopWord, type Language, stem, tokenize } from "../text/tokenize.js";
import { numberedRuns } from "./numbered-runs.js";
import { readTimeZones } from "./time-zones.js";
import { COUNT_WORD, countWord, monthName, readWrittenValues } from "./value-forms.js";
import { wordNumbersGrown } from "./word-numbers.js";

/**
 * What a memory states, as consolidation's rules compare it: its subject
 * (the name's words), its statement (name, description and body without
 * rationale or the tool's own filler), the typed values in the statement,
 * and the phrases it asserts or negates.
 */
export interface MemoryFacts {
  /** Content stems of the name. */
  subject: Set<string>;
  /** Whose the name says the fact is: "Dana's answer style" → dana. */
  possessors: Set<string>;
  /** Every stem the memory mentions anywhere, parts of compound words included. */
  mentions: Set<string>;
  /** Statement sequences, in order: the description, then each statement line of the body. */
  sequences: string[][];
  /** Typed values the statement asserts, `kind:value`. */
  values: Set<string>;
  /** Values it gives only as what was before ("90 days (it was 30 days)"): not asserted. */
  past: Set<string>;
  /** Names in the memory's name ("Reading list for Noor" → noor): whom or what it is about. */
  named: Set<string>;
  /** Qualifiers by class (`env:production`, `platform:ios`, `day:monday`, `measure:rate`). */
  qualifiers: Set<string>;
  /** `+stem` for an "always X", `-stem` for a "never X" / "don't X" / "no X". */
  polarity: Set<string>;
  /** Words said under a negation, to the clause's end ("no miles or Fahrenheit"): not values the memory asserts. */
  negated: Set<string>;
  /** The statement as plain text, lower case. */
  statement: string;
  language: Language;
}

// The tool's own lines: a memory's date, and rationale it writes when the log gave none.
const BOILERPLATE = [
  /^\*\*(date|added [\d-]+):?\*\*:?\s*[\d-]*\s*$/i,
  /unless a later entry replaces it/i,
  /not stated in the log/i,
  /when the same situation comes up again/i,
  /^\s*\*{0,2}why:?\*{0,2}:?\s*learned on [\d-]+\.?\s*$/i,
];
// Rationale is no part of the fact itself: "30 s" in "why: 30 s was too short" is not the value.
const RATIONALE = /^\s*(?:[-*]\s+)?\*{0,2}(why|how to apply|rationale|because)\b/i;
// A map, not an object: a word like "constructor" would read the object's own function as its synonym.
const SYNONYMS = new Map(
  Object.entries({
    prod: "production",
    produktion: "production",
    produccion: "production",
    producción: "production",
    stage: "staging",
    dev: "development",
    db: "database",
    pg: "postgres",
    postgresql: "postgres",
    k8s: "kubernetes",
    repo: "repository",
    iphone: "ios",
    ipad: "ios",
    pr: "pull-request",
    prs: "pull-request",
  }),
);
/** Words that name a kind of fact (a time, an owner), not which thing it is about. */
export const ATTRIBUTE_WORDS = new Set(
  [
    "time",
    "times",
    "window",
    "schedule",
    "scheduled",
    "cron",
    "version",
    "versions",
    "upgrade",
    "owner",
    "ownership",
    "target",
    "url",
    "urls",
    "link",
    "address",
    "host",
    "hosting",
    "hostname",
    "endpoint",
    "location",
    "size",
    "region",
    "zone",
    "hours",
    "limit",
    "timeout",
    "setting",
    "settings",
    "config",
    "value",
    "port",
    "date",
    "day",
    "deadline",
    "policy",
    "style",
    "rule",
    "default",
    "name",
    "current",
    "new",
    "base",
    "runtime",
    "cadence",
    "frequency",
    "interval",
    "speed",
    "rate",
  ].map((word) => stem(word)),
);
// Verbs and fillers that say how a fact is put, not what it is.
export const GENERIC_WORDS = new Set(
  [
    "run",
    "runs",
    "use",
    "uses",
    "used",
    "go",
    "goes",
    "get",
    "make",
    "keep",
    "kept",
    "live",
    "lives",
    "sit",
    "sits",
    "set",
    "put",
    "need",
    "want",
    "prefer",
    "take",
    "give",
    "handle",
    "manage",
    "managed",
    "switch",
    "switched",
    "turn",
    "show",
    "call",
    "work",
    "stay",
    "hold",
    "behind",
    "via",
    "through",
    "then",
    "also",
    "well",
    "now",
    "currently",
    "every",
    "each",
    "per",
    "only",
    "just",
    "still",
    "all",
    "any",
    "whole",
  ].map((word) => stem(word)),
);
export const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
// A qualifier of one of these classes on each side, and none shared: two different things.
const QUALIFIERS: Record<string, string[]> = {
  env: ["production", "staging", "development", "local", "qa", "sandbox", "preview"],
  platform: ["ios", "android", "web", "mobile", "desktop", "windows", "macos", "linux"],
  day: WEEKDAYS,
  role: ["primary", "secondary", "replica", "disaster-recovery", "dr", "standby", "fallback"],
};
// What is measured of a thing, by what the measure is: a rate (per time or per whole), a count, a size. Two measures
// of one thing are two subjects ("error rate alert at 5" / "error count alert at 5"), where two words for one measure
// are not ("console speed" / "console baud rate"). Words of many meanings ("number", "amount", "total", "interval")
// are none of these; "counts" is as often a verb ("reading time counts as part of it").
const MEASURES: Record<string, string[]> = {
  rate: ["rate", "rates", "speed", "speeds", "ratio", "percentage", "frequency", "throughput"],
  count: ["count"],
  size: ["size", "sizes", "length", "capacity"],
};
const QUALIFIER_OF = new Map([
  ...Object.entries(QUALIFIERS).flatMap(([kind, words]) => words.map((word) => [word, `${kind}:${word}`] as const)),
  ...Object.entries(MEASURES).flatMap(([measure, words]) => words.map((word) => [word, `measure:${measure}`] as const)),
]);
// Cloud regions ("eu-west-3", "us-central1") and the areas they are in ("EU", "US", only in capitals:
// "us" is a word): a region is one class, an area another, so "eu-west-3" and "EU" are not told apart.
const REGION_ID =
  /^(us|eu|ap|sa|ca|me|af|il|mx|europe|asia|australia|northamerica|southamerica|africa)(?:-gov)?-(?:north|south|east|west|central|northeast|northwest|southeast|southwest)-?\d$/;
const AREA_OF: Record<string, string> = {
  us: "us",
  usa: "us",
  eu: "eu",
  europe: "eu",
  uk: "uk",
  ap: "apac",
  apac: "apac",
  asia: "apac",
  australia: "apac",
  emea: "emea",
  sa: "latam",
  southamerica: "latam",
  latam: "latam",
  mx: "latam",
  ca: "ca",
  northamerica: "ca",
  me: "me",
  il: "me",
  af: "africa",
  africa: "africa",
};
const AREA_CODE = /(?<![\p{L}\p{N}])(EU|US|USA|UK|APAC|EMEA|LATAM)(?![\p{L}\p{N}])/gu;
const NEGATIONS = new Set(["never", "not", "don't", "dont", "no", "nie", "niemals", "kein", "keine", "jamais", "nunca"]);
const AFFIRMATIONS = new Set(["always", "immer", "toujours", "siempre", "sempre"]);

/** "always", "never", "don't": words that say whether, not what. */
export function isPolarityWord(word: string): boolean {
  return NEGATIONS.has(word) || AFFIRMATIONS.has(word) || word.endsWith("n't");
}
// Capitalised words that name nothing.
const NOT_NAMES = new Set([
  "why",
  "how",
  "date",
  "added",
  "the",
  "a",
  "an",
  "we",
  "i",
  "it",
  "this",
  "use",
  "decision",
  "rationale",
  "status",
  "note",
  "always",
  "never",
  "do",
  "don't",
  "no",
  "only",
]);

const POSSESSIVE = /([\p{L}\p{N}][\p{L}\p{N}_-]*)['’]s(?![\p{L}\p{N}])/gu;
// Tried first: most names hold none, and matchAll makes a copy of its pattern at each call.
const MAY_BE_POSSESSIVE = /['’]s/;

// A long run plans a merge step every week over mostly the same memories: each memory's facts are
// read once. Held by the memory itself, so they go when it does (a cache by content would keep every
// version of a memory that grows week by week).
// Kept through `forgetCaches`: a final pass over every memory needs every memory's facts.
const factsCache = new WeakMap<object, { name: string; description: string; body: string; facts: MemoryFacts }>();

/** Splits a memory into what its rules compare. */
export function memoryFacts(memory: Pick<Memory, "name" | "description" | "body">): MemoryFacts {
  const cached = factsCache.get(memory);
  if (cached && cached.name === memory.name && cached.description === memory.description && cached.body === memory.body) return cached.facts;
  const key = `${memory.name}\u0000${memory.description}`;
  // The same text read again (a long run re-reads each memory it wrote from its file) has the same facts.
  const last = grown.get(key);
  const read = last?.body === memory.body ? { facts: last.facts, settled: last.settled } : (grownFacts(key, memory) ?? readShortOnce(memory));
  factsCache.set(memory, { name: memory.name, description: memory.description, body: memory.body, facts: read.facts });
  grown.delete(key);
  if (memory.body.length >= GROWN_FROM) {
    // The memories that grew last are kept: they are the ones that grow again.
    grown.set(key, { body: memory.body, ...read });
  }
  return read.facts;
}

/** Facts, and whether the text already filled the sample the language is told from. */
type ReadFacts = { facts: MemoryFacts; settled: boolean };

// A memory that learns something every week is its last text with lines added at the end (mergeMemory).
// Its facts are the last facts and the added lines' facts when the language is the same (settled once
// the text fills the sample it is told from), so a long run reads what a memory learned, not all of it.
// Shorter texts are read whole again in less time than keeping their facts would cost in memory.
const GROWN_FROM = 2_000;
const GROWN_LIMIT = 1_000;
const grown = new BoundedCache<{ body: string } & ReadFacts>(GROWN_LIMIT);

// A short memory is read again week after week as another object with the same text (merged with what
// it held already, read back from its file): its facts are kept by a digest of its text, for a while.
// Only where they are readFacts' (a longer text's may be its last facts grown, in their own order).
// 500 texts spare a 3-year run 600 of its 3,700 readings and its live heap about 2 MB at its peak (the
// last pass's facts still kept); 2,000 spared 860 for 9 MB.
const SHORT_LIMIT = 500;
const shortFacts = new BoundedCache<ReadFacts>(SHORT_LIMIT);

function readShortOnce(memory: Pick<Memory, "name" | "description" | "body">): ReadFacts {
  if (memory.body.length >= GROWN_FROM) return readFacts(memory);
  const { name, description, body } = memory;
  // Lengths first: no name and description read as another pair.
  const key = sha256(`${name.length}:${description.length}:${name}${description}${body}`);
  let read = shortFacts.get(key);
  if (!read) {
    read = readFacts(memory);
    shortFacts.set(key, read);
  }
  return read;
}

function grownFacts(key: string, memory: Pick<Memory, "name" | "description" | "body">): ReadFacts | undefined {
  const { body } = memory;
  const last = grown.get(key);
  if (!last || body.length <= last.body.length || body[last.body.length] !== "\n" || !body.startsWith(last.body)) return undefined;
  const previous = last.facts;
  let settled = true;
  if (!last.settled) {
    const told = languageOf(openingOf(memory));
    if (told.language !== previous.language) return undefined;
    settled = told.settled;
  }
  const bodyLines = factLines(body.slice(last.body.length + 1));
  const statementLines = bodyLines.filter((line) => !RATIONALE.test(line));
  const stated = statementLines.map((line) => lineFacts(line, previous.language));
  const rationale = bodyLines.filter((line) => RATIONALE.test(line)).flatMap((line) => lineFacts(line, previous.language).words);
  const added = new Set<string>();
  for (const line of stated) addMentions(added, line.words, previous.language);
  addMentions(added, rationale, previous.language);
  addValueMentions(added, stated);
  const mentions = extended(previous.mentions, added);
  if (mentions !== previous.mentions) wordNumbersGrown(previous.mentions, mentions);
  const grownSet = (kind: "values" | "past" | "qualifiers" | "polarity" | "negated") =>
    extended(
      previous[kind],
      stated.flatMap((line) => line[kind]),
    );
  const facts: MemoryFacts = {
    ...previous,
    mentions,
    sequences: stated.length === 0 ? previous.sequences : [...previous.sequences, ...stated.map((line) => line.words)],
    values: grownSet("values"),
    past: grownSet("past"),
    qualifiers: grownSet("qualifiers"),
    polarity: grownSet("polarity"),
    negated: grownSet("negated"),
    statement: statementLines.length === 0 ? previous.statement : `${previous.statement}\n${statementLines.join("\n").toLowerCase()}`,
  };
  return { facts, settled };
}

// A set with more items at its end: the set itself when it holds them all already (facts never change
// once read, so two readings can share it), else a copy with them added. A memory that grew for years
// holds thousands of words, and most weeks add few new ones.
function extended(set: Set<string>, more: Iterable<string>): Set<string> {
  let copy: Set<string> | undefined;
  for (const item of more) {
    if ((copy ?? set).has(item)) continue;
    copy ??= new Set(set);
    copy.add(item);
  }
  return copy ?? set;
}

// Name, description and the body's fact lines, joined, as far as the language sample goes: what
// readFacts tells the language from, without splitting the whole body.
function openingOf(memory: Pick<Memory, "name" | "description" | "body">): string {
  const parts = [memory.name, memory.description];
  let length = memory.name.length + 1 + memory.description.length;
  const { body } = memory;
  for (let at = 0; at <= body.length && length < LANGUAGE_SAMPLE; ) {
    const end = body.indexOf("\n", at);
    const stop = end === -1 ? body.length : end;
    const [line] = factLines(body.slice(at, stop));
    if (line !== undefined) {
      parts.push(line);
      length += 1 + line.length;
    }
    at = stop + 1;
  }
  return parts.join("\n");
}

// The language is told by the first few thousand words: a body that grows week by week is not read whole for it.
// Capitalised words are mostly names, and a name like "Ben" or "Will" is another language's stop word.
// Settled once what it is told from is full: text added at the end (after a line break, which no
// capitalised word spans) leaves it as it is.
// Only as much is blanked as detectLanguage reads (its first DETECT_CHARS), a chunk at a time, each ending after a line break.
function languageOf(text: string): { language: Language; settled: boolean } {
  const sample = text.length > LANGUAGE_SAMPLE ? text.slice(0, LANGUAGE_SAMPLE) : text;
  let told = "";
  for (let at = 0; at < sample.length && told.length < DETECT_CHARS; ) {
    const lineEnd = sample.indexOf("\n", at + DETECT_CHARS - told.length);
    const end = lineEnd === -1 ? sample.length : lineEnd + 1;
    told += sample.slice(at, end).replace(CAPITALISED_WORD, " ");
    at = end;
  }
  return { language: detectLanguage(told), settled: text.length >= LANGUAGE_SAMPLE || told.length >= DETECT_CHARS };
}

const CAPITALISED_WORD = /(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}'’_-]*/gu;

// The lines joined, as far as the language sample goes: a long body is not joined whole to be cut.
function sampleOf(lines: readonly string[]): string {
  let length = -1;
  let count = 0;
  while (count < lines.length && length < LANGUAGE_SAMPLE) length += lines[count++]!.length + 1;
  return (count === lines.length ? lines : lines.slice(0, count)).join("\n");
}

/** The lines a memory states its fact in: the description, then the body's lines without rationale or the tool's filler. */
export function statementLines(memory: Pick<Memory, "description" | "body">): string[] {
  return [memory.description, ...factLines(memory.body).filter((line) => !RATIONALE.test(line))].filter((line) => line.trim() !== "");
}

function factLines(body: string): string[] {
  return body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !BOILERPLATE.some((pattern) => pattern.test(line)));
}

function addMentions(mentions: Set<string>, words: Iterable<string>, language: Language): void {
  for (const word of words) {
    mentions.add(word);
    if (/[._/:-]/.test(word)) for (const part of word.split(/[._/:-]+/)) if (part.length > 1) mentions.add(stem(SYNONYMS.get(part) ?? part, language));
  }
}

// A time, date or duration written two ways ("21:00" / "9 pm", "2026-03-02" / "March 2", "3h" / "three hours")
// is a word both mention, as the same value written alike is.
const WRITTEN_KINDS = /^(?:time|monthday|duration):/;

function addValueMentions(mentions: Set<string>, lines: LineFacts[]): void {
  for (const line of lines) {
    for (const value of line.values) if (WRITTEN_KINDS.test(value)) mentions.add(value);
    for (const value of line.past) if (WRITTEN_KINDS.test(value)) mentions.add(value);
  }
}

/** A memory's facts read from its whole text, never from a cache. */
export function readFacts(memory: Pick<Memory, "name" | "description" | "body">): ReadFacts {
  const bodyLines = factLines(memory.body);
  const statementLines = memory.description.trim() === "" ? [] : [memory.description];
  const rationaleLines: string[] = [];
  for (const line of bodyLines) (RATIONALE.test(line) ? rationaleLines : statementLines).push(line);
  const { language, settled } = languageOf(sampleOf([memory.name, memory.description, ...bodyLines]));
  const facts = (line: string) => lineFacts(line, language);
  const name = facts(memory.name);
  const stated = statementLines.map(facts);

  const subject = new Set(name.words);
  const possessors = new Set<string>();
  if (MAY_BE_POSSESSIVE.test(memory.name))
    for (const match of memory.name.matchAll(POSSESSIVE)) for (const word of contentWords(match[1]!, language)) possessors.add(word);
  const sequences = stated.map((line) => line.words);
  const rationale = rationaleLines.flatMap((line) => facts(line).words);
  const mentions = new Set<string>();
  // In the order of the words: subject, statements, rationale (a set's order is the order its words are numbered in).
  addMentions(mentions, subject, language);
  for (const words of sequences) addMentions(mentions, words, language);
  addMentions(mentions, rationale, language);
  addValueMentions(mentions, stated);
  const statement = [memory.name, ...statementLines].join("\n");
  const setOf = (lines: LineFacts[], kind: "values" | "past" | "qualifiers" | "polarity" | "negated") => {
    const set = new Set<string>();
    for (const line of lines) for (const item of line[kind]) set.add(item);
    return set;
  };
  const qualifiers = setOf([name, ...stated], "qualifiers");
  const values = setOf(stated, "values");
  const past = setOf(stated, "past");
  const polarity = setOf(stated, "polarity");
  const negated = setOf(stated, "negated");
  return {
    facts: {
      subject,
      possessors,
      mentions,
      sequences,
      values,
      past,
      named: namedIn(memory.name, name, language),
      qualifiers,
      polarity,
      negated,
      statement: statement.toLowerCase(),
      language,
    },
    settled,
  };
}

const LANGUAGE_SAMPLE = 32_000;

// German capitalises every noun: there a capital in a name says nothing of whom it is about.
// A capital inside a word ("OpenSearch", "GitHub") makes it a name even where the name starts.
function namedIn(name: string, read: LineFacts, language: Language): Set<string> {
  if (language === "german") return new Set();
  const named = new Set([...read.values, ...read.past].flatMap((value) => (value.startsWith("name:") ? [value.slice(5)] : [])));
  INNER_CAPITAL.lastIndex = 0;
  for (let match = INNER_CAPITAL.exec(name); match !== null; match = INNER_CAPITAL.exec(name)) named.add(match[0].toLowerCase());
  return named;
}

const INNER_CAPITAL = /(?<![\p{L}\p{N}])\p{L}*\p{Ll}\p{Lu}[\p{L}\p{N}]*/gu;

/** What one line states; a memory's facts are its lines' facts put together. */
interface LineFacts {
  words: string[];
  values: string[];
  past: string[];
  polarity: string[];
  negated: string[];
  qualifiers: string[];
}

// Memories that grow week by week keep their earlier lines: each line is read once. Kept by the line
// itself, each language's reading apart: a key made of the language and the line was a new string to
// hash at every lookup, where the line is most often one hashed already.
const LINE_CACHE_LIMIT = 10_000;
const lineFactsCache = new BoundedCache<Partial<Record<Language, LineFacts>>>(LINE_CACHE_LIMIT);

/** One statement line's words, values and past values, as the memory's facts were read from it (read once per line). */
export function lineWordsAndValues(line: string, language: Language): { words: readonly string[]; values: readonly string[]; past: readonly string[] } {
  return lineFacts(line, language);
}

function lineFacts(line: string, language: Language): LineFacts {
  const readings = lineFactsCache.get(line);
  const known = readings?.[language];
  if (known) return known;
  const qualifiers: string[] = [];
  const tokens = tokenize(line);
  for (let i = 0; i < tokens.length; i++) addQualifiers(qualifiers, SYNONYMS.get(tokens[i]!) ?? tokens[i]!, tokens[i + 1]);
  if (/[A-Z]{2}/.test(line)) {
    AREA_CODE.lastIndex = 0;
    for (let match = AREA_CODE.exec(line); match !== null; match = AREA_CODE.exec(line)) qualifiers.push(`area:${AREA_OF[match[1]!.toLowerCase()]}`);
  }
  const { values, past } = statedValues(line);
  const found: LineFacts = {
    // The line's own words when taking markup out changes none (it is no letter, digit or joiner of a word).
    words: contentWordsOf(line.includes("://") ? tokenize(withoutMarkup(line)) : tokens, language),
    // Copies: a value is cut from the line, and kept here it would keep the line's whole text alive.
    values: Array.from(values, ownCopy),
    past: Array.from(past, ownCopy),
    polarity: [...polarityOf(line.includes("_") ? tokenize(line.replace(/[`*_]/g, " ")) : tokens, language)],
    negated: [...negatedWords([line])],
    qualifiers,
  };
  if (readings) readings[language] = found;
  else lineFactsCache.set(line, { [language]: found });
  return found;
}

// Nouns an environment's word makes a kind of thing of, not a place it runs in: "dev board", "production line",
// "local time", "dev dependencies", "qa team".
const THINGS_NAMED_BY_ENVIRONMENT = new Set("board boards kit kits team teams line lines time jig jigs dependency dependencies tool tools".split(" "));

function addQualifiers(qualifiers: string[], word: string, next: string | undefined): void {
  const qualifier = QUALIFIER_OF.get(word);
  // A kind of thing, not an environment: "the dev boards" beside no environment is no other environment, but the
  // dev boards and the production boards, or the development team and the QA team, are still two things.
  if (qualifier?.startsWith("env:") && next !== undefined && THINGS_NAMED_BY_ENVIRONMENT.has(next.replace(/['’]s$/, ""))) {
    qualifiers.push(`kind:${qualifier.slice("env:".length)}`);
    return;
  }
  if (qualifier) qualifiers.push(qualifier);
  // "on Mondays" names the day "on Monday" does.
  else if (word.endsWith("days")) {
    const day = QUALIFIER_OF.get(word.slice(0, -1));
    if (day) qualifiers.push(day);
  } else if (/\d$/.test(word)) {
    const region = REGION_ID.exec(word);
    if (region) qualifiers.push(`region:${word}`, `area:${AREA_OF[region[1]!]}`);
  } else if (word.includes("-")) {
    // "error-rate", "batch-size": a measure said in a compound is said.
    for (const part of word.split("-")) {
      const measure = QUALIFIER_OF.get(part);
      if (measure?.startsWith("measure:")) qualifiers.push(measure);
    }
  }
}

// "(it was 30 days)", "previously 09:00", "up from 5", "moved from Monday to Wednesday": what follows
// is what was, to the clause's end. A bare "was" is no such mark ("was moved to June 3").
const PAST_MARK =
  /(?<![\p{L}\p{N}])(?:it\s+was|the\s+old|\(\s*was|was\s+previously|previously|formerly|used\s+to\s+be|(?:up|down)\s+from|(?:chang|mov|increas|decreas|rais|lower|reduc|cut|bump|extend|shorten|push|upgrad|downgrad|switch|shift)[a-z]*\s+from|(?:went|rose|fell|grew|shrank|dropped)\s+(?:up\s+|down\s+)?from)[\s:]+/giu;
const MAY_BE_PAST = /was|previous|formerly|used to|from|old/i;
// Only a value said right after the mark was the value: "it was decided that deploys run at 04:00" is no past time.
// A host counts too: "the old builds.acme.dev only redirects".
const PAST_VALUE_START = new RegExp(
  `^(?:(?:at|on|in|by|every|only|just|about|around|the|an?)\\s+)?(?:(?:end|start|beginning|middle)\\s+of\\s+)?(?:\\d|\\p{Lu}|${COUNT_WORD}(?![\\p{L}])|[a-z0-9-]+\\.[a-z0-9-]+\\.[a-z])`,
  "u",
);
const PAST_END = /[;!?()[\]]|[.,:](?=\s|$)|\s(?:to|now|but|until|since|so|because|when|and\s+(?:is|are)\s+now)(?![\p{L}])/iu;

/** A line's values, and apart those it gives only as what was before. */
export function statedValues(line: string): { values: ReadonlySet<string>; past: ReadonlySet<string> } {
  const read = markedValues(line);
  return CHANGED_TO.test(line) ? changedTo(line, read) : read;
}

// "moved to Mondays 11:00 (clashing with the 9:15 slot)": what a value changed to is what the line
// states; another value of its kind in that line is what it was.
const CHANGED_TO = /(?<![\p{L}])(?:mov|chang|bump|switch|shift|push|rais|lower|increas|decreas|reduc|extend|shorten|upgrad|downgrad)[a-z]*\s+to\s+/iu;
const CHANGED_KINDS = /^(?:time|date|monthday|duration|number|host):/;

function changedTo(line: string, read: { values: ReadonlySet<string>; past: ReadonlySet<string> }): { values: ReadonlySet<string>; past: ReadonlySet<string> } {
  const match = CHANGED_TO.exec(line)!;
  const after = line.slice(match.index + match[0].length);
  if (!PAST_VALUE_START.test(after)) return read;
  const length = after.search(PAST_END);
  const to = typedValues(length < 0 ? after : after.slice(0, length));
  const kinds = new Set([...to].map((value) => value.slice(0, value.indexOf(":"))));
  const was = [...read.values].filter((value) => CHANGED_KINDS.test(value) && !to.has(value) && kinds.has(value.slice(0, value.indexOf(":"))));
  if (was.length === 0) return read;
  return { values: new Set([...read.values].filter((value) => !was.includes(value))), past: new Set([...read.past, ...was]) };
}

function markedValues(line: string): { values: ReadonlySet<string>; past: ReadonlySet<string> } {
  if (!MAY_BE_PAST.test(line)) return { values: typedValues(line), past: NO_VALUES };
  const clauses: string[] = [];
  let asserted = "";
  let at = 0;
  PAST_MARK.lastIndex = 0;
  for (let match = PAST_MARK.exec(line); match !== null; match = PAST_MARK.exec(line)) {
    const after = match.index + match[0].length;
    if (match.index < at || !PAST_VALUE_START.test(line.slice(after))) continue;
    const length = line.slice(after).search(PAST_END);
    const end = length < 0 ? line.length : after + length;
    // Read with its mark: a name right after it is inside a sentence, not at its start.
    clauses.push(line.slice(match.index, end));
    asserted += `${line.slice(at, match.index)} `;
    at = end;
  }
  if (clauses.length === 0) return { values: typedValues(line), past: NO_VALUES };
  const values = typedValues(asserted + line.slice(at));
  const past = new Set([...typedValues(clauses.join("\n"))].filter((value) => !values.has(value)));
  return { values, past };
}

const NO_VALUES: ReadonlySet<string> = new Set();

/** Content words of a text: stop words out, synonyms joined, stemmed; `lena's` is `lena`. */
export function contentWords(text: string, language: Language = "english"): string[] {
  return contentWordsOf(tokenize(withoutMarkup(text)), language);
}

// Links' schemes and markdown's marks out; "_" stays, as it joins a word ("snake_case").
function withoutMarkup(text: string): string {
  return text.replace(/https?:\/\//g, " ").replace(/[`*_>#[\]()]/g, (c) => (c === "_" ? "_" : " "));
}

function contentWordsOf(tokens: readonly string[], language: Language): string[] {
  const out: string[] = [];
  for (const raw of tokens) {
    const token = raw.endsWith("'s") ? raw.slice(0, -2) : raw;
    const word = SYNONYMS.get(token) ?? token;
    if (isStopWord(word, language)) continue;
    // "seven runs" says what "7 runs" does ("one" is as often no count).
    const count = token === "one" ? undefined : countWord(word);
    out.push(count === undefined ? stem(word, language) : String(count));
  }
  return out;
}

// Labels as DNS bounds them (63 characters, and 16 of them here): unbounded, a long run of `1.1.1.…` is
// tried again from every label and each try backtracks through the rest of it (quadratic).
const HOST = /\b(?:[a-z0-9-]{1,63}\.){1,16}[a-z]{2,}(?::\d+)?(?:\/[^\s)`'",;]*)?/gi;
const TIME = /\b([01]?\d|2[0-3]):([0-5]\d)\b/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
// Read by one pass over the whole text, not sentence by sentence: no name spans a sentence's end (which is
// white space), and each sentence's first name is told by what comes before it (see `opensSentence`).
const CAPITALISED = /(?:^|[^\p{L}\p{N}_])(\p{Lu}[\p{L}\p{N}_'’-]*[\p{L}\p{N}]|\p{Lu})/gu;
// The same in a text of ASCII only, where the Unicode classes are these and cost more to try.
const CAPITALISED_ASCII = /(?:^|[^A-Za-z0-9_])([A-Z][A-Za-z0-9_'-]*[A-Za-z0-9]|[A-Z])/g;
const ASCII_TEXT = /^[\x00-\x7f]*$/;
// What a host needs, tried before the host pattern: most lines have none.
const MAY_HOLD_HOST = /\.[a-z]/i;

/**
 * The values a statement states, typed: hosts and links, times and the
 * zones they are said in (time-zones.ts), dates
 * (and their month and day, as a date without a year is written),
 * durations, numbers and versions (as written, thousands and `k`
 * normalised, counts in words as digits), identifiers with digits, and
 * names (a capital not at a sentence start). See value-forms.ts for the
 * forms read alike, and the units read in their case (`measure:5MW`).
 */
export function typedValues(text: string): Set<string> {
  const values = new Set<string>();
  // Each host taken out where it was found, in one pass (taking each out by a search of the text
  // left cost the square of a line holding thousands).
  let rest = !MAY_HOLD_HOST.test(text)
    ? text
    : text.replace(HOST, (found) => {
        const host = found.toLowerCase().replace(/[./]+$/, "");
        if (/^\d+(\.\d+)+$/.test(host) || !/[a-z]/.test(host.split(".").pop() ?? "")) return found;
        if (/\.(md|yml|yaml|json|ts|js|py|sql|txt|toml)$/.test(host) && !host.includes("/")) return found;
        values.add(`host:${host}`);
        return " ";
      });
  rest = readTimeZones(rest, values);
  // Read and taken out in one pass (matchAll makes a copy of its pattern at each call).
  if (rest.includes("-")) {
    rest = rest.replace(DATE, (date) => {
      const month = monthName(Number(date.slice(5, 7)));
      values.add(`date:${date}`).add(`monthday:${date.slice(5)}`);
      if (month) values.add(`month:${month}`);
      return " ";
    });
  }
  rest = readWrittenValues(rest, values);
  if (rest.includes(":")) {
    rest = rest.replace(TIME, (_, hour: string, minute: string) => {
      values.add(`time:${hour.padStart(2, "0")}:${minute}`);
      return " ";
    });
  }
  // `1.9.x`, `v2`, `99.9%`, `50,000`, `50k`, `eu-west-1`, `node:20-slim`, `AM04`.
  for (const run of numberedRuns(rest)) {
    const token = run.replace(/[.,:]+$/, "");
    if (/^\d[\d,]*(\.\d+)?%?$/.test(token)) values.add(`number:${token.replace(/,(?=\d{3}\b)/g, "")}`);
    else if (/^\d+(\.\d+)?k$/i.test(token)) values.add(`number:${Number.parseFloat(token) * 1000}`);
    else {
      values.add(`id:${token.toLowerCase()}`);
      for (const number of token.match(/\d+(?:\.\d+)*/g) ?? []) values.add(`number:${number}`);
    }
  }
  const capitalised = ASCII_TEXT.test(rest) ? CAPITALISED_ASCII : CAPITALISED;
  capitalised.lastIndex = 0;
  for (let match = capitalised.exec(rest); match !== null; match = capitalised.exec(rest)) {
    const token = match[1]!;
    const atStart = opensSentence(rest, match.index + match[0].length - token.length);
    const lower = token.toLowerCase().replace(/['’]s$/, "");
    if (NOT_NAMES.has(lower) || /\d/.test(token)) continue;
    if (!atStart || /^\p{Lu}{2,}$/u.test(token)) values.add(`name:${SYNONYMS.get(lower) ?? lower}`);
  }
  return values;
}

// A text's sentences end at white space after `.!?:;`, and at line breaks; a sentence's opening is what may
// come before its first word: list marks, quotes of mail, headings' marks, white space.
const OPENING = /[-*>#\s]/;
const SENTENCE_END = /[.!?:;]/;
const SPACE = /\s/;

/**
 * Whether only a sentence's opening comes before `at` in its sentence: the
 * word there opens the sentence, as it did when the text was split into
 * sentences by `(?<=[.!?:;])\s+|\n+` and each read on its own.
 */
export function opensSentence(text: string, at: number): boolean {
  let i = at;
  while (i > 0 && OPENING.test(text[i - 1]!)) {
    if (text[i - 1] === "\n") return true;
    i--;
  }
  return i === 0 || (SENTENCE_END.test(text[i - 1]!) && i < at && SPACE.test(text[i]!));
}

// Words that say what follows is not so, in the languages memories are written in: "GPIO13, not GPIO12",
// "GPIO13, nicht GPIO12", "GPIO13, pas GPIO12". Whole words ("non-blocking" negates nothing).
const NEGATING = new Set([...NEGATIONS, "nicht", "pas", "non", "niet", "geen", "inte", "ikke", "ej", "не", "não"]);

/** A negation in a text, as a whole word (most lines negate nothing and are not tokenized again). */
export const NEGATION =
  /(?:^|[^\p{L}])(?:never|not|don'?t|no|nie|niemals|nicht|keine?|jamais|pas|non(?!-)|nunca|não|niet|geen|inte|ikke|ej|не)(?![\p{L}])|n['’]t(?![\p{L}])/iu;

function negatedWords(lines: string[]): Set<string> {
  const found = new Set<string>();
  for (const clause of lines.flatMap((line) => (NEGATION.test(line) ? line.split(/[.,;:!?()]+(?:\s|$)/) : []))) {
    const tokens = tokenize(clause.replace(/[`*_]/g, " "));
    const at = tokens.findIndex((token) => NEGATING.has(token) || token.endsWith("n't"));
    if (at >= 0) for (const token of tokens.slice(at + 1)) found.add(token);
  }
  return found;
}

// "always squash-merge" → +squash-merge; "never squash-merge" → -squash-merge; the next content word decides.
function polarityOf(tokens: readonly string[], language: Language): Set<string> {
  const found = new Set<string>();
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const sign = AFFIRMATIONS.has(token) ? "+" : NEGATIONS.has(token) || token.endsWith("n't") ? "-" : "";
    if (!sign) continue;
    const next = tokens.slice(i + 1).find((t) => !isStopWord(t, language) && !NEGATIONS.has(t) && !AFFIRMATIONS.has(t));
    if (next) found.add(`${sign}${stem(next, language)}`);
  }
  return found;
}
