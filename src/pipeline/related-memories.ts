import type { Memory } from "../memory/memory.js";
import type { RelatedMemory } from "../prompt/related-memories.js";
import { approximateTokens } from "../text/approximate-tokens.js";
import { terms } from "../text/tokenize.js";
import type { RunMemories } from "./run-memories.js";

/** At most about 2,000 tokens of existing memories beside a week's logs, in any script. */
export const RELATED_BUDGET_TOKENS = 2000;
// A listed memory's line around its fields: `- `, two ` | ` and the line break.
const LINE_TOKENS = 2;
const MAX_RELATED = 40;
// The week's most frequent terms stand for it: a query of a whole week's words would weigh noise.
const QUERY_TERMS = 300;

/**
 * The existing memories most related to a week's logs (BM25 over name,
 * description and text), within the budget, best first: what the model is
 * shown so it updates a memory instead of writing a second one.
 */
export function relatedMemories(memories: RunMemories, logs: readonly { text: string; file: { relPath: string } }[]): RelatedMemory[] {
  if (memories.size === 0) return [];
  const counts = new Map<string, number>();
  for (const term of terms(logs.map((log) => log.text).join("\n"))) counts.set(term, (counts.get(term) ?? 0) + 1);
  const query = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, QUERY_TERMS)
    .map(([term, count]) => ({ term, weight: Math.log(1 + count) }));
  const own = new Set(logs.map((log) => log.file.relPath));
  const related: RelatedMemory[] = [];
  let used = 0;
  for (const { id } of memories.index.rankTerms(query, MAX_RELATED)) {
    const memory = memories.get(id);
    if (!memory || isOutputOf(memory, own)) continue;
    const entry = { type: memory.type, name: memory.name, description: memory.description };
    const size = approximateTokens(entry.type) + approximateTokens(entry.name) + approximateTokens(entry.description) + LINE_TOKENS;
    if (used + size > RELATED_BUDGET_TOKENS) break;
    related.push(entry);
    used += size;
  }
  return related;
}

// A memory every source of which is one of the period's own logs is that period's earlier output:
// shown back to the model, compacting the period again would give another answer.
function isOutputOf(memory: Memory, periodLogs: Set<string>): boolean {
  return memory.sources.length > 0 && memory.sources.every((source) => periodLogs.has(source.replace(/#.*$/, "")));
}
