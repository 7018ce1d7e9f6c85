import { jaccard } from "./memory-terms.js";

/** Two memories of the same group that share enough words. Indexes into the input. */
export interface SimilarPair {
  a: number;
  b: number;
  similarity: number;
}

// A word in more memories than this says little about any pair and would make the search quadratic.
const MAX_POSTINGS = 200;
const MIN_SHARED = 2;


/**
 * Pairs of the same group whose word sets overlap at least `minSimilarity`
 * (Jaccard), found through an inverted index: each memory meets only the
 * memories it shares a not-too-common word with, so 20,000 memories are
 * compared in seconds, not 200 million times.
 */
export function findSimilarPairs(words: Set<string>[], groups: string[], minSimilarity: number): SimilarPair[] {
  const postings = new Map<string, number[]>();
  words.forEach((set, index) => {
    for (const word of set) {
      const list = postings.get(word);
      if (list) list.push(index);
      else postings.set(word, [index]);
    }
  });
  const pairs: SimilarPair[] = [];
  const shared = new Map<number, number>();
  words.forEach((set, a) => {
    shared.clear();
    for (const word of set) {
      const list = postings.get(word)!;
      if (list.length > MAX_POSTINGS) continue;
      for (const b of list) if (b > a && groups[b] === groups[a]) shared.set(b, (shared.get(b) ?? 0) + 1);
    }
    for (const [b, count] of shared) {
      if (count < MIN_SHARED) continue;
      const similarity = jaccard(set, words[b]!);
      if (similarity >= minSimilarity) pairs.push({ a, b, similarity });
    }
  });
  return pairs.sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
}
