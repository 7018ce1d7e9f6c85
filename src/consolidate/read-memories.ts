import { readFile } from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { normaliseLineEndings } from "../logs/decode-log.js";
import { DEFAULT_LAYOUT, type MemoryLayout, topicPath } from "../store/memory-layout.js";
import { parseTopicFile } from "../store/topic-file.js";
import type { MemoryRecord } from "./memory-record.js";

// Top-level files that are never memories.
const NOT_MEMORIES = /^(MEMORY|probes|README)\.md$|^\d{4}-\d{2}-\d{2}/i;

/** The active memories: `.md` files in the layout's topics folder whose frontmatter has a `type`. Sorted by path. */
export async function readMemories(dir: string, layout: MemoryLayout = DEFAULT_LAYOUT): Promise<MemoryRecord[]> {
  const files = (await glob([topicPath(layout, "*.md")], { cwd: dir, onlyFiles: true }))
    .filter((file) => !NOT_MEMORIES.test(path.posix.basename(file)) && file !== layout.indexFile)
    .sort();
  const memories: MemoryRecord[] = [];
  for (const file of files) {
    const raw = await readFile(path.join(dir, file), "utf8");
    const memory = toRecord(file, raw);
    if (memory) memories.push(memory);
  }
  return memories;
}

/** A memory from a file's text, or undefined when its frontmatter names no type. */
export function toRecord(file: string, raw: string): MemoryRecord | undefined {
  const { data, body } = parseTopicFile(normaliseLineEndings(raw));
  if (typeof data["type"] !== "string" || data["type"] === "") return undefined;
  const date = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === "string" ? value.slice(0, 10) : "");
  const confidence = Number(data["confidence"]);
  return {
    id: path.posix.basename(file).replace(/\.md$/, ""),
    file,
    type: data["type"],
    name: typeof data["name"] === "string" ? data["name"] : path.posix.basename(file).replace(/\.md$/, ""),
    description: typeof data["description"] === "string" ? data["description"] : "",
    body,
    data,
    created: date(data["created"]),
    updated: date(data["updated"]) || date(data["created"]),
    pinned: data["pinned"] === true,
    confidence: Number.isFinite(confidence) ? confidence : 0.5,
    sources: Array.isArray(data["sources"]) ? data["sources"].map(String) : [],
    raw,
  };
}
