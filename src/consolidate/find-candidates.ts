import { wordNumbers, wordsNumbered } from "./word-numbers.js";

/** Two memories of the same type alike enough to be about one subject. Indexes into the input. */
export interface CandidatePair {
  a: number;
  b: number;
  /** BM25-weighted word overlap, 0…1. */
  lexical: number;
  /** Cosine of the two vectors, when there are vectors. */
  cosine?: number;
  /** The order pairs are decided in: the stronger first. */
  similarity: number;
}

/** Memories linked by any chain of alike pairs: every pair inside is worth a decision. */
export interface CandidateGroup {
  members: number[];
  pairs: CandidatePair[];
}

export interface FindOptions {
  /** Weighted overlap from which a pair is a candidate. */
  minLexical: number;
  /** Cosine from which a pair is a candidate (with vectors). */
  minCosine: number;
  /** Unit vectors by memory index; `undefined` for a memory without one. */
  vectors?: (Float32Array | undefined)[] | undefined;
  /** Only pairs with at least one of these memories (by index) are looked for. */
  involving?: ReadonlySet<number> | undefined;
}

export const DEFAULT_FIND: FindOptions = { minLexical: 0.12, minCosine: 0.84 };

// A word in more memories than this says little about any pair and would make the search quadratic (blocking).
const MAX_POSTINGS = 200;
// Brute force compares every pair of vectors up to this many memories of a type; beyond, random-hyperplane buckets.
const BRUTE_FORCE_LIMIT = 3000;

/**
 * Candidate pairs of the same type. Lexical: an inverted index over the
 * memories' words, each word weighted by its BM25 idf over the whole set,
 * the pair scored by weighted Jaccard of all words and of name and
 * description; a memory meets only those it shares a not-too-common word
 * with, so 20,000 memories are compared in seconds. With vectors, pairs by
 * cosine join, and every pair carries both scores.
 */
export function findCandidates(words: Set<string>[], heads: Set<string>[], types: string[], options: FindOptions = DEFAULT_FIND): CandidatePair[] {
  const table = numberedWords(words, heads);
  const { idf } = table;
  const wordFamily = family(table.words, table.size, idf);
  const headFamily = family(table.heads, table.size, idf);
  const pairs = new Map<string, CandidatePair>();
  const add = (a: number, b: number) => {
    const [x, y] = a < b ? [a, b] : [b, a];
    const key = `${x}:${y}`;
    if (pairs.has(key)) return pairs.get(key)!;
    const lexical = Math.max(jaccardOfWeighed(wordFamily, x, y, idf), jaccardOfWeighed(headFamily, x, y, idf));
    const pair: CandidatePair = { a: x, b: y, lexical, similarity: lexical };
    const vx = options.vectors?.[x];
    const vy = options.vectors?.[y];
    if (vx && vy) {
      pair.cosine = dot(vx, vy);
      pair.similarity = 0.7 * pair.cosine + 0.3 * lexical;
    }
    pairs.set(key, pair);
    return pair;
  };
  const involving = options.involving;
  const wanted = (a: number, b: number) => involving === undefined || involving.has(a) || involving.has(b);
  for (const [a, b] of sharingPairs(wordFamily, types, idf, options.minLexical, involving)) add(a, b);
  for (const [a, b] of sharingPairs(headFamily, types, idf, options.minLexical, involving)) add(a, b);
  if (options.vectors) for (const [a, b] of closeVectors(options.vectors, types, options.minCosine)) if (wanted(a, b)) add(a, b);
  return [...pairs.values()]
    .filter((pair) => pair.lexical >= options.minLexical || (pair.cosine ?? -1) >= options.minCosine)
    .sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
}

const MIN_IDF = 0.5;

/** The words of a call numbered 0…size-1, each set in its own order, with BM25's idf of each over the word sets. */
interface NumberedWords {
  words: Int32Array[];
  heads: Int32Array[];
  size: number;
  /** By number; 1 for a word in no word set (only in a name or description). */
  idf: Float64Array;
}

// Run-wide numbers are made local to the call through these, stamped so they need no clearing.
let localOf = new Int32Array(0);
let stampOf = new Int32Array(0);
let stamp = 0;

function numberedWords(words: Set<string>[], heads: Set<string>[]): NumberedWords {
  const global = [...words.map(wordNumbers), ...heads.map(wordNumbers)];
  if (localOf.length < wordsNumbered()) {
    const size = Math.max(wordsNumbered(), 2 * localOf.length);
    localOf = new Int32Array(size);
    stampOf = new Int32Array(size);
    stamp = 0;
  }
  stamp++;
  let size = 0;
  const local = global.map((numbers) => {
    const out = new Int32Array(numbers.length);
    for (let k = 0; k < numbers.length; k++) {
      const number = numbers[k]!;
      if (stampOf[number] !== stamp) {
        stampOf[number] = stamp;
        localOf[number] = size++;
      }
      out[k] = localOf[number]!;
    }
    return out;
  });
  const numberedWordSets = local.slice(0, words.length);
  const df = new Int32Array(size);
  for (const set of numberedWordSets) for (const word of set) df[word]!++;
  const n = words.length;
  const idf = new Float64Array(size);
  // Floored: in a handful of memories every shared word would otherwise weigh next to nothing.
  for (let word = 0; word < size; word++) {
    const count = df[word]!;
    idf[word] = count === 0 ? 1 : Math.max(MIN_IDF, Math.log(1 + (n - count + 0.5) / (count + 0.5)));
  }
  return { words: numberedWordSets, heads: local.slice(words.length), size, idf };
}

function weightOf(set: Int32Array, idf: Float64Array): number {
  let weight = 0;
  for (const word of set) weight += idf[word]!;
  return weight;
}

/** One kind of word set (all words, or name and description) of every memory, with its postings and weights. */
interface Family {
  sets: Int32Array[];
  weights: number[];
  /** Postings of every word, laid end to end in memory order: word w's are members[start[w]…start[w + 1]). */
  start: Int32Array;
  members: Int32Array;
}

function family(sets: Int32Array[], size: number, idf: Float64Array): Family {
  const start = new Int32Array(size + 1);
  for (const set of sets) for (const word of set) start[word + 1]!++;
  for (let word = 0; word < size; word++) start[word + 1]! += start[word]!;
  const members = new Int32Array(start[size]!);
  const next = start.slice(0, size);
  sets.forEach((set, index) => {
    for (const word of set) members[next[word]!++] = index;
  });
  return { sets, weights: sets.map((set) => weightOf(set, idf)), start, members };
}

// Whether memory `index` has word `word`: a binary search of the word's postings, which are in memory order.
function holds(family: Family, word: number, index: number): boolean {
  let low = family.start[word]!;
  let high = family.start[word + 1]!;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const at = family.members[mid]!;
    if (at === index) return true;
    if (at < index) low = mid + 1;
    else high = mid;
  }
  return false;
}

// Σ idf of shared words / Σ idf of all words of either. With each side's total weight known, only the
// smaller side is walked: a memory that grew for years is compared with a new one in the new one's time.
function jaccardOfWeighed(family: Family, a: number, b: number, idf: Float64Array): number {
  const [small, large] = family.sets[a]!.length <= family.sets[b]!.length ? [a, b] : [b, a];
  let shared = 0;
  for (const word of family.sets[small]!) if (holds(family, word, large)) shared += idf[word]!;
  const union = family.weights[a]! + family.weights[b]! - shared;
  return union <= 0 ? 0 : shared / union;
}

// Pairs of one type sharing two words (one, for a memory of very few) that are not in too many
// memories, and enough of them: shared weight below `minimum` × a's weight cannot reach `minimum`.
function* sharingPairs(
  family: Family,
  types: string[],
  idf: Float64Array,
  minimum: number,
  involving: ReadonlySet<number> | undefined,
): Generator<[number, number]> {
  const { sets, weights: weightOf, start, members } = family;
  // Counters by memory index, reset through the list of those touched: a Map here costs seconds at 20,000.
  const shared = new Int32Array(sets.length);
  const weight = new Float64Array(sets.length);
  const touched: number[] = [];
  // With `involving`, each pair is met from its involved side: b is every other memory, once.
  const starts = involving ? [...involving].sort((x, y) => x - y) : sets.keys();
  for (const a of starts) {
    touched.length = 0;
    for (const word of sets[a]!) {
      const first = start[word]!;
      const last = start[word + 1]!;
      if (last - first > MAX_POSTINGS) continue;
      const w = idf[word]!;
      for (let at = first; at < last; at++) {
        const b = members[at]!;
        if (b === a || types[b] !== types[a] || (involving ? involving.has(b) && b < a : b < a)) continue;
        if (shared[b] === 0) touched.push(b);
        shared[b]! += 1;
        weight[b]! += w;
      }
    }
    for (const b of touched) {
      const count = shared[b]!;
      const enough = weight[b]! >= minimum * Math.max(weightOf[a]!, weightOf[b]!);
      shared[b] = 0;
      weight[b] = 0;
      if (count < 2 && Math.min(sets[a]!.length, sets[b]!.length) > 3) continue;
      if (enough) yield [a, b];
    }
  }
}

function* closeVectors(vectors: (Float32Array | undefined)[], types: string[], minimum: number): Generator<[number, number]> {
  const byType = new Map<string, number[]>();
  vectors.forEach((vector, index) => {
    if (!vector) return;
    const list = byType.get(types[index]!);
    if (list) list.push(index);
    else byType.set(types[index]!, [index]);
  });
  for (const members of byType.values()) {
    const buckets = members.length <= BRUTE_FORCE_LIMIT ? [members] : hyperplaneBuckets(members, vectors);
    const seen = new Set<string>();
    for (const bucket of buckets) {
      for (let i = 0; i < bucket.length; i++) {
        for (let j = i + 1; j < bucket.length; j++) {
          const [a, b] = bucket[i]! < bucket[j]! ? [bucket[i]!, bucket[j]!] : [bucket[j]!, bucket[i]!];
          const key = `${a}:${b}`;
          if (seen.has(key)) continue;
          seen.add(key);
          if (dot(vectors[a]!, vectors[b]!) >= minimum) yield [a, b];
        }
      }
    }
  }
}

// Locality-sensitive buckets: close vectors fall on the same side of most random hyperplanes.
function hyperplaneBuckets(members: number[], vectors: (Float32Array | undefined)[]): number[][] {
  const dims = vectors[members[0]!]!.length;
  let seed = 1;
  const random = () => {
    seed = (Math.imul(seed, 48271) >>> 0) % 2147483647;
    return seed / 2147483647 - 0.5;
  };
  const buckets: number[][] = [];
  for (let table = 0; table < 8; table++) {
    const planes = Array.from({ length: 10 }, () => Float32Array.from({ length: dims }, random));
    const map = new Map<number, number[]>();
    for (const index of members) {
      let code = 0;
      planes.forEach((plane, bit) => {
        if (dot(plane, vectors[index]!) > 0) code |= 1 << bit;
      });
      const list = map.get(code);
      if (list) list.push(index);
      else map.set(code, [index]);
    }
    buckets.push(...map.values());
  }
  return buckets;
}

export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

/** Pairs joined into groups: memories linked by any chain of alike pairs. */
export function groupPairs(pairs: CandidatePair[]): CandidateGroup[] {
  const parent = new Map<number, number>();
  const find = (x: number): number => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root)!;
    parent.set(x, root);
    return root;
  };
  for (const pair of pairs) {
    const [ra, rb] = [find(pair.a), find(pair.b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  }
  const groups = new Map<number, { members: Set<number>; pairs: CandidatePair[] }>();
  for (const pair of pairs) {
    const root = find(pair.a);
    const group = groups.get(root) ?? { members: new Set<number>(), pairs: [] };
    group.pairs.push(pair);
    group.members.add(pair.a).add(pair.b);
    groups.set(root, group);
  }
  return [...groups.values()].map((group) => ({ members: [...group.members].sort((x, y) => x - y), pairs: group.pairs }));
}
