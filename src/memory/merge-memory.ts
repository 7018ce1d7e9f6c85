import { BoundedCache } from "../text/bounded-cache.js";
import { topLevelBlocks } from "../text/markdown.js";
import type { Memory } from "./memory.js";

/** What a memory learned this time: its text, sources and dates. */
export type MemoryUpdate = Pick<Memory, "body" | "sources" | "created" | "updated">;

/**
 * Merges new text into an existing memory: a fact already there is kept
 * once (a block, or an item of a list); new facts are appended under the
 * date they were learned; sources are joined. Returns the memory itself
 * (same object) when nothing is new.
 */
export function mergeMemory(existing: Memory, update: MemoryUpdate): Memory {
  const known = factsOf(existing);
  const fresh: string[] = [];
  for (const block of factBlocks(update.body)) {
    if (block.items.length === 0) {
      if (!known.has(factKey(block.text)) && !isDateLine(block.text)) fresh.push(block.text);
      continue;
    }
    // Of a list, the items not known yet: a line added to the memory's list by hand leaves the others known.
    const items = block.items.filter((item) => !known.has(itemKey(item)));
    if (items.length > 0) fresh.push(items.length < block.items.length ? items.join("\n") : block.text);
  }
  const sources = [...new Set([...existing.sources, ...update.sources])].sort();
  if (fresh.length === 0 && sources.length === existing.sources.length) return existing;
  const updated = existing.updated > update.updated ? existing.updated : update.updated;
  const added = `**Added ${update.updated}:**\n\n${fresh.join("\n\n")}`;
  const body = fresh.length === 0 ? existing.body : `${existing.body}\n\n${added}`;
  // A blank line closes every block: the new body's facts are the old ones and the added part's.
  if (fresh.length > 0) remember(existing.file, body, new Set([...known, ...factKeys(added)]));
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
  const keys = factKeys(memory.body);
  remember(memory.file, memory.body, keys);
  return keys;
}

function remember(file: string, body: string, keys: Set<string>): void {
  facts.delete(file);
  if (body.length < KEEP_FROM) return;
  facts.set(file, { body, keys });
}

/** A text's top-level blocks, each with its items when it is a list. */
function factBlocks(text: string): { text: string; items: string[] }[] {
  const lines = text.split("\n");
  const source = (from: number, to: number) =>
    lines
      .slice(from - 1, to)
      .join("\n")
      .trimEnd();
  return topLevelBlocks(text).map((block) => ({
    text: source(block.startLine, block.endLine),
    items: block.type === "list" ? block.children.filter((child) => child.type === "listItem").map((item) => source(item.startLine, item.endLine)) : [],
  }));
}

function factKeys(text: string): Set<string> {
  const keys = new Set<string>();
  // A list is known by its items alone: its whole text as a key would keep a second copy of it.
  for (const block of factBlocks(text)) {
    if (block.items.length === 0) keys.add(factKey(block.text));
    for (const item of block.items) keys.add(itemKey(item));
  }
  return keys;
}

// A fact said as a list item or as a line of its own is one fact: its marker is no part of it (a task's box is:
// `[x]` is news after `[ ]`).
const ITEM_MARKER = /^ {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]+/;

function itemKey(item: string): string {
  return factKey(item.replace(ITEM_MARKER, ""));
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
