import { createHash } from "node:crypto";
import { type Memory, memoryId } from "../memory/memory.js";
import { editDistance } from "../text/edit-distance.js";
import { sha256 } from "../text/hash.js";
import { detectLanguage, isStopWord, type Language, stem, terms, tokenize } from "../text/tokenize.js";
import { Bm25Index, type Ranked } from "./bm25.js";
import type { KeptDocument, KeptTerms } from "./kept-terms.js";
import { runAtOnce, runInTurns, type Steps } from "./run-in-turns.js";
import { fuseRankings, type SearchDocument, type SearchRanker } from "./search-ranker.js";

export type { SearchDocument } from "./search-ranker.js";

/** A document search can return: a memory or a period summary. */

/** One hit: what the agent needs to decide whether to read the file. */
export interface SearchHit {
  file: string;
  name: string;
  type: string;
  description: string;
  /** BM25 score; with extra rankers, the fused (reciprocal rank) score. Higher is better. */
  score: number;
  /** The line of the text that matches best, cut to ~200 characters. */
  snippet: string;
}

export interface SearchDocumentsOptions {
  limit?: number;
  type?: string;
  /** Rankers fused with the lexical ranking (embeddings, when configured). */
  rankers?: SearchRanker[];
  /** Once aborted, the ranking stops at its next pause, a few milliseconds on, with the signal's reason. */
  signal?: AbortSignal;
  /** Where the documents' terms are kept between searches: only documents changed since are read again. */
  keptTerms?: KeptTermsStore;
}

/** Terms counted by an earlier search, and where to keep those of this one. */
export interface KeptTermsStore {
  load(): Promise<KeptTerms | undefined>;
  save(kept: KeptTerms): Promise<void>;
}

const SNIPPET_CHARS = 200;
const DEFAULT_LIMIT = 10;
// A query word the memories never use may be a typo of one they do: such a match weighs less.
const FUZZY_WEIGHT = 0.6;
// A known stem this much shorter than an unknown query word, and its prefix, is the word with a mistyped ending.
const MAX_SUFFIX = 4;
// Unknown query words tried as typos, at most: each is weighed against every known term, and a query of
// hundreds of them (a pasted log) is no mistyped search; it held a server's one thread for minutes.
const MAX_TYPO_WORDS = 32;
// Known terms weighed against a typo between two pauses of the ranking.
const TERMS_A_STEP = 2_000;

/** A memory as a search document. */
export function memoryDocument(memory: Memory): SearchDocument {
  return { file: memory.file, name: memory.name, type: memory.type, description: memory.description, body: memory.body };
}

/**
 * Ranks documents for a query: BM25 over stemmed terms (so word forms
 * match), a query word unknown to every document also tried as the known
 * words it is a typo of, the name and description weighed twice. Best
 * first, at most `limit`.
 */
export function searchDocuments(documents: SearchDocument[], query: string, options: Omit<SearchDocumentsOptions, "rankers" | "signal"> = {}): SearchHit[] {
  const wanted = filterType(documents, options.type);
  const lexical = runAtOnce(rankLexically(lexicalIndexAtOnce(wanted), query, options.limit ?? DEFAULT_LIMIT));
  return lexical.ranked.map((ranked) => toHit(lexical, ranked));
}

/**
 * As `searchDocuments`, with the lexical ranking fused with each ranker's (reciprocal rank fusion). It ranks
 * in turns of a few milliseconds: a server answering many searches at once still sees a signal or a
 * cancellation between them, and `signal` stops it there.
 */
export async function searchDocumentsRanked(documents: SearchDocument[], query: string, options: SearchDocumentsOptions = {}): Promise<SearchHit[]> {
  const rankers = options.rankers ?? [];
  const limit = options.limit ?? DEFAULT_LIMIT;
  const wanted = filterType(documents, options.type);
  // Terms are kept for every document or none: a search of one type alone would leave out the others.
  const kept = options.keptTerms && { store: options.keptTerms, whole: wanted === documents };
  const index = await lexicalIndexInTurns(wanted, options.signal, kept);
  if (rankers.length === 0) {
    const lexical = await runInTurns(rankLexically(index, query, limit), options.signal);
    return lexical.ranked.map((ranked) => toHit(lexical, ranked));
  }
  // Each list runs deeper than the limit, so a document second in one list and absent from the other can still rank.
  const depth = Math.max(limit * 3, 30);
  const lexical = await runInTurns(rankLexically(index, query, depth), options.signal);
  const others = await Promise.all(rankers.map((ranker) => ranker.rank(wanted, query, depth)));
  options.signal?.throwIfAborted();
  const known = (ranking: Ranked[]) => ranking.filter(({ id }) => lexical.byKey.has(id));
  return fuseRankings([lexical.ranked, ...others.map(known)], limit).map((ranked) =>
    toHit(lexical, { id: ranked.id, score: Math.round(ranked.score * 10000) / 10000 }),
  );
}

/** The id a hit's file is known by (a memory's id). */
export function hitId(hit: Pick<SearchHit, "file">): string {
  return memoryId(hit);
}

// The documents themselves when no type is asked for.
function filterType(documents: SearchDocument[], type: string | undefined): SearchDocument[] {
  return type ? documents.filter((doc) => doc.type === type) : documents;
}

interface LexicalRanking {
  ranked: Ranked[];
  byKey: Map<string, SearchDocument>;
  /** Query terms as matched (typos replaced by the known terms they stand for), with their weights. */
  queryTerms: Map<string, number>;
  languageOf: Map<string, Language>;
}

interface LexicalIndex {
  index: Bm25Index;
  byKey: Map<string, SearchDocument>;
  languageOf: Map<string, Language>;
  /** Each document's key: the sha256 of the fields its indexed text is made from. */
  keys: Map<string, string>;
  /** Whether kept terms were missing for some document, or held some the index no longer has. */
  changed: boolean;
}

// The index of the documents searched last, by their content: a server answering search after search
// over a dir that has not changed (years of memories take seconds to index) builds it once.
let lastIndex: { fingerprint: string; built: LexicalIndex } | undefined;
// The index being built in turns: searches that want the same one meanwhile wait for it rather than each
// building its own, and it stops once every search waiting for it has been cancelled.
let indexUnderWay: IndexUnderWay | undefined;

interface IndexUnderWay {
  fingerprint: string;
  built: Promise<LexicalIndex>;
  waiting: number;
  stop: AbortController;
}

function lexicalIndexAtOnce(documents: SearchDocument[]): LexicalIndex {
  const { fingerprint, keys } = runAtOnce(fingerprintOf(documents));
  if (lastIndex?.fingerprint !== fingerprint) lastIndex = { fingerprint, built: runAtOnce(buildIndex(documents, keys, undefined)) };
  return lastIndex.built;
}

async function lexicalIndexInTurns(
  documents: SearchDocument[],
  signal: AbortSignal | undefined,
  kept: { store: KeptTermsStore; whole: boolean } | undefined,
): Promise<LexicalIndex> {
  const { fingerprint, keys } = await runInTurns(fingerprintOf(documents), signal);
  if (lastIndex?.fingerprint === fingerprint) return lastIndex.built;
  let underWay = indexUnderWay;
  if (underWay?.fingerprint !== fingerprint || underWay.stop.signal.aborted) {
    const stop = new AbortController();
    const built = (async () => {
      const terms = await kept?.store.load();
      const index = await runInTurns(buildIndex(documents, keys, terms), stop.signal);
      if (kept?.whole && index.changed) await kept.store.save(keptTermsOf(index));
      lastIndex = { fingerprint, built: index };
      return index;
    })();
    const started: IndexUnderWay = { fingerprint, built, waiting: 0, stop };
    const forget = () => {
      if (indexUnderWay === started) indexUnderWay = undefined;
    };
    built.then(forget, forget);
    indexUnderWay = underWay = started;
  }
  underWay.waiting++;
  try {
    return await untilAborted(underWay.built, signal);
  } finally {
    if (--underWay.waiting === 0) underWay.stop.abort();
  }
}

// Each document's key (the sha256 of the fields its indexed text is made of, which kept terms are matched by),
// and the documents' fingerprint made of their keys: each text is hashed once.
function* fingerprintOf(documents: SearchDocument[]): Steps<{ fingerprint: string; keys: Map<string, string> }> {
  const hash = createHash("sha256");
  const keys = new Map<string, string>();
  for (const doc of documents) {
    const key = sha256(`${doc.name}\0${doc.description}\0${doc.body}`);
    keys.set(doc.file, key);
    hash.update(`${doc.file}\0${doc.type}\0${key}\0`);
    yield;
  }
  return { fingerprint: hash.digest("hex"), keys };
}

// `kept`: terms counted by an earlier search; a document whose text is the one they were counted from is not read again.
function* buildIndex(documents: SearchDocument[], keys: Map<string, string>, kept: KeptTerms | undefined): Steps<LexicalIndex> {
  const index = new Bm25Index();
  const byKey = new Map<string, SearchDocument>();
  const languageOf = new Map<string, Language>();
  let used = 0;
  for (const doc of documents) {
    byKey.set(doc.file, doc);
    const text = `${doc.name}\n${doc.name}\n${doc.description}\n${doc.description}\n${doc.body}`;
    const known = kept?.documents.get(doc.file);
    if (known && known.key === keys.get(doc.file) && known.language && index.addCounted(doc.file, known, kept!.vocabulary)) {
      languageOf.set(doc.file, known.language);
      used++;
    } else {
      const language = detectLanguage(text);
      languageOf.set(doc.file, language);
      index.add(doc.file, text, language);
    }
    yield;
  }
  return { index, byKey, languageOf, keys, changed: used !== documents.length || used !== kept?.documents.size };
}

function keptTermsOf(built: LexicalIndex): KeptTerms {
  const counted = built.index.countedTerms();
  const documents = new Map<string, KeptDocument>();
  for (const [id, terms] of counted.documents) documents.set(id, { ...terms, key: built.keys.get(id)!, language: built.languageOf.get(id)! });
  return { vocabulary: counted.vocabulary, documents };
}

// The promise's outcome, or the signal's reason as soon as it is aborted.
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function* rankLexically(built: LexicalIndex, query: string, limit: number): Steps<LexicalRanking> {
  const { index, byKey, languageOf } = built;
  // A query of two words tells no language: each word is stemmed the way each document language would stem it.
  const languages = new Set(languageOf.values());
  if (languages.size === 0) languages.add("english");
  const queryTerms = new Map<string, number>();
  let typoWords = 0;
  // A word said twice counts once: its weight is the same, and its typos are looked for once.
  for (const word of new Set(tokenize(query))) {
    const stems = new Set<string>();
    for (const language of languages) if (!isStopWord(word, language)) stems.add(stem(word, language));
    const known = [...stems].filter((term) => index.has(term));
    for (const term of known) queryTerms.set(term, 1);
    if (known.length > 0 || stems.size === 0 || ++typoWords > MAX_TYPO_WORDS) continue;
    for (const term of stems) {
      for (const near of yield* nearTerms(term, index.vocabulary())) queryTerms.set(near, Math.max(queryTerms.get(near) ?? 0, FUZZY_WEIGHT));
    }
  }
  const ranked = index.rankTerms(
    [...queryTerms].map(([term, weight]) => ({ term, weight })),
    limit,
  );
  return { ranked: ranked.map(({ id, score }) => ({ id, score: Math.round(score * 1000) / 1000 })), byKey, queryTerms, languageOf };
}

function toHit(lexical: LexicalRanking, ranked: Ranked): SearchHit {
  const doc = lexical.byKey.get(ranked.id)!;
  return {
    file: doc.file,
    name: doc.name,
    type: doc.type,
    description: doc.description,
    score: ranked.score,
    snippet: snippet(doc, lexical.queryTerms, lexical.languageOf.get(doc.file)),
  };
}

function snippet(doc: SearchDocument, queryTerms: Map<string, number>, language: Language | undefined): string {
  let best = "";
  let bestScore = -1;
  for (const line of doc.body.split("\n")) {
    // A heading's hashes say nothing to the reader of a one-line snippet.
    const text = line.trim().replace(/^#{1,6}(\s+|$)/, "");
    if (text === "") continue;
    const lineTerms = new Set(terms(text, language));
    let score = 0;
    for (const term of queryTerms.keys()) if (lineTerms.has(term)) score++;
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  const flat = (bestScore > 0 || !doc.description ? best || doc.description : doc.description).replace(/\s+/g, " ");
  return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…`;
}

/**
 * Known terms an unknown query term may be a typo of: within one edit (two
 * for long words); a known stem it begins with, give or take the stem's
 * last letter, when only the ending is off (`deploymnt` → `deploi`); or one
 * it begins, when the word was cut short (`kubern` → `kubernet`). Short
 * words are left alone: too many near neighbours.
 */
function* nearTerms(term: string, vocabulary: Iterable<string>): Steps<string[]> {
  if (term.length < 4) return [];
  const max = term.length >= 8 ? 2 : 1;
  const found: string[] = [];
  let weighed = 0;
  for (const known of vocabulary) {
    // A pause every so many terms: a vocabulary of years of memories is hundreds of thousands.
    if (++weighed % TERMS_A_STEP === 0) yield;
    const shared = commonPrefix(term, known);
    const mangledEnding = shared >= 4 && known.length - shared <= 1 && term.length - shared <= MAX_SUFFIX;
    const cutShort = shared >= 5 && shared === term.length && known.length - shared <= 3;
    if (mangledEnding || cutShort) found.push(known);
    else if (Math.abs(known.length - term.length) <= max && editDistance(term, known, max) <= max) found.push(known);
  }
  return found;
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
