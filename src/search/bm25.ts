import { LANGUAGES, type Language, readTerms, terms } from "../text/tokenize.js";

/** Distinct terms to walk and count, without a copy. */
export interface TermSet extends Iterable<string> {
  readonly size: number;
  has(term: string): boolean;
}

/**
 * A document's terms as counted once, to be added again without reading its
 * text: (term number, frequency) pairs by term number, the numbers those of
 * a vocabulary kept beside it.
 */
export interface CountedTerms {
  /** Terms counted, repeats included. */
  length: number;
  /** The language the text was read in, when text added at its end cannot change it. */
  settled?: Language;
  counts: Int32Array;
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
  // Terms and documents are numbered once (a term or an id keeps its number). A term's postings are
  // one flat array of (document, term frequency) pairs in document order, and a document's terms one
  // sorted array of term numbers: a long run holds thousands of memories, a Map for each term and
  // each document cost several times the entries they held, and walking two documents' terms
  // compares numbers instead of strings.
  private readonly termNumbers = new Map<string, number>();
  private readonly termNames: string[] = [];
  private readonly postings: (number[] | undefined)[] = [];
  private readonly docTerms = new Map<string, number[]>();
  private readonly slots = new Map<string, number>();
  private readonly ids: string[] = [];
  private readonly lengths: number[] = [];
  // The language of a document whose language cannot change with text added at its end.
  private readonly settled = new Map<string, Language>();
  private totalLength = 0;
  // Counts by document for closestByRareTerms, zero between calls: a week asks it for each new
  // memory, and a fresh array the size of every document ever indexed is most of what it allocated.
  private shared = new Int32Array(0);
  private sharing = new Int32Array(0);
  private tally = new Int32Array(0);
  // For each kept vocabulary, its terms' numbers here (-1 until first met); null for one naming a term twice.
  private readonly keptNumbers = new WeakMap<readonly string[], Int32Array | null>();

  get size(): number {
    return this.docTerms.size;
  }

  /** Adds (or replaces) a document; its language is detected unless given. */
  add(id: string, text: string, language?: Language): void {
    if (this.docTerms.has(id)) this.remove(id);
    const read = readTerms(text, language);
    this.docTerms.set(id, []);
    if (read.settled) this.settled.set(id, read.language);
    this.count(id, this.slotOf(id), read.terms);
  }

  /**
   * Adds (or replaces) a document from terms counted before (`countedTerms`),
   * its numbers those of `vocabulary`. False, changing nothing, when the
   * counts are not such a list: a number out of the vocabulary or out of
   * order, a frequency below one, a length that is not their sum, a
   * vocabulary naming a term twice. They come from a file anyone could have
   * changed: checked, never trusted.
   */
  addCounted(id: string, counted: CountedTerms, vocabulary: readonly string[]): boolean {
    const { counts, length, settled } = counted;
    if (counts.length % 2 !== 0 || (settled !== undefined && !LANGUAGES.includes(settled))) return false;
    let numbers = this.keptNumbers.get(vocabulary);
    if (numbers === undefined) {
      // Two numbers for one term would put it twice in a document's list: its removal would take another document's posting.
      numbers = new Set(vocabulary).size === vocabulary.length ? new Int32Array(vocabulary.length).fill(-1) : null;
      this.keptNumbers.set(vocabulary, numbers);
    }
    if (numbers === null) return false;
    let sum = 0;
    for (let i = 0, last = -1; i < counts.length; i += 2) {
      const term = counts[i]!;
      if (term <= last || term >= vocabulary.length || counts[i + 1]! < 1) return false;
      last = term;
      sum += counts[i + 1]!;
    }
    if (sum !== length) return false;
    if (this.docTerms.has(id)) this.remove(id);
    const slot = this.slotOf(id);
    const own: number[] = [];
    let sorted = true;
    for (let i = 0; i < counts.length; i += 2) {
      const kept = counts[i]!;
      let term = numbers[kept]!;
      if (term < 0) term = numbers[kept] = this.numberOf(vocabulary[kept]!);
      if (own.length > 0 && term < own[own.length - 1]!) sorted = false;
      own.push(term);
      this.post(term, slot, counts[i + 1]!);
    }
    if (!sorted) own.sort((a, b) => a - b);
    this.docTerms.set(id, own);
    if (settled) this.settled.set(id, settled);
    this.lengths[slot]! += length;
    this.totalLength += length;
    return true;
  }

  /**
   * The documents' terms as counted, for `addCounted` in a later run, with
   * the vocabulary their numbers refer to (only the terms they use).
   * `accept` leaves a document out.
   */
  countedTerms(accept: (id: string) => boolean = () => true): { vocabulary: string[]; documents: Map<string, CountedTerms> } {
    const counts: (Int32Array | undefined)[] = new Array(this.ids.length);
    const filled = new Int32Array(this.ids.length);
    for (const [id, own] of this.docTerms) if (accept(id)) counts[this.slots.get(id)!] = new Int32Array(2 * own.length);
    // One walk along the postings, in term order: each document's pairs come out sorted by the new numbers.
    const vocabulary: string[] = [];
    for (const [term, list] of this.postings.entries()) {
      if (!list) continue;
      let number = -1;
      for (let i = 0; i < list.length; i += 2) {
        const slot = list[i]!;
        const own = counts[slot];
        if (!own) continue;
        if (number < 0) {
          number = vocabulary.length;
          vocabulary.push(this.termNames[term]!);
        }
        own[filled[slot]!++] = number;
        own[filled[slot]!++] = list[i + 1]!;
      }
    }
    const documents = new Map<string, CountedTerms>();
    for (const [slot, own] of counts.entries()) {
      if (!own) continue;
      const id = this.ids[slot]!;
      const settled = this.settled.get(id);
      documents.set(id, { length: this.lengths[slot]!, ...(settled ? { settled } : {}), counts: own });
    }
    return { vocabulary, documents };
  }

  /**
   * Adds text at the end of a document, as if it had been added with it (a
   * line break between): a memory that grew is not indexed whole again.
   * False, changing nothing, when the document's language could still change
   * with it: then `add` the whole text.
   */
  append(id: string, text: string): boolean {
    const language = this.settled.get(id);
    if (!this.docTerms.has(id) || !language) return false;
    this.count(id, this.slotOf(id), terms(text, language));
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

  private numberOf(term: string): number {
    let number = this.termNumbers.get(term);
    if (number === undefined) {
      number = this.termNames.length;
      this.termNumbers.set(term, number);
      this.termNames.push(term);
      this.postings.push(undefined);
    }
    return number;
  }

  private count(id: string, slot: number, found: string[]): void {
    // Counted by term number in an array kept between calls, zero between them: a map per text
    // was most of the cost of indexing thousands of memories.
    if (this.tally.length < this.termNames.length + found.length) {
      this.tally = new Int32Array(2 * (this.termNames.length + found.length));
    }
    const tally = this.tally;
    const distinct: number[] = [];
    for (const name of found) {
      const number = this.numberOf(name);
      const before = tally[number]!;
      tally[number] = before + 1;
      if (before === 0) distinct.push(number);
    }
    const own = this.docTerms.get(id)!;
    let fresh = false;
    for (const term of distinct) {
      const more = tally[term]!;
      tally[term] = 0;
      if (this.post(term, slot, more)) {
        own.push(term);
        fresh = true;
      }
    }
    if (fresh) own.sort((a, b) => a - b);
    this.lengths[slot]! += found.length;
    this.totalLength += found.length;
  }

  // Counts a term's occurrences in a document; true when the document did not have the term yet.
  private post(term: number, slot: number, more: number): boolean {
    const list = this.postings[term];
    if (!list) {
      this.postings[term] = [slot, more];
      return true;
    }
    // A document added after every other one goes last: most adds, and no search or move.
    if (list[list.length - 2]! < slot) {
      list.push(slot, more);
      return true;
    }
    const at = pairIndex(list, slot);
    if (list[at] === slot) {
      list[at + 1]! += more;
      return false;
    }
    list.splice(at, 0, slot, more);
    return true;
  }

  remove(id: string): void {
    const own = this.docTerms.get(id);
    if (!own) return;
    const slot = this.slots.get(id)!;
    for (const term of own) {
      const list = this.postings[term]!;
      list.splice(pairIndex(list, slot), 2);
      if (list.length === 0) this.postings[term] = undefined;
    }
    this.totalLength -= this.lengths[slot]!;
    this.lengths[slot] = 0;
    this.docTerms.delete(id);
    this.settled.delete(id);
  }

  /** Whether some document has the term. */
  has(term: string): boolean {
    return this.listOf(term) !== undefined;
  }

  /** The distinct terms of a document as the index holds them (no copy), if it has the document. */
  termSet(id: string): TermSet | undefined {
    const own = this.docTerms.get(id);
    if (!own) return undefined;
    const { termNumbers, termNames } = this;
    return {
      size: own.length,
      has: (term) => {
        const number = termNumbers.get(term);
        return number !== undefined && sortedHas(own, number);
      },
      *[Symbol.iterator]() {
        for (const number of own) yield termNames[number]!;
      },
    };
  }

  /**
   * Whether two documents' distinct terms overlap by at least `minimum`
   * (|A ∩ B| / |A ∪ B|); false when either is missing. One walk along both
   * sorted lists, stopped as soon as the answer is known.
   */
  overlapsAtLeast(a: string, b: string, minimum: number): boolean {
    const left = this.docTerms.get(a);
    const right = this.docTerms.get(b);
    if (!left || !right) return false;
    const total = left.length + right.length;
    const enough = (shared: number) => total - shared > 0 && shared / (total - shared) >= minimum;
    let shared = 0;
    for (let i = 0, j = 0; i < left.length && j < right.length; ) {
      // The most the pair could still share: stop once even that falls short.
      if (!enough(shared + Math.min(left.length - i, right.length - j))) return false;
      const x = left[i]!;
      const y = right[j]!;
      if (x === y) {
        if (enough(++shared)) return true;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
    return enough(shared);
  }

  /**
   * Of the documents sharing `terms` that are in at most `maxDocuments`
   * documents (rare terms), the `limit` `accept`ed ones sharing the most
   * (at least `minShared`), most first, ties by id: counted by number and
   * kept as they come, as a week of a long run asks it for each new memory.
   * `terms` may be a document's id: then its own terms.
   */
  closestByRareTerms(
    terms: Iterable<string> | { document: string },
    maxDocuments: number,
    minShared: number,
    limit: number,
    accept: (id: string) => boolean,
  ): string[] {
    if (this.shared.length < this.ids.length) {
      this.shared = new Int32Array(Math.max(this.ids.length, 2 * this.shared.length));
      this.sharing = new Int32Array(this.shared.length);
    }
    const counts = this.shared;
    // The documents counted so far, each once: as many as there are documents at most.
    const touched = this.sharing;
    let found = 0;
    const tally = (list: number[] | undefined) => {
      if (!list || list.length > 2 * maxDocuments) return;
      for (let i = 0; i < list.length; i += 2) if (counts[list[i]!]!++ === 0) touched[found++] = list[i]!;
    };
    const top: [string, number][] = [];
    try {
      if ("document" in terms) for (const term of this.docTerms.get(terms.document) ?? []) tally(this.postings[term]);
      else for (const term of terms) tally(this.listOf(term));
      for (let t = 0; t < found; t++) {
        const slot = touched[t]!;
        const count = counts[slot]!;
        if (count < minShared) continue;
        const id = this.ids[slot]!;
        // Not better than the last kept: fewer shared, or as many and a later id.
        const last = top.length === limit ? top[limit - 1]! : undefined;
        if (last && (count < last[1] || (count === last[1] && id > last[0]))) continue;
        if (!accept(id)) continue;
        const entry: [string, number] = [id, count];
        let at = top.length;
        while (at > 0 && byScore(entry, top[at - 1]!) < 0) at--;
        top.splice(at, 0, entry);
        if (top.length > limit) top.pop();
      }
    } finally {
      for (let t = 0; t < found; t++) counts[touched[t]!] = 0;
    }
    return top.map(([id]) => id);
  }

  /** The distinct terms of the documents. */
  *vocabulary(): IterableIterator<string> {
    for (const [number, list] of this.postings.entries()) if (list) yield this.termNames[number]!;
  }

  /** Scores for weighted query terms, best first (ties by id, so the order is stable). */
  rankTerms(query: Iterable<{ term: string; weight: number }>, limit: number): Ranked[] {
    const n = this.docTerms.size;
    const average = n === 0 ? 1 : this.totalLength / n || 1;
    const scores = new Float64Array(this.ids.length);
    const scored = new Uint8Array(this.ids.length);
    const touched: number[] = [];
    for (const { term, weight } of query) {
      const list = this.listOf(term);
      if (!list) continue;
      const documents = list.length / 2;
      const idf = Math.log(1 + (n - documents + 0.5) / (documents + 0.5));
      for (let i = 0; i < list.length; i += 2) {
        const slot = list[i]!;
        const tf = list[i + 1]!;
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

  private listOf(term: string): number[] | undefined {
    const number = this.termNumbers.get(term);
    return number === undefined ? undefined : this.postings[number];
  }
}

// Where a document number is, or goes, in a postings array of (number, frequency) pairs.
function pairIndex(list: number[], slot: number): number {
  let low = 0;
  let high = list.length / 2;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (list[2 * mid]! < slot) low = mid + 1;
    else high = mid;
  }
  return 2 * low;
}

function sortedHas(sorted: number[], term: number): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const at = sorted[mid]!;
    if (at === term) return true;
    if (at < term) low = mid + 1;
    else high = mid;
  }
  return false;
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
