import { type Language, readTerms, terms } from "../text/tokenize.js";

/** Distinct terms to walk and count, without a copy. */
export interface TermSet extends Iterable<string> {
  readonly size: number;
  has(term: string): boolean;
}

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
  // Documents are numbered once (an id keeps its number across re-adds): postings and scores are
  // kept by number, so ranking adds into an array instead of hashing ids for every posting.
  private readonly postings = new Map<string, Map<number, number>>();
  private readonly docTerms = new Map<string, Map<string, number>>();
  private readonly slots = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly lengths: number[] = [];
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
    const counts = new Map<string, number>();
    this.docTerms.set(id, counts);
    if (read.settled) this.settled.set(id, read.language);
    this.count(this.slotOf(id), counts, read.terms);
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
    this.count(this.slotOf(id), counts, terms(text, language));
    return true;
  }

  private slotOf(id: string): number {
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.slots.set(id, slot);
      this.ids.push(id);
      this.lengths.push(0);
    }
    return slot;
  }

  private count(slot: number, counts: Map<string, number>, found: string[]): void {
    const added = new Map<string, number>();
    for (const term of found) added.set(term, (added.get(term) ?? 0) + 1);
    for (const [term, more] of added) {
      const tf = (counts.get(term) ?? 0) + more;
      counts.set(term, tf);
      const list = this.postings.get(term);
      if (list) list.set(slot, tf);
      else this.postings.set(term, new Map([[slot, tf]]));
    }
    this.lengths[slot]! += found.length;
    this.totalLength += found.length;
  }

  remove(id: string): void {
    const counts = this.docTerms.get(id);
    if (!counts) return;
    const slot = this.slots.get(id)!;
    for (const term of counts.keys()) {
      const list = this.postings.get(term);
      list?.delete(slot);
      if (list?.size === 0) this.postings.delete(term);
    }
    this.totalLength -= this.lengths[slot]!;
    this.lengths[slot] = 0;
    this.docTerms.delete(id);
    this.settled.delete(id);
  }

  /** Whether some document has the term. */
  has(term: string): boolean {
    return this.postings.has(term);
  }

  /** The distinct terms of a document as the index holds them (no copy), if it has the document. */
  termSet(id: string): TermSet | undefined {
    const counts = this.docTerms.get(id);
    return counts && { size: counts.size, has: (term) => counts.has(term), [Symbol.iterator]: () => counts.keys() };
  }

  /**
   * The documents sharing any of `terms` that are in at most `maxDocuments`
   * documents, with how many of those terms each shares: counted by number,
   * as a week of a long run asks it for each new memory.
   */
  sharedRareTerms(terms: Iterable<string>, maxDocuments: number): [string, number][] {
    const counts = new Int32Array(this.ids.length);
    const touched: number[] = [];
    for (const term of terms) {
      const list = this.postings.get(term);
      if (!list || list.size > maxDocuments) continue;
      for (const slot of list.keys()) if (counts[slot]!++ === 0) touched.push(slot);
    }
    return touched.map((slot) => [this.ids[slot]!, counts[slot]!]);
  }

  /** The distinct terms of the documents. */
  vocabulary(): IterableIterator<string> {
    return this.postings.keys();
  }

  /** Scores for weighted query terms, best first (ties by id, so the order is stable). */
  rankTerms(query: Iterable<{ term: string; weight: number }>, limit: number): Ranked[] {
    const n = this.docTerms.size;
    const average = n === 0 ? 1 : this.totalLength / n || 1;
    const scores = new Float64Array(this.ids.length);
    const scored = new Uint8Array(this.ids.length);
    const touched: number[] = [];
    for (const { term, weight } of query) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.size + 0.5) / (list.size + 0.5));
      for (const [slot, tf] of list) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[slot]!) / average);
        if (scored[slot] === 0) {
          scored[slot] = 1;
          touched.push(slot);
        }
        scores[slot]! += weight * idf * ((tf * (K1 + 1)) / norm);
      }
    }
    return best(
      touched.map((slot): [string, number] => [this.ids[slot]!, scores[slot]!]),
      limit,
    ).map(([id, score]) => ({ id, score }));
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

const byScore = (a: [string, number], b: [string, number]) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1);

// The `limit` best, in order, without sorting every scored document (a long run asks for 40 of thousands every week).
function best(scores: [string, number][], limit: number): [string, number][] {
  if (scores.length <= limit * 4) return scores.sort(byScore).slice(0, limit);
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
