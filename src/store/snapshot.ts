import path from "node:path";
import { readMemory } from "../memory/read-memory.js";
import type { Memory } from "../memory/memory.js";
import { readSummaryFile, type SummaryFile } from "../memory/summary-file.js";
import type { Problem } from "../problems/problem.js";
import { decodeText } from "../text/decode-text.js";
import type { MemoryDir } from "./memory-dir.js";
import { topicPath } from "./memory-layout.js";

/** The memory dir as one run reads it, once: memories, the archive, summaries. */
export interface Snapshot {
  /** Active memories in the topics folder, by path. */
  memories: Memory[];
  /** Superseded memories in `archive/`. */
  archived: Memory[];
  /** Period summaries (`weekly/…`). */
  summaries: SummaryFile[];
  /** Text of every file read, by path: what a run compares its new content with. */
  texts: Map<string, string>;
  /** Files in the topics folder that are not readable memories: never written over. */
  occupied: Set<string>;
  /** Summary files whose front matter is not data: left as they are, never rewritten. */
  unreadableSummaries: Set<string>;
  /** Files left as they are, and why (front matter that is not data, unsafe paths). */
  problems: Problem[];
}

// Files in the topics folder that are never memories.
const NOT_MEMORIES = /^(MEMORY|probes|README)\.md$|^\d{4}-\d{2}-\d{2}/i;
export const SUMMARY_GLOBS = ["weekly/*.md", "monthly/*.md", "quarterly/*.md"];
export const ARCHIVE_DIR = "archive";

/** Reads the memory dir once. A file that cannot be read as a memory is reported and left alone. */
export async function readSnapshot(dir: MemoryDir): Promise<Snapshot> {
  const snapshot: Snapshot = { memories: [], archived: [], summaries: [], texts: new Map(), occupied: new Set(), unreadableSummaries: new Set(), problems: [] };
  const topics = await dir.list([topicPath(dir.layout, "*.md")]);
  const archive = await dir.list([`${ARCHIVE_DIR}/*.md`]);
  const summaries = await dir.list(SUMMARY_GLOBS);
  snapshot.problems.push(...topics.skipped, ...archive.skipped, ...summaries.skipped);

  for (const file of topics.files) {
    if (NOT_MEMORIES.test(path.posix.basename(file)) || file === dir.layout.indexFile) continue;
    snapshot.occupied.add(file);
    const memory = await readMemoryFile(dir, file, snapshot);
    if (memory) snapshot.memories.push(memory);
  }
  for (const file of archive.files) {
    const memory = await readMemoryFile(dir, file, snapshot);
    if (memory) snapshot.archived.push({ ...memory, status: "superseded" });
  }
  // The index is rebuilt, not read as memory; its text tells a rebuild from no change.
  const index = await dir.list([dir.layout.indexFile, "memory-index/*.md"]);
  for (const file of index.files) await readText(dir, file, snapshot);
  for (const file of summaries.files) {
    const text = await readText(dir, file, snapshot);
    if (text === undefined) continue;
    const summary = readSummaryFile(file, text);
    if ("problem" in summary) {
      snapshot.unreadableSummaries.add(file);
      snapshot.problems.push({ source: file, ruleId: "unreadable-frontmatter", message: `${summary.problem}; file left as it is` });
    } else snapshot.summaries.push(summary);
  }
  return snapshot;
}

async function readMemoryFile(dir: MemoryDir, file: string, snapshot: Snapshot): Promise<Memory | undefined> {
  const text = await readText(dir, file, snapshot);
  if (text === undefined) return undefined;
  const read = readMemory(file, text);
  if ("problem" in read) {
    snapshot.problems.push(read.problem);
    return undefined;
  }
  return "memory" in read ? read.memory : undefined;
}

async function readText(dir: MemoryDir, file: string, snapshot: Snapshot): Promise<string | undefined> {
  const read = await dir.readInput(file);
  if ("skipped" in read) {
    snapshot.problems.push(read.skipped);
    return undefined;
  }
  const decoded = decodeText(read.bytes, file);
  snapshot.problems.push(...decoded.problems);
  snapshot.texts.set(file, decoded.text);
  return decoded.text;
}
