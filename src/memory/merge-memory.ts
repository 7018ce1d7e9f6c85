import { BoundedCache } from "../text/bounded-cache.js";
import { markdownBlocks } from "../text/markdown.js";
import type { Memory } from "./memory.js";

/** What a memory learned this time: its text, sources and dates. */
export type MemoryUpdate = Pick<Memory, "body" | "sources" | "created" | "updated">;

/**
 * Merges new text into an existing memory: a fact already there is kept
 * once; new facts are appended under the date they were learned; sources
 * are joined. Returns the memory itself (same object) when nothing is new.
 */
export function mergeMemory(existing: Memory, update: MemoryUpdate): Memory {
  const known = factsOf(existing);
  const fresh = markdownBlocks(update.body).filter((block) => !known.has(factKey(block)) && !isDateLine(block));
  const sources = [...new Set([...existing.sources, ...update.sources])].sort();
  if (fresh.length === 0 && sources.length === existing.sources.length) return existing;
  const updated = existing.updated > update.updated ? existing.updated : update.updated;
  const added = `**Added ${update.updated}:**\n\n${fresh.join("\n\n")}`;
  const body = fresh.length === 0 ? existing.body : `${existing.body}\n\n${added}`;
  // A blank line closes every block: the new body's facts are the old ones and the added part's.
  if (fresh.length > 0) remember(existing.file, body, new Set([...known, ...markdownBlocks(added).map(factKey)]));
  return { ...existing, body, sources, updated, created: existing.created || update.created };
}

// A memory learning something every week grows with the history: the facts of its latest body are
// kept, by file, so a long run parses each body once instead of once a week. One body per memory
// (older versions would pile up), and only long ones: a short body is parsed again in less time
// than keeping it would cost.
const KEEP_FROM = 2_000;
const FACTS_LIMIT = 1_000;
const facts = new BoundedCache<{ body: string; keys: Set<string> }>(FACTS_LIMIT);

function factsOf(memory: Memory): Set<string> {
  const found = facts.get(memory.file);
  if (found?.body === memory.body) return found.keys;
  const keys = new Set(markdownBlocks(memory.body).map(factKey));
  remember(memory.file, memory.body, keys);
  return keys;
}

function remember(file: string, body: string, keys: Set<string>): void {
  facts.delete(file);
  if (body.length < KEEP_FROM) return;
  facts.set(file, { body, keys });
}

function factKey(block: string): string {
  return block
    .toLowerCase()
    .replace(/[*_`]/g, "")
    .replace(/\s+/g, " ")
    .replace(/[.;:,!]+$/, "")
    .trim();
}

function isDateLine(block: string): boolean {
  return /^\*\*(date|added [\d-]+):?\*\*:?\s*[\d-]*$/i.test(block.trim());
}
