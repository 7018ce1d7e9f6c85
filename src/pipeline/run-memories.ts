import { type Memory, memoryId } from "../memory/memory.js";
import { Bm25Index, type TermSet } from "../search/bm25.js";
import type { KeptDocument, KeptTerms } from "../search/kept-terms.js";
import { loadKeptTerms, MEMORY_TERMS_FILE, saveKeptTerms } from "../store/kept-terms-file.js";
import type { MemoryDir } from "../store/memory-dir.js";
import type { SnapshotCache } from "../store/snapshot-cache.js";
import { sha256 } from "../text/hash.js";
import { terms } from "../text/tokenize.js";

// A restatement shares rare terms with what it restates: terms in more memories than this are
// not followed, and only the memories sharing the most terms are compared. A week's merge step
// stays bounded however many memories there are; `compact consolidate` compares them all.
const MAX_POSTINGS = 50;
const MIN_SHARED = 2;
const MAX_NEIGHBOURS = 12;
// The finder pairs memories from a word overlap of 0.3; these terms differ a little from its words
// (no synonyms joined), so a neighbour is kept from a lower overlap and the finder decides.
const MIN_OVERLAP = 0.2;

/**
 * The active memories of a run, indexed once (BM25 over name, description
 * and text) and kept up to date week by week, so a long run never re-reads
 * or re-indexes the whole memory dir: related memories for a prompt, and the
 * neighbours a new memory could restate, are both found through the index.
 */
export class RunMemories {
  #index = new Bm25Index();
  private readonly byId = new Map<string, Memory>();

  /** `kept`: terms an earlier run counted; a memory whose text is the one they were counted from is not read again. */
  constructor(memories: Iterable<Memory>, kept?: KeptTerms) {
    for (const memory of memories) this.put(memory, kept);
  }

  /** The memories indexed, with the terms the last run kept in the dir: years of memories are not all read again. */
  static async open(dir: MemoryDir, memories: Iterable<Memory>): Promise<RunMemories> {
    return new RunMemories(memories, await loadKeptTerms(dir, MEMORY_TERMS_FILE));
  }

  /**
   * Keeps the terms of `current`, the memories as the run committed them,
   * for the next run, once the run has saved its snapshot `cache` (which
   * vouches for the files holding no secret).
   */
  async keep(dir: MemoryDir, current: Iterable<Memory>, cache: SnapshotCache): Promise<void> {
    await saveKeptTerms(
      dir,
      MEMORY_TERMS_FILE,
      this.keptTerms(current, (file) => cache.keptClean(file)),
    );
  }

  get size(): number {
    return this.byId.size;
  }

  get index(): Bm25Index {
    return this.#index;
  }

  /**
   * Lets the index go once the run is done with its weeks: a run's frame
   * keeps this object until it returns, and after years of memories the
   * index is tens of megabytes the pass over every memory has no use for.
   */
  close(): void {
    this.#index = new Bm25Index();
    this.byId.clear();
  }

  get(id: string): Memory | undefined {
    return this.byId.get(id);
  }

  /** Brings the index in line with a committed week: memories written or removed, by file. */
  update(files: Iterable<string>, next: Memory[]): void {
    const changed = new Set(files);
    if (changed.size === 0) return;
    const now = new Map(next.filter((memory) => changed.has(memory.file)).map((memory) => [memory.file, memory]));
    for (const file of changed) {
      const id = memoryId({ file });
      const before = this.byId.get(id);
      const after = now.get(file);
      if (before && after && this.grew(id, before, after)) continue;
      this.drop(id);
      if (after) this.put(after);
    }
  }

  // A memory that only learned lines at its end (mergeMemory) has the added text indexed, not all of it again.
  private grew(id: string, before: Memory, after: Memory): boolean {
    const { body } = before;
    if (before.name !== after.name || before.description !== after.description) return false;
    if (after.body.length <= body.length || after.body[body.length] !== "\n" || !after.body.startsWith(body)) return false;
    if (!this.#index.append(id, after.body.slice(body.length + 1))) return false;
    this.byId.set(id, after);
    return true;
  }

  /**
   * The memories of the same type most alike one of `memories` (sharing the
   * most rare terms, and enough of all their terms): the existing memories a
   * new one may restate, so a week's merge step looks at these alone.
   */
  neighbours(memories: Memory[]): Memory[] {
    const found = new Map<string, Memory>();
    for (const memory of memories) {
      const mine = this.termsOf(memory);
      const sameType = (id: string) => this.byId.get(id)?.type === memory.type;
      const terms = mine.indexedAs === undefined ? mine.all : { document: mine.indexedAs };
      for (const id of this.#index.closestByRareTerms(terms, MAX_POSTINGS, MIN_SHARED, MAX_NEIGHBOURS, sameType)) {
        const other = this.byId.get(id)!;
        if (this.overlapsEnough(mine, id) || overlap(mine.head, headTerms(other)) >= MIN_OVERLAP) found.set(id, other);
      }
    }
    return [...found.values()];
  }

  // The terms of a memory's whole text are the index's own (for a memory just merged, those it had
  // before: a long-lived memory's text grows with the history); those of name and description are few.
  private termsOf(memory: Memory): MemoryTerms {
    const id = memoryId(memory);
    const indexed = this.byId.has(id) ? this.#index.termSet(id) : undefined;
    if (indexed) return { all: indexed, head: headTerms(memory), indexedAs: id };
    return { all: new Set(terms(`${memory.name}\n${memory.description}\n${memory.body}`)), head: headTerms(memory) };
  }

  // |A ∩ B| / |A ∪ B| ≥ MIN_OVERLAP against an indexed memory's terms, read in the index (a long-lived
  // memory has thousands), and never when the sizes alone keep it below.
  private overlapsEnough(mine: MemoryTerms, id: string): boolean {
    const theirs = this.#index.termSet(id);
    const size = mine.all.size;
    if (!theirs || Math.min(size, theirs.size) < MIN_OVERLAP * Math.max(size, theirs.size)) return false;
    // Two indexed memories: one walk along both sorted term lists. Else the index's list is looked up in the new memory's set.
    if (mine.indexedAs !== undefined) return this.#index.overlapsAtLeast(mine.indexedAs, id, MIN_OVERLAP);
    let shared = 0;
    for (const term of theirs) if (mine.all.has(term)) shared++;
    const union = size + theirs.size - shared;
    return union !== 0 && shared / union >= MIN_OVERLAP;
  }

  /**
   * The terms of `current` (the memories as the run left them) for the next
   * run: the index is first brought in line with them. Only of the memories
   * whose file `clean` vouches for: a secret written into a memory by hand
   * is not copied into its terms.
   */
  keptTerms(current: Iterable<Memory>, clean: (file: string) => boolean): KeptTerms {
    const now = new Map<string, Memory>();
    for (const memory of current) now.set(memoryId(memory), memory);
    for (const id of [...this.byId.keys()]) if (!now.has(id)) this.drop(id);
    for (const [id, memory] of now) {
      const before = this.byId.get(id);
      if (before === memory || (before && indexedText(before) === indexedText(memory))) continue;
      this.drop(id);
      this.put(memory);
    }
    const keys = new Map<string, string>();
    const counted = this.#index.countedTerms((id) => {
      const memory = this.byId.get(id)!;
      if (!clean(memory.file)) return false;
      keys.set(id, sha256(indexedText(memory)));
      return true;
    });
    const documents = new Map<string, KeptDocument>();
    for (const [id, terms] of counted.documents) documents.set(id, { ...terms, key: keys.get(id)! });
    return { vocabulary: counted.vocabulary, documents };
  }

  private put(memory: Memory, kept?: KeptTerms): void {
    const id = memoryId(memory);
    const text = indexedText(memory);
    const known = kept?.documents.get(id);
    if (!known || known.key !== sha256(text) || !this.#index.addCounted(id, known, kept!.vocabulary)) this.#index.add(id, text);
    this.byId.set(id, memory);
  }

  private drop(id: string): void {
    this.#index.remove(id);
    this.byId.delete(id);
  }
}

// What a memory is indexed by.
function indexedText(memory: Memory): string {
  return `${memory.name}\n${memory.description}\n${memory.body}`;
}

/** A memory's terms: those the index holds for it (`indexedAs`), or those read from its text. */
interface MemoryTerms {
  all: TermSet;
  head: Set<string>;
  indexedAs?: string;
}

// A memory is met as a neighbour week after week: its name and description are read once while it lives.
const heads = new WeakMap<Memory, { name: string; description: string; terms: Set<string> }>();

function headTerms(memory: Memory): Set<string> {
  const known = heads.get(memory);
  if (known && known.name === memory.name && known.description === memory.description) return known.terms;
  const found = new Set(terms(`${memory.name}\n${memory.description}`));
  heads.set(memory, { name: memory.name, description: memory.description, terms: found });
  return found;
}

/** |A ∩ B| / |A ∪ B| */
function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
