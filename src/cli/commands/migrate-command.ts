import { copyFile, constants, readFile } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../../errors/usage-error.js";
import { planMigration } from "../../migrate/plan-migration.js";
import { writeAtomic } from "../../store/atomic-write.js";
import { buildIndex } from "../../memory/build-index.js";
import { readMemory } from "../../memory/read-memory.js";
import type { Memory } from "../../memory/memory.js";
import { MemoryDir } from "../../store/memory-dir.js";
import { readSnapshot } from "../../store/snapshot.js";
import type { CliIo } from "../cli-io.js";
import { MIGRATE_HELP } from "../help.js";
import { parseOptions } from "../parse-options.js";

/**
 * `compact migrate [--from FILE] [--dir DIR]`: seed 001's migration from a
 * monolithic `.agents.local.md`. The original is kept and backed up
 * byte for byte (an existing backup is never overwritten); an existing file
 * that differs is never overwritten either; running it twice changes nothing.
 */
export async function migrateCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["from", "dir", "quiet", "help"], "compact migrate");
  if (line.options.help) {
    io.stdout(MIGRATE_HELP);
    return 0;
  }
  const from = path.resolve(io.cwd, line.options.from ?? ".agents.local.md");
  const dir = path.resolve(io.cwd, line.options.dir ?? ".agents");
  const json = line.options.json === true;
  const say = (text: string) => line.options.quiet || json || io.stdout(`${text}\n`);
  const written: string[] = [];
  const kept: string[] = [];
  const original = await readFile(from).catch(() => {
    throw new UsageError(`cannot read ${from} (use --from FILE)`);
  });

  const backup = `${from}.backup`;
  const existingBackup = await readFile(backup).catch(() => undefined);
  if (!existingBackup) {
    await copyFile(from, backup, constants.COPYFILE_EXCL);
    say(`backed up ${from} to ${backup}`);
  } else if (!existingBackup.equals(original)) {
    io.stderr(`warning: ${backup} already exists and differs from ${from}; left as it is\n`);
  }

  const today = (io.clock?.() ?? new Date()).toISOString().slice(0, 10);
  const files = planMigration(original.toString("utf8"), path.basename(from), today);
  for (const file of files) {
    const target = path.join(dir, file.path);
    const existing = await readIfExists(target);
    if (existing === file.content || (existing !== undefined && file.path.startsWith("logs/") && existing.includes(file.content.trimEnd()))) continue;
    if (existing !== undefined) {
      io.stderr(`warning: ${file.path} already exists with other content; left as it is\n`);
      kept.push(file.path);
      continue;
    }
    await writeAtomic(target, file.content);
    written.push(file.path);
    say(`created ${file.path}`);
  }

  const memoryDir = await MemoryDir.open(dir, "agents");
  const topics = new Map<string, Memory>((await readSnapshot(memoryDir)).memories.map((m) => [m.file, m]));
  for (const file of files.filter((f) => f.path.startsWith("topics/"))) {
    const read = readMemory(file.path, file.content);
    if (!topics.has(file.path) && "memory" in read) topics.set(file.path, read.memory);
  }
  const index = buildIndex([...topics.values()], [], memoryDir.layout.indexFile).files;
  for (const file of index) {
    if ((await readIfExists(path.join(dir, file.path))) === file.content) continue;
    await writeAtomic(path.join(dir, file.path), file.content);
    written.push(file.path);
    say(`wrote   ${file.path}`);
  }
  if (json) io.stdout(`${JSON.stringify({ schemaVersion: 1, ok: true, command: "migrate", from, dir, backup, written, kept }, null, 2)}\n`);
  say(written.length === 0 ? `nothing to do: ${dir} already holds the migration of ${from}` : `migrated ${from} into ${dir}; the original is untouched`);
  return 0;
}

async function readIfExists(file: string): Promise<string | undefined> {
  return readFile(file, "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return undefined;
    throw error;
  });
}
