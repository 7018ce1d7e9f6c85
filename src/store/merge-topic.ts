import type { TopicFile } from "./topic-file.js";

/** A memory ready to store: validated, redacted, traced to its sources. */
export interface StoredMemory {
  name: string;
  description: string;
  type: string;
  content: string;
  /** `2026-03-02.md#L12-L14` anchors, sorted. */
  sources: string[];
  /** Date of the oldest and newest source entry (or of the week when untraced). */
  firstDate: string;
  lastDate: string;
}

/** A new topic file for a memory. */
export function newTopic(memory: StoredMemory): TopicFile {
  return {
    data: {
      name: memory.name,
      description: memory.description,
      type: memory.type,
      created: memory.firstDate,
      updated: memory.lastDate,
      sources: memory.sources,
    },
    body: memory.content,
  };
}

/**
 * Merges a memory into its existing topic file: a fact already there is kept
 * once; new facts are appended under the date they were learned. Returns the
 * file unchanged (same object) when the memory adds nothing.
 */
export function mergeTopic(existing: TopicFile, memory: StoredMemory): TopicFile {
  const known = new Set(factBlocks(existing.body).map(factKey));
  const fresh = factBlocks(memory.content).filter((block) => !known.has(factKey(block)) && !isDateLine(block));
  const sources = [...new Set([...asStrings(existing.data["sources"]), ...memory.sources])].sort();
  const sourcesGrew = sources.length !== asStrings(existing.data["sources"]).length;
  if (fresh.length === 0 && !sourcesGrew) return existing;

  const updated = maxDate(String(existing.data["updated"] ?? ""), memory.lastDate);
  const data: Record<string, unknown> = { ...existing.data, updated, sources };
  if (data["created"] === undefined) data["created"] = memory.firstDate;
  const body = fresh.length === 0 ? existing.body : `${existing.body}\n\n**Added ${memory.lastDate}:**\n\n${fresh.join("\n\n")}`;
  return { data, body };
}

// Paragraphs and list blocks, with fenced code kept whole.
function factBlocks(body: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let inFence = false;
  for (const line of body.split("\n")) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
    if (!inFence && line.trim() === "") {
      if (current.length > 0) blocks.push(current.join("\n"));
      current = [];
    } else {
      current.push(line);
    }
  }
  if (current.length > 0) blocks.push(current.join("\n"));
  return blocks;
}

function factKey(block: string): string {
  return block.toLowerCase().replace(/[*_`]/g, "").replace(/\s+/g, " ").replace(/[.;:,!]+$/, "").trim();
}

function isDateLine(block: string): boolean {
  return /^\*\*(date|added [\d-]+):?\*\*:?\s*[\d-]*$/i.test(block.trim());
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [];
}

function maxDate(a: string, b: string): string {
  return a > b ? a : b;
}
