import { constants, copyFile, mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { redactSecrets } from "../logs/redact-secrets.js";
import { buildIndex } from "../memory/build-index.js";
import type { Memory } from "../memory/memory.js";
import { readMemory } from "../memory/read-memory.js";
import { MemoryDir } from "../store/memory-dir.js";
import { acquireLock } from "../store/run-lock.js";
import { readSnapshot } from "../store/snapshot.js";
import { commitChanges, type FileChange, readCurrent } from "../store/transaction.js";
import { cleanText } from "../text/clean-text.js";
import { planMigration } from "./plan-migration.js";

/** What a migration did, file by file. */
export interface MigrationResult {
  from: string;
  dir: string;
  /** The byte-for-byte copy of the original, and whether this run made it. */
  backup: { file: string; state: "created" | "present" | "differs" };
  created: string[];
  /** Daily logs that existed: the migrated sections were added after their text. */
  appended: string[];
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
 * never overwritten: the migrated sections are appended after its text,
 * once (a log that already holds them is left alone). A topic file that
 * exists with other content is kept. Running it again changes nothing.
 */
export async function migrateAgentsFile(options: { from: string; dir: string; now: Date; signal?: AbortSignal | undefined }): Promise<MigrationResult> {
  const { from, dir, now } = options;
  const original = await readFile(from).catch(() => {
    throw new UsageError(`cannot read ${from} (use --from FILE)`);
  });
  const backup = { file: `${from}.backup`, state: await backUp(from, original) };

  await mkdir(dir, { recursive: true });
  const memoryDir = await MemoryDir.open(dir, "agents");
  const lock = await acquireLock(memoryDir, "compact migrate", now);
  try {
    const files = planMigration(original.toString("utf8"), path.basename(from), now.toISOString().slice(0, 10));
    const result: MigrationResult = { from, dir, backup, created: [], appended: [], kept: [] };
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
        // Only the sections the log does not hold yet: a section added to the original later is appended alone.
        const sections = await Promise.all((file.sections ?? [file.content]).map(asWritten));
        const missing = sections.filter((section) => !existing.includes(section.trimEnd()));
        if (missing.length === 0) continue;
        changes.push({ path: file.path, content: `${existing.trimEnd()}\n\n${missing.map((section) => section.trimEnd()).join("\n\n")}\n` });
        result.appended.push(file.path);
        operations.push(`migrate: appended the sections dated ${path.basename(file.path, ".md")} to ${file.path}`);
      } else if (existing !== content) {
        result.kept.push(file.path);
      }
    }
    const index = buildIndex([...topics.values()], [], memoryDir.layout.indexFile).files;
    for (const file of index) changes.push({ path: file.path, content: file.content });
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

// A copy of the original next to it, made once: an existing backup is never overwritten.
async function backUp(from: string, original: Buffer): Promise<MigrationResult["backup"]["state"]> {
  const backup = `${from}.backup`;
  const existing = await readFile(backup).catch(() => undefined);
  if (existing) return existing.equals(original) ? "present" : "differs";
  await copyFile(from, backup, constants.COPYFILE_EXCL);
  return "created";
}

async function asWritten(text: string): Promise<string> {
  return (await redactSecrets(cleanText(text))).text;
}
