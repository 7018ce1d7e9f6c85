import { constants, copyFile, open, readdir } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { isLogOfDate } from "../logs/find-daily-logs.js";
import { redactSecrets } from "../logs/redact-secrets.js";
import { buildIndex } from "../memory/build-index.js";
import type { Memory } from "../memory/memory.js";
import { readMemory } from "../memory/read-memory.js";
import { makeFolders } from "../store/make-folders.js";
import { MemoryDir } from "../store/memory-dir.js";
import { AGENTS_MARKERS, defaultLayoutMarker } from "../store/memory-layout.js";
import { readCurrent } from "../store/read-current.js";
import { acquireLock } from "../store/run-lock.js";
import { readSnapshot } from "../store/snapshot.js";
import { commitChanges, type FileChange } from "../store/transaction.js";
import { cleanText } from "../text/clean-text.js";
import { planMigration } from "./plan-migration.js";

/** What a migration did, file by file. */
export interface MigrationResult {
  from: string;
  dir: string;
  /** The byte-for-byte copy of the original, and whether this run made it. */
  backup: { file: string; state: "created" | "present" | "differs" };
  created: string[];
  /**
   * Daily logs that existed, which are never changed: the sections of their date that no log of
   * that date held went to a session log beside them (`logs/2026-03-02-migrated.md`).
   */
  beside: { log: string; file: string }[];
  /** Topic files that exist with other content: left as they are. */
  kept: string[];
  /** The index, when this run wrote it. */
  index?: string | undefined;
  /** The journaled run (`compact undo RUN` reverts it); absent when nothing changed. */
  run?: string;
}

/**
 * Seed 001's migration of a monolithic `.agents.local.md` into the agents
 * layout, as one journaled transaction. A daily log that already exists is
 * an input, never changed: the sections of its date that no log of that
 * date holds yet go to a session log of their own beside it, once. A topic
 * file that exists with other content is kept. Running it again changes nothing.
 */
export async function migrateAgentsFile(options: { from: string; dir: string; now: Date; signal?: AbortSignal | undefined }): Promise<MigrationResult> {
  const { from, dir, now } = options;
  const read = await readRegular(from).catch((error: unknown) => {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${from} (use --from FILE)`, { file: from });
  });
  if (read === undefined) throw new UsageError(`cannot read ${from} (use --from FILE)`, { file: from });
  const original = read.bytes;
  // What the file holds is no more readable once split into files than it was: a file others cannot read keeps
  // its parts from them too (its owner's and group's reading kept).
  // Made through chmod, which no umask narrows: the umask applies as it does to any file made.
  const mode = read.mode & 0o004 ? undefined : ((read.mode & 0o660) | 0o600) & ~process.umask();
  const foreign = await defaultLayoutDir(dir);
  if (foreign) {
    throw new UsageError(
      `${dir} is a memory dir of the default layout (it holds ${foreign}): migrating into it would turn it into an agents dir and hide its memories — name another directory with --dir (default ./.agents)`,
    );
  }
  const backup = { file: `${from}.backup`, state: await backUp(from, original) };

  makeFolders(dir);
  const memoryDir = await MemoryDir.open(dir, "agents");
  const lock = await acquireLock(memoryDir, "compact migrate", new Date());
  try {
    const files = planMigration(original.toString("utf8"), path.basename(from), now.toISOString().slice(0, 10));
    const result: MigrationResult = { from, dir, backup, created: [], beside: [], kept: [] };
    const changes: FileChange[] = [];
    const operations: string[] = [];
    const topics = new Map<string, Memory>((await readSnapshot(memoryDir)).memories.map((m) => [m.file, m]));
    for (const file of files) {
      // Compared as it would be written: the transaction cleans text and redacts secrets.
      const content = await asWritten(file.content);
      const existing = (await readCurrent(memoryDir, file.path))?.toString("utf8");
      if (existing === undefined) {
        changes.push({ path: file.path, content });
        result.created.push(file.path);
        operations.push(`migrate: created ${file.path}`);
        const read = file.path.startsWith("topics/") ? readMemory(file.path, content) : undefined;
        if (read && "memory" in read) topics.set(file.path, read.memory);
      } else if (file.path.startsWith("logs/")) {
        // Only the sections no log of the date holds yet: a section added to the original later goes alone.
        const sections = await Promise.all((file.sections ?? [file.content]).map(asWritten));
        const logs = await logsOfDate(memoryDir, file.path);
        const missing = sections.filter((section) => !logs.some((log) => log.text.includes(section.trimEnd())));
        if (missing.length === 0) continue;
        const target = sessionLogName(file.path, new Set(logs.map((log) => log.path)));
        changes.push({ path: target, content: `${missing.map((section) => section.trimEnd()).join("\n\n")}\n` });
        result.beside.push({ log: file.path, file: target });
        operations.push(`migrate: created ${target} beside ${file.path}, which is left as it is`);
      } else if (withoutDates(existing) !== withoutDates(content)) {
        // The same file migrated on another day differs in its dates alone: that is no other content.
        result.kept.push(file.path);
      }
    }
    const index = buildIndex([...topics.values()], [], memoryDir.layout.indexFile).files;
    for (const file of index) changes.push({ path: file.path, content: file.content });
    if (mode !== undefined) for (const change of changes) change.mode = mode;
    const journal = await commitChanges(memoryDir, changes, {
      command: "compact migrate",
      now,
      operations,
      last: (file) => index.some((i) => i.path === file),
      signal: options.signal,
    });
    if (journal) {
      result.run = journal.run;
      result.index = journal.files.find((file) => index.some((i) => i.path === file.path))?.path;
    }
    return result;
  } finally {
    await lock.release();
  }
}

// What shows a dir is already a memory dir of the default layout, unless it also holds the agents layout's own files.
// A topic file's text without the front matter's `created` and `updated` lines.
function withoutDates(text: string): string {
  const end = text.startsWith("---\n") ? text.indexOf("\n---\n", 3) : -1;
  if (end === -1) return text;
  return `${text.slice(0, end).replace(/^(?:created|updated): .*$/gm, "")}${text.slice(end)}`;
}

// A dir of the default layout (one of its files, and no agents index or lock: a `topics/` beside them does not
// make it an agents dir).
async function defaultLayoutDir(dir: string): Promise<string | undefined> {
  const names = await readdir(dir).catch(() => [] as string[]);
  if (names.some((name) => AGENTS_MARKERS.includes(name))) return undefined;
  // Its weekly summaries too: both layouts keep them in weekly/, but an agents dir here would hold local.md.
  return (await defaultLayoutMarker(dir)) ?? (names.includes("weekly") ? "weekly" : undefined);
}

// `logs/2026-03-02.md` and its session logs (`logs/2026-03-02-*.md`, `_*`, not `-summary`), with their text.
async function logsOfDate(dir: MemoryDir, log: string): Promise<{ path: string; text: string }[]> {
  const folder = path.posix.dirname(log);
  const date = path.posix.basename(log, ".md");
  const names = await readdir(dir.resolve(folder)).catch(() => [] as string[]);
  const found: { path: string; text: string }[] = [];
  for (const name of names.sort()) {
    // Only the files read as logs of that date: a `-summary` quoting the sections holds none of them.
    if (!isLogOfDate(name, date)) continue;
    const text = await readCurrent(dir, `${folder}/${name}`);
    if (text) found.push({ path: `${folder}/${name}`, text: text.toString("utf8") });
  }
  return found;
}

// `logs/2026-03-02-migrated.md`, or `-migrated-2.md` and on when that exists.
function sessionLogName(log: string, taken: Set<string>): string {
  const base = log.replace(/\.md$/, "");
  for (let n = 1; ; n++) {
    const name = `${base}-migrated${n === 1 ? "" : `-${n}`}.md`;
    if (!taken.has(name)) return name;
  }
}

// A copy of the original next to it, made once: an existing backup is never overwritten.
async function backUp(from: string, original: Buffer): Promise<MigrationResult["backup"]["state"]> {
  const backup = `${from}.backup`;
  const existing = await readRegular(backup);
  if (existing) return existing.bytes.equals(original) ? "present" : "differs";
  await copyFile(from, backup, constants.COPYFILE_EXCL);
  return "created";
}

// Past this, a file is no agent's notes (and past 2 GB no buffer holds it).
const MAX_SOURCE_BYTES = 256 * 1024 * 1024;

// A file's bytes, undefined when absent. A FIFO is opened without waiting for a writer and never read (the read
// would block the run for ever), nor a device or a folder; a file too large is refused, naming its size.
async function readRegular(file: string): Promise<{ bytes: Buffer; mode: number } | undefined> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UsageError(`cannot read ${file}: it is not a regular file`);
    if (info.size > MAX_SOURCE_BYTES) throw new UsageError(`cannot read ${file}: ${info.size} bytes, over the ${MAX_SOURCE_BYTES} a migration reads`);
    return { bytes: await handle.readFile(), mode: info.mode & 0o777 };
  } finally {
    await handle.close();
  }
}

async function asWritten(text: string): Promise<string> {
  return (await redactSecrets(cleanText(text))).text;
}
