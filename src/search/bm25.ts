import { type Language, readTerms, terms } from "../text/tokenize.js";

/** A ranked id, with its score. */
export interface Ranked {
  id: string;
  score: number;
}

const K1 = 1.2;
const B = 0.75;

/**
 * Okapi BM25 through the project's tokenizer (stemmed, stop words out,
 * character pairs for unspaced scripts). Documents can be added and removed,
 * so a long run keeps one index up to date instead of rebuilding it.
 */
export class Bm25Index {
  private readonly postings = new Map<string, Map<string, number>>();
  private readonly docTerms = new Map<string, Map<string, number>>();
  // The language of a document whose language cannot change with text added at its end.
  private readonly settled = new Map<string, Language>();
  private totalLength = 0;

  get size(): number {
    return this.docTerms.size;
  }

  /** Adds (or replaces) a document; its language is detected unless given. */
  add(id: string, text: string, language?: Language): void {
    if (this.docTerms.has(id)) this.remove(id);
    const read = readTerms(text, language);
    const counts = new Map<string, number>([["\0length", 0]]);
    this.docTerms.set(id, counts);
    if (read.settled) this.settled.set(id, read.language);
    this.count(id, counts, read.terms);
  }

  /**
   * Adds text at the end of a document, as if it had been added with it (a
   * line break between): a memory that grew is not indexed whole again.
   * False, changing nothing, when the document's language could still change
   * with it: then `add` the whole text.
   */
  append(id: string, text: string): boolean {
    const counts = this.docTerms.get(id);
    const language = this.settled.get(id);
    if (!counts || !language) return false;
    this.count(id, counts, terms(text, language));
    return true;
  }

  private count(id: string, counts: Map<string, number>, found: string[]): void {
    const added = new Map<string, number>();
    for (const term of found) added.set(term, (added.get(term) ?? 0) + 1);
    for (const [term, more] of added) {
      const tf = (counts.get(term) ?? 0) + more;
      counts.set(term, tf);
      const list = this.postings.get(term);
      if (list) list.set(id, tf);
      else this.postings.set(term, new Map([[id, tf]]));
    }
    counts.set("\0length", counts.get("\0length")! + found.length);
    this.totalLength += found.length;
  }

  remove(id: string): void {
    const counts = this.docTerms.get(id);
    if (!counts) return;
    for (const term of counts.keys()) {
      const list = this.postings.get(term);
      list?.delete(id);
      if (list?.size === 0) this.postings.delete(term);
    }
    this.totalLength -= counts.get("\0length") ?? 0;
    this.docTerms.delete(id);
    this.settled.delete(id);
  }

  /** Whether some document has the term. */
  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** The distinct terms of a document (empty when there is none by that id). */
  termsOf(id: string): string[] {
    return [...(this.docTerms.get(id)?.keys() ?? [])].filter((term) => term !== "\0length");
  }

  /** How many distinct terms a document has, and whether it has a term: an overlap without copying its terms. */
  distinctTerms(id: string): number {
    return Math.max(0, (this.docTerms.get(id)?.size ?? 1) - 1);
  }

  hasTerm(id: string, term: string): boolean {
    return term !== "\0length" && (this.docTerms.get(id)?.has(term) ?? false);
  }

  /** The documents holding a term. */
  documentsWith(term: string): IterableIterator<string> {
    return (this.postings.get(term) ?? new Map<string, number>()).keys();
  }

  /** The distinct terms of the documents. */
  vocabulary(): IterableIterator<string> {
    return this.postings.keys();
  }

  /** How many documents hold a term. */
  documentFrequency(term: string): number {
    return this.postings.get(term)?.size ?? 0;
  }

  /**
   * Scores for weighted query terms, best first (ties by id, so the order is
   * stable). Terms are taken most telling first; once the terms left could
   * not lift a document not yet met past the `limit`-th score so far, only
   * the documents still in reach are scored, term by term in query order (the
   * same sums as scoring every document). Common terms of a long history are
   * in thousands of documents: most of those are never walked.
   */
  rankTerms(query: Iterable<{ term: string; weight: number }>, limit: number): Ranked[] {
    const n = this.docTerms.size;
    const average = n === 0 ? 1 : this.totalLength / n || 1;
    const items: { term: string; weight: number; idf: number; list: Map<string, number> }[] = [];
    for (const { term, weight } of query) {
      const list = this.postings.get(term);
      if (list) items.push({ term, weight, idf: Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5)), list });
    }
    const part = (weight: number, idf: number, tf: number, length: number) => weight * idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * length) / average)));
    const lengthOf = (id: string) => this.docTerms.get(id)!.get("\0length") ?? 0;
    // The most a term adds to any document's score.
    const bound = (item: (typeof items)[number]) => item.weight * item.idf * (K1 + 1);
    const ordered = items.every((item) => item.weight > 0) ? [...items].sort((a, b) => bound(b) - bound(a)) : [];
    let left = ordered.reduce((sum, item) => sum + bound(item), 0);
    const partial = new Map<string, number>();
    let checkBelow = left / 2;
    for (const item of ordered) {
      for (const [id, tf] of item.list) partial.set(id, (partial.get(id) ?? 0) + part(item.weight, item.idf, tf, lengthOf(id)));
      left -= bound(item);
      if (left > checkBelow || partial.size < limit) continue;
      checkBelow = left / 2;
      // Sums taken in another order may differ in the last bits: bounds keep a margin.
      const kth = kthLargest([...partial.values()], limit) * (1 - 1e-9);
      if (left >= kth) continue;
      const scores = new Map<string, number>();
      for (const [id, sum] of partial) {
        if (sum + left < kth) continue;
        const counts = this.docTerms.get(id)!;
        const length = counts.get("\0length") ?? 0;
        let score = 0;
        for (const { term, weight, idf } of items) {
          const tf = counts.get(term);
          if (tf !== undefined) score += part(weight, idf, tf, length);
        }
        scores.set(id, score);
      }
      return best(scores, limit).map(([id, score]) => ({ id, score }));
    }
    const scores = new Map<string, number>();
    for (const { weight, idf, list } of items) {
      for (const [id, tf] of list) scores.set(id, (scores.get(id) ?? 0) + part(weight, idf, tf, lengthOf(id)));
    }
    return best(scores, limit).map(([id, score]) => ({ id, score }));
  }

  /** The documents that best match a query text, best first. */
  search(query: string, limit: number): Ranked[] {
    const weights = new Map<string, number>();
    for (const term of terms(query)) weights.set(term, 1);
    return this.rankTerms(
      [...weights].map(([term, weight]) => ({ term, weight })),
      limit,
    );
  }
}

// The k-th largest value (k ≥ 1, values.length ≥ k), by selection: values is reordered.
function kthLargest(values: number[], k: number): number {
  let [low, high] = [0, values.length - 1];
  const target = k - 1;
  while (low < high) {
    const pivot = values[(low + high) >> 1]!;
    let [i, j] = [low, high];
    while (i <= j) {
      while (values[i]! > pivot) i++;
      while (values[j]! < pivot) j--;
      if (i <= j) {
        [values[i], values[j]] = [values[j]!, values[i]!];
        i++;
        j--;
      }
    }
    if (target <= j) high = j;
    else if (target >= i) low = i;
    else break;
  }
  return values[target]!;
}

const byScore = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

// The `limit` best, in order, without sorting every scored document (a long run asks for 40 of thousands every week).
function best(scores: Map<string, number>, limit: number): [string, number][] {
  if (scores.size <= limit * 4) return [...scores].sort(byScore).slice(0, limit);
  const top: [string, number][] = [];
  for (const entry of scores) {
    if (top.length === limit && byScore(entry, top[limit - 1]!) >= 0) continue;
    let at = top.length;
    while (at > 0 && byScore(entry, top[at - 1]!) < 0) at--;
    top.splice(at, 0, entry);
    if (top.length > limit) top.pop();
  }
  return top;
}
