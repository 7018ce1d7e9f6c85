import path from "node:path";
import type { Memory } from "../memory/memory.js";
import { type MemoryRead, readMemory } from "../memory/read-memory.js";
import { readSummaryFile, type SummaryFile } from "../memory/summary-file.js";
import type { Problem } from "../problems/problem.js";
import { mapLimited } from "./map-limited.js";
import type { MemoryDir } from "./memory-dir.js";
import { topicPath } from "./memory-layout.js";
import { type CachedRead, isPlainData, SnapshotCache } from "./snapshot-cache.js";

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
// A memory file's name: its type, `_`, its topic (`project_deploy-target.md`).
const MEMORY_NAME = /^[a-z]+_[^/]+\.md$/;
const NOT_MEMORIES = /^(MEMORY|probes|README)\.md$|^\d{4}-\d{2}-\d{2}/i;
export const SUMMARY_GLOBS = ["weekly/*.md", "monthly/*.md", "quarterly/*.md"];
export const ARCHIVE_DIR = "archive";

export interface ReadSnapshotOptions {
  /**
   * The cache to read through; a run holding the lock passes its own and
   * commits it after its own commit (a reading command such as `status`
   * uses the cache without writing it).
   */
  cache?: SnapshotCache;
}

/**
 * Reads the memory dir once. A file that cannot be read as a memory is
 * reported and left alone. Files unchanged since the last run (same size
 * and mtime, content hash when in doubt) come from the cache, parsed.
 */
export async function readSnapshot(dir: MemoryDir, options: ReadSnapshotOptions = {}): Promise<Snapshot> {
  const snapshot: Snapshot = { memories: [], archived: [], summaries: [], texts: new Map(), occupied: new Set(), unreadableSummaries: new Set(), problems: [] };
  const cache = options.cache ?? (await SnapshotCache.load(dir));
  // Links are not followed here: a link is a second name for a file read under its own, or for a daily log.
  const topics = await dir.list([topicPath(dir.layout, "*.md")], [], { links: "skip" });
  const archive = await dir.list([`${ARCHIVE_DIR}/*.md`], [], { links: "skip" });
  const summaries = await dir.list(SUMMARY_GLOBS, [], { links: "skip" });
  // A daily log beside the memories is the logs' listing's to report; a link not named as a memory is
  // (`AGENTS.md` → `CLAUDE.md`) is no memory of ours, and left alone as a plain file of that name would be.
  const topicsSkipped = topics.skipped.filter((problem) => {
    const name = path.posix.basename(problem.source);
    return !NOT_MEMORIES.test(name) && (MEMORY_NAME.test(name) || !problem.message.startsWith("a symbolic link to "));
  });
  snapshot.problems.push(...topicsSkipped, ...archive.skipped, ...summaries.skipped);

  const memoryFiles = topics.files.filter((file) => !NOT_MEMORIES.test(path.posix.basename(file)) && file !== dir.layout.indexFile);
  for (const file of memoryFiles) snapshot.occupied.add(file);
  for (const memory of await readMemoryFiles(dir, cache, memoryFiles, snapshot)) if (memory) snapshot.memories.push(memory);
  for (const memory of await readMemoryFiles(dir, cache, archive.files, snapshot)) if (memory) snapshot.archived.push({ ...memory, status: "superseded" });
  // The index is rebuilt, not read as memory; its text tells a rebuild from no change.
  const index = await dir.list([dir.layout.indexFile, "memory-index/*.md"]);
  for (const file of index.files)
    await readFile(
      dir,
      cache,
      file,
      snapshot,
      () => null,
      (value): value is null => value === null,
    );
  for (const file of summaries.files) {
    const read = await cache.read(
      dir,
      file,
      (text) => plainSummary(file, text),
      (value): value is ReturnType<typeof plainSummary> => isPlainSummary(value) && parsedAs(value, file),
    );
    // A summary that was not read (too large, not a regular file) is not the run's to rewrite either.
    if ("skipped" in read) snapshot.unreadableSummaries.add(file);
    const summary = take(snapshot, file, read);
    if (summary === undefined) continue;
    if ("problem" in summary) {
      snapshot.unreadableSummaries.add(file);
      snapshot.problems.push({ source: file, ruleId: "unreadable-frontmatter", message: `${summary.problem}; file left as it is` });
    } else snapshot.summaries.push({ ...summary, sources: new Map(summary.sources) });
  }
  return snapshot;
}

/**
 * After a run committed: the cache learns every file of the snapshot the
 * run planned, with its parse, so the next run confirms them by hash and
 * parses none of them again.
 */
export async function cacheSnapshot(dir: MemoryDir, cache: SnapshotCache, snapshot: Snapshot): Promise<void> {
  const parsed = new Map<string, unknown>();
  for (const memory of snapshot.memories) parsed.set(memory.file, { memory });
  for (const memory of snapshot.archived) parsed.set(memory.file, { memory });
  for (const summary of snapshot.summaries) parsed.set(summary.file, { ...summary, sources: [...summary.sources] });
  const files = new Map<string, { text: string; parsed: unknown } | null>();
  for (const [file, text] of snapshot.texts) {
    const value = parsed.has(file) ? parsed.get(file) : isIndexPath(dir, file) ? null : undefined;
    if (value !== undefined && isPlainData(value)) files.set(file, { text, parsed: value });
  }
  await cache.commit(dir, files);
}

/** The index an agent loads and its sub-lists: rebuilt by every run, never read as memories. */
export function isIndexPath(dir: MemoryDir, file: string): boolean {
  return file === dir.layout.indexFile || file.startsWith("memory-index/");
}

// A memory whose front matter holds values JSON would change (dates, say) is cached as text and parsed again.
type CachedMemory = MemoryRead | { parseAgain: true };
type PlainSummary = Omit<SummaryFile, "sources"> & { sources: [string, string][] };

// Files are read this many at a time (a dir of 20,000 memories waits on the disk 20,000 times), and taken in order.
const READ_AHEAD = 32;

async function readMemoryFiles(dir: MemoryDir, cache: SnapshotCache, files: string[], snapshot: Snapshot): Promise<(Memory | undefined)[]> {
  const reads = await mapLimited(files, READ_AHEAD, (file) => fetchMemoryFile(dir, cache, file));
  return reads.map((read, i) => takeMemoryFile(files[i]!, read, snapshot));
}

type FetchedMemory = { read: CachedRead<CachedMemory>; text: string };

async function fetchMemoryFile(dir: MemoryDir, cache: SnapshotCache, file: string): Promise<FetchedMemory> {
  let text = "";
  const read = await cache.read(
    dir,
    file,
    (raw) => {
      text = raw;
      const memory = readMemory(file, raw);
      return isPlainData(memory) ? memory : ({ parseAgain: true } as const);
    },
    (value): value is CachedMemory => isCachedMemory(value) && parsedAs(value, file),
  );
  return { read, text };
}

function takeMemoryFile(file: string, fetched: FetchedMemory, snapshot: Snapshot): Memory | undefined {
  const { text } = fetched;
  const cached = take(snapshot, file, fetched.read);
  if (cached === undefined) return undefined;
  const read = "parseAgain" in cached ? readMemory(file, text || snapshot.texts.get(file)!) : cached;
  if ("problem" in read) {
    snapshot.problems.push(read.problem);
    return undefined;
  }
  return "memory" in read ? read.memory : undefined;
}

async function readFile<P>(
  dir: MemoryDir,
  cache: SnapshotCache,
  file: string,
  snapshot: Snapshot,
  parse: (text: string) => P,
  valid: (value: unknown) => value is P,
): Promise<P | undefined> {
  return take(snapshot, file, await cache.read(dir, file, parse, valid));
}

// What a file read puts in the snapshot: its problems and text; its parse, unless it was skipped.
function take<P>(snapshot: Snapshot, file: string, read: CachedRead<P>): P | undefined {
  if ("skipped" in read) {
    snapshot.problems.push(read.skipped);
    return undefined;
  }
  snapshot.problems.push(...read.problems);
  snapshot.texts.set(file, read.text);
  return read.parsed;
}

function plainSummary(file: string, text: string): PlainSummary | { problem: string } {
  const summary = readSummaryFile(file, text);
  return "problem" in summary ? summary : { ...summary, sources: [...summary.sources] };
}

function isPlainSummary(value: unknown): value is PlainSummary | { problem: string } {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  if (typeof v["problem"] === "string") return true;
  return (
    ["file", "label", "firstDate", "lastDate"].every((key) => typeof v[key] === "string") &&
    Array.isArray(v["sources"]) &&
    v["sources"].every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((item) => typeof item === "string"))
  );
}

// A cached parse names the file it was read from: one naming another (a cache edited, or copied from elsewhere)
// would have the run write to that file (a daily log, say) what it read from this one.
function parsedAs(value: object, file: string): boolean {
  const named = "memory" in value ? (value.memory as { file?: unknown }).file : "file" in value ? value.file : file;
  return named === file;
}

function isCachedMemory(value: unknown): value is CachedMemory {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  if (v["parseAgain"] === true || v["notMemory"] === true) return true;
  if (v["problem"] && typeof v["problem"] === "object") return typeof (v["problem"] as Problem).message === "string";
  const m = v["memory"] as Record<string, unknown> | undefined;
  if (!m || typeof m !== "object") return false;
  return (
    ["file", "name", "description", "type", "body", "created", "updated", "status"].every((key) => typeof m[key] === "string") &&
    ["sources", "supersedes", "mergedFrom", "aliases"].every((key) => Array.isArray(m[key])) &&
    typeof m["pinned"] === "boolean" &&
    !!m["extra"] &&
    typeof m["extra"] === "object"
  );
}
