import { lstatSync } from "node:fs";
import path from "node:path";
import { isDailyLogName } from "../logs/find-daily-logs.js";
import { sha256 } from "../text/hash.js";
import { type Journal, type JournalFile, STAGING_DIR, STATE_DIR, TRASH_DIR } from "./journal.js";
import { redactionModule } from "./lazy-redaction.js";
import type { MemoryDir } from "./memory-dir.js";
import { readCurrent } from "./read-current.js";

const MIGRATE = "compact migrate";

/**
 * Why a journal may not be acted on (finished after a crash, or undone), or
 * undefined when it may. A journal is a file in the memory dir like any
 * other, so one a run did not write could name any file: it may only name
 * files a run writes, staged in its own run's folder and saved in its own
 * run's trash. A run never writes a daily log, save those `compact migrate`
 * creates (which its undo removes again), nor compact's own state.
 */
export function untrustedJournal(journal: Journal, journals: readonly Journal[]): string | undefined {
  const undone = journal.kind === "undo" ? journals.find((other) => other.run === journal.undoes) : undefined;
  for (const [index, file] of journal.files.entries()) {
    // Named as a run names it: `a/./b`, `./a` or `log.md/.` would reach a file under another name.
    if (path.posix.normalize(file.path) !== file.path || file.path.split("/").some((part) => part === "." || part === ".."))
      return `it names ${file.path}, not a plain path`;
    if (file.path === STATE_DIR || file.path.startsWith(`${STATE_DIR}/`)) return `it names ${file.path}, compact's own state`;
    if (isDailyLogName(file.path) && !migrateLog(journal, undone, file)) return `it names the daily log ${file.path}, which compact never changes`;
    if (file.staged !== null && file.staged !== `${STAGING_DIR}/${journal.run}/${index}`) return `it stages ${file.path} outside its own run`;
    if (file.saved !== null && file.saved !== `${TRASH_DIR}/${journal.run}/${file.path}`) return `it saves ${file.path} outside its own trash`;
    if (file.before !== null && file.saved === null) return `it changes ${file.path} without saving it first`;
  }
  return undefined;
}

// A log `compact migrate` created, or the undo of that migration removing it.
function migrateLog(journal: Journal, undone: Journal | undefined, file: Journal["files"][number]): boolean {
  if (journal.kind !== "undo") return journal.command.startsWith(MIGRATE) && file.before === null;
  if (!undone?.command.startsWith(MIGRATE) || file.after !== null) return false;
  return undone.files.some((made) => made.path === file.path && made.before === null && made.after === file.before);
}

/** A file's inode number, as a journal records it. */
export function inodeOf(file: string): string {
  return lstatSync(file, { bigint: true }).ino.toString();
}

/**
 * Why a daily log a run says it made may not be taken away, or undefined
 * when it may: the file there must be the one the run made, by the inode the
 * run recorded. A journal that came with the dir from elsewhere can claim any
 * log's content, not the inode it has here.
 */
export async function logNotMade(dir: MemoryDir, made: JournalFile): Promise<string | undefined> {
  await dir.assertWritable(made.path);
  let inode: string;
  try {
    inode = inodeOf(dir.resolve(made.path));
  } catch {
    return undefined; // Gone already: nothing to take away.
  }
  if (made.inode === undefined) return `nothing in its journal shows it made the daily log ${made.path}`;
  return inode === made.inode ? undefined : `the daily log ${made.path} is not the file it made`;
}

/** For an undo left part-way: why a daily log it takes away may not go (see `logNotMade`). */
export async function logsNotMade(dir: MemoryDir, journal: Journal, journals: readonly Journal[]): Promise<string | undefined> {
  if (journal.kind !== "undo") return undefined;
  const undone = journals.find((other) => other.run === journal.undoes);
  for (const file of journal.files) {
    if (file.after !== null || !isDailyLogName(file.path)) continue;
    const made = undone?.files.find((other) => other.path === file.path);
    const why = made ? await logNotMade(dir, made) : `it names the daily log ${file.path}, which compact never changes`;
    if (why) return why;
  }
  return undefined;
}

/**
 * Why the files of an interrupted run are not as it left them, or undefined
 * when they are: each file holds the run's new content already, or still its
 * old content with that saved in the run's trash (a regular file, as it is or
 * as redacted) and its new content staged, or is absent where the run made it.
 * Finishing the run then loses nothing.
 */
export async function unsettledFiles(dir: MemoryDir, journal: Journal): Promise<string | undefined> {
  for (const file of journal.files) {
    const now = await readCurrent(dir, file.path);
    const hash = now === null ? null : sha256(now);
    if (hash === file.after) continue;
    if (file.staged !== null && (await regularFile(dir, file.staged)) !== file.after) return `the staged copy of ${file.path} is missing or damaged`;
    if (file.before === null) {
      if (now !== null) return `${file.path} is there, and the run did not save it`;
      continue;
    }
    if (hash !== file.before || now === null) return `${file.path} is neither what the run found nor what it wrote`;
    const savedHash = file.saved === null ? undefined : await regularFile(dir, file.saved);
    const expected = file.savedSha256 ?? file.before;
    // A copy redacted on its way to the trash: what the redaction makes of the file now.
    const redacted = expected === file.before ? undefined : sha256((await (await redactionModule()).redactBytes(now)).bytes);
    if (savedHash !== expected || (redacted !== undefined && redacted !== expected)) return `the saved copy of ${file.path} is missing or damaged`;
  }
  return undefined;
}

// The sha256 of a regular file reached through no link, else undefined.
async function regularFile(dir: MemoryDir, relPath: string): Promise<string | undefined> {
  try {
    await dir.assertWritable(relPath);
    const bytes = await readCurrent(dir, relPath);
    return bytes === null ? undefined : sha256(bytes);
  } catch {
    return undefined;
  }
}
