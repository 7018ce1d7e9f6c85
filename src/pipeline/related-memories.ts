import { type Memory, memoryId } from "../memory/memory.js";
import type { RelatedMemory } from "../prompt/related-memories.js";
import { Bm25Index } from "../search/bm25.js";
import { terms } from "../text/tokenize.js";

/** About 2,000 tokens of existing memories beside a week's logs. */
export const RELATED_BUDGET_CHARS = 8000;
const MAX_RELATED = 40;
// The week's most frequent terms stand for it: a query of a whole week's words would weigh noise.
const QUERY_TERMS = 300;

/**
 * The existing memories most related to a week's logs (BM25 over name,
 * description and text), within the budget, best first: what the model is
 * shown so it updates a memory instead of writing a second one.
 */
export function relatedMemories(index: Bm25Index, byId: Map<string, Memory>, logText: string): RelatedMemory[] {
  if (index.size === 0) return [];
  const counts = new Map<string, number>();
  for (const term of terms(logText)) counts.set(term, (counts.get(term) ?? 0) + 1);
  const query = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, QUERY_TERMS)
    .map(([term, count]) => ({ term, weight: Math.log(1 + count) }));
  const related: RelatedMemory[] = [];
  let used = 0;
  for (const { id } of index.rankTerms(query, MAX_RELATED)) {
    const memory = byId.get(id);
    if (!memory) continue;
    const entry = { type: memory.type, name: memory.name, description: memory.description };
    const size = entry.type.length + entry.name.length + entry.description.length + 8;
    if (used + size > RELATED_BUDGET_CHARS) break;
    related.push(entry);
    used += size;
  }
  return related;
}

/**
 * The memories a period's model call may be shown: not those every source of which is one of the
 * period's own logs, which are that period's earlier output, so compacting it again gives the same answer.
 */
export function memoriesFromElsewhere(memories: Memory[], periodLogs: Iterable<string>): Memory[] {
  const own = new Set(periodLogs);
  return memories.filter((memory) => memory.sources.length === 0 || memory.sources.some((source) => !own.has(source.replace(/#.*$/, ""))));
}

/** A search index over memories: name, description and text. */
export function memoryIndex(memories: Memory[]): { index: Bm25Index; byId: Map<string, Memory> } {
  const index = new Bm25Index();
  const byId = new Map<string, Memory>();
  for (const memory of memories) {
    index.add(memoryId(memory), `${memory.name}\n${memory.description}\n${memory.body}`);
    byId.set(memoryId(memory), memory);
  }
  return { index, byId };
}
