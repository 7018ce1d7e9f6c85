import { type RelatedMemory, readRelatedMemories } from "../../prompt/related-memories.js";
import { statementTerms } from "./statement-terms.js";

// A unit restates a memory when this share of its terms is in the memory's name and description.
const RESTATES = 0.7;
// A new memory updates an existing one when it holds this share of the existing one's terms.
const UPDATES = 0.6;

/** The existing memories shown beside the week, indexed by their terms. */
export interface ExistingMemories {
  memories: RelatedMemory[];
  terms: ReadonlySet<string>[];
  byTerm: Map<string, number[]>;
}

/** Reads the block of existing memories at the end of a prompt (there may be none). */
export function readExisting(prompt: string): ExistingMemories {
  const memories = readRelatedMemories(prompt);
  const terms = memories.map((memory) => statementTerms(`${memory.name} ${memory.description}`));
  const byTerm = new Map<string, number[]>();
  terms.forEach((set, i) => {
    for (const term of set) {
      const list = byTerm.get(term);
      if (list) list.push(i);
      else byTerm.set(term, [i]);
    }
  });
  return { memories, terms, byTerm };
}

/** The unit says nothing an existing memory's name and description do not already say. */
export function restatesExisting(unitTerms: ReadonlySet<string>, existing: ExistingMemories): boolean {
  if (unitTerms.size < 3) return false;
  for (const [i, shared] of sharedCounts(unitTerms, existing)) {
    if (shared / unitTerms.size >= RESTATES && existing.terms[i]!.size > 0) return true;
  }
  return false;
}

/** The existing memory a new one updates: the one whose words it holds most of, if enough. */
export function updatedMemory(candidateTerms: ReadonlySet<string>, existing: ExistingMemories): RelatedMemory | undefined {
  let best: RelatedMemory | undefined;
  let bestShare = 0;
  for (const [i, shared] of sharedCounts(candidateTerms, existing)) {
    const size = existing.terms[i]!.size;
    if (size < 2) continue;
    const share = shared / size;
    if (share >= UPDATES && share > bestShare) {
      best = existing.memories[i];
      bestShare = share;
    }
  }
  return best;
}

function sharedCounts(terms: ReadonlySet<string>, existing: ExistingMemories): Map<number, number> {
  const counts = new Map<number, number>();
  for (const term of terms) for (const i of existing.byTerm.get(term) ?? []) counts.set(i, (counts.get(i) ?? 0) + 1);
  return counts;
}
