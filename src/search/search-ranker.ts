import type { Ranked } from "./bm25.js";

/** A memory or weekly summary as search sees it. */
export interface SearchDocument {
  file: string;
  name: string;
  /** Memory type, or `weekly` for a summary. */
  type: string;
  description: string;
  body: string;
}

/**
 * A second opinion on which documents match a query (vectors from an
 * embeddings endpoint, say). Search always ranks lexically (BM25 over the
 * shared tokenizer); each ranker given is fused with that ranking by rank,
 * so rankers need not agree on what a score means.
 */
export interface SearchRanker {
  /** Scores documents for a query, best first; `id` is the document's `file`. Documents it cannot judge are left out. */
  rank(documents: SearchDocument[], query: string, limit: number): Promise<Ranked[]>;
}

// Reciprocal rank fusion's usual constant: the top ranks of each list count, without one list drowning the others.
const RRF_K = 60;

/** Reciprocal rank fusion of several rankings, best first (ties by id). */
export function fuseRankings(rankings: Ranked[][], limit: number): Ranked[] {
  const scores = new Map<string, number>();
  for (const ranking of rankings) {
    for (const [i, { id }] of ranking.entries()) scores.set(id, (scores.get(id) ?? 0) + 1 / (RRF_K + i + 1));
  }
  return [...scores]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, limit)
    .map(([id, score]) => ({ id, score }));
}
