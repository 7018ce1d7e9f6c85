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
  const known = new Set(markdownBlocks(existing.body).map(factKey));
  const fresh = markdownBlocks(update.body).filter((block) => !known.has(factKey(block)) && !isDateLine(block));
  const sources = [...new Set([...existing.sources, ...update.sources])].sort();
  if (fresh.length === 0 && sources.length === existing.sources.length) return existing;
  const updated = existing.updated > update.updated ? existing.updated : update.updated;
  const body = fresh.length === 0 ? existing.body : `${existing.body}\n\n**Added ${update.updated}:**\n\n${fresh.join("\n\n")}`;
  return { ...existing, body, sources, updated, created: existing.created || update.created };
}

function factKey(block: string): string {
  return block.toLowerCase().replace(/[*_`]/g, "").replace(/\s+/g, " ").replace(/[.;:,!]+$/, "").trim();
}

function isDateLine(block: string): boolean {
  return /^\*\*(date|added [\d-]+):?\*\*:?\s*[\d-]*$/i.test(block.trim());
}
