import { chmodSync, type Dirent, linkSync, lstatSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import path from "node:path";
import { throwIfAborted } from "../errors/aborted-error.js";
import { CompactorError } from "../errors/compactor-error.js";
import { InputError } from "../errors/input-error.js";
import { IoError } from "../errors/io-error.js";
import { isDailyLogName } from "../logs/find-daily-logs.js";
import { BoundedCache } from "../text/bounded-cache.js";
import { cleanText } from "../text/clean-text.js";
import { sha256 } from "../text/hash.js";
import { TEMP_FILE, writeAtomic, writeDurable } from "./atomic-write.js";
import {
  JOURNAL_DIR,
  type Journal,
  type JournalFile,
  journalPath,
  readJournals,
  runIdFor,
  STAGING_DIR,
  STATE_DIR,
  TRASH_DIR,
  writeJournal,
} from "./journal.js";
import { inodeOf, logsNotMade, unsettledFiles, untrustedJournal } from "./journal-trust.js";
import { editRedactionModule, redactionModule } from "./lazy-redaction.js";
import { makeFolders } from "./make-folders.js";
import { mapLimited } from "./map-limited.js";
import type { MemoryDir } from "./memory-dir.js";
import { readCurrent } from "./read-current.js";
import { isAbandonedLockTemp, removeAbandonedTakeover } from "./run-lock.js";

// Files read, redacted and staged at once: each waits on the disk (an fsync), so one at a time
// left a week of a long run mostly waiting.
const FILES_AT_ONCE = 8;

/** One file a run writes (`content`) or removes (`content: null`), relative to the memory dir. */
export interface FileChange {
  path: string;
  content: string | Uint8Array | null;
  /** The new file's permission bits; by default those of the file it replaces (a private memory stays private). */
  mode?: number;
}

export interface CommitOptions {
  command: string;
  now: Date;
  /** One line per operation, for the journal. */
  operations: string[];
  kind?: Journal["kind"];
  undoes?: string;
  /** Files put in place last, e.g. the index, so it never points at a file not yet there. */
  last?: (file: string) => boolean;
  signal?: AbortSignal | undefined;
  /**
   * Whether `text`, a file's content now, was found to hold no secret (the
   * snapshot cache vouches for it): the new content is scanned where it
   * differs, and the old goes to the trash as it is. Without it, only what
   * this process wrote is known clean.
   */
  knownClean?: (file: string, text: string) => boolean;
  /**
   * What the run last knew each file to hold: a file that holds something
   * else now (edited by hand while the run worked from its old text) is not
   * written over, and nothing of the commit is. Not asked about the files
   * `last` puts last (the index, rebuilt whole every run).
   */
  basis?: DiskBasis;
}

/** What a run knows of the files it read and wrote, for `CommitOptions.basis`. */
export interface DiskBasis {
  /** The sha256 of the bytes the run last knew `path` to hold; null: no file; undefined: not known, not checked. */
  expected(path: string): string | null | undefined;
  /** A commit left `path` holding bytes of this sha256 (null: removed). */
  holds(path: string, sha256: string | null): void;
}

// Every file-system call of a commit but the flushes is made in place, not through the thread pool:
// here an asynchronous call costs about 60 µs of hand-off against 3 µs done in place, and a week's
// commit makes hundreds of them. The flushes, which wait on the disk, stay asynchronous.

/**
 * The one write path. A run's changes are one transaction: each new content
 * is staged under `.compact/txn/<run>/`, the old content saved to
 * `.compact/trash/<run>/`, the journal written; only then are the staged files
 * renamed into place. Killed or failing before that point, nothing changed
 * (the next run discards the stage); killed while renaming, the next run
 * finishes it. Text is cleaned of control characters and secrets before it
 * is staged. Returns the journal, or undefined when nothing changes.
 */
export async function commitChanges(dir: MemoryDir, changes: FileChange[], options: CommitOptions): Promise<Journal | undefined> {
  const read = await mapLimited(dedupe(changes), FILES_AT_ONCE, async (change) => {
    await dir.assertWritable(change.path);
    const before = await readCurrent(dir, change.path);
    const beforeHash = before === null ? null : sha256(before);
    // What this process wrote was redacted on its way, and what the snapshot cache found clean holds no
    // secret either: in its new version only what changed needs a look.
    const clean = before === null ? undefined : knownCleanText(before, beforeHash!, change.path, options.knownClean);
    const after = change.content === null ? null : await safeBytes(change.content, clean);
    return { change, before, beforeHash, after, clean: clean !== undefined };
  });
  const planned = read.filter(({ before, after }) => !(before === null ? after === null : after !== null && before.equals(after)));
  // The files whose content the run's plan rests on: those the basis knows (the index, rebuilt whole, aside).
  const resting = planned.flatMap(({ change, beforeHash }) => {
    const expected = options.last?.(change.path) ? undefined : options.basis?.expected(change.path);
    return expected === undefined ? [] : [{ change, beforeHash, expected }];
  });
  for (const { change, beforeHash, expected } of resting) if (expected !== beforeHash) throw changedOnDisk(change.path, beforeHash, expected);
  // What is left as it is holds what the run planned: that is what it knows of it now.
  const writing = new Set(planned.map((entry) => entry.change));
  for (const { change, beforeHash } of read) if (!writing.has(change)) options.basis?.holds(change.path, beforeHash);
  if (planned.length === 0) return undefined;
  throwIfAborted(options.signal);

  const run = await uniqueRunId(dir, options.now);
  const journal: Journal = {
    version: 1,
    run,
    kind: options.kind ?? "run",
    ...(options.undoes ? { undoes: options.undoes } : {}),
    command: options.command,
    startedAt: options.now.toISOString(),
    status: "prepared",
    operations: options.operations,
    files: planned.map(({ change, before, beforeHash, after }, i) => ({
      path: change.path,
      before: beforeHash,
      after: after === null ? null : sha256(after),
      saved: before === null ? null : `${TRASH_DIR}/${run}/${change.path}`,
      savedSha256: null,
      staged: after === null ? null : `${STAGING_DIR}/${run}/${i}`,
      ...modeOf(change, before === null ? undefined : dir.resolve(change.path)),
    })),
  };
  let current = "";
  try {
    current = journalPath(run);
    await writeJournal(dir, journal);
    await mapLimited(planned, FILES_AT_ONCE, async ({ before, after, clean }, i) => {
      throwIfAborted(options.signal);
      const file = journal.files[i]!;
      if (before !== null) {
        await naming(file.saved!, async () => {
          // Bytes known clean (a commit of this process redacted them on their way in, or the snapshot cache
          // found them clean): nothing to find in them again.
          const saved = clean ? before : await redactedCopy(before);
          file.savedSha256 = saved === before ? file.before : sha256(saved);
          await dir.assertWritable(file.saved!);
          // Old content with nothing to redact is kept by a second link to it, not a copy: the rename
          // that puts the new content in place leaves the old file under its trash name only.
          if (saved !== before || !linked(dir.resolve(file.path), dir.resolve(file.saved!))) await writeDurable(dir.resolve(file.saved!), saved);
        });
      }
      if (after !== null) {
        await naming(file.staged!, async () => {
          await dir.assertWritable(file.staged!);
          await writeDurable(dir.resolve(file.staged!), after);
          // The rename that puts it in place keeps the mode the stage has.
          if (file.mode !== undefined) chmodSync(dir.resolve(file.staged!), file.mode);
          // The rename that puts it in place keeps the inode.
          if (before === null && isDailyLogName(file.path)) file.inode = inodeOf(dir.resolve(file.staged!));
        });
        if (typeof planned[i]!.change.content === "string") writtenClean.set(file.after!, true);
      }
    });
    throwIfAborted(options.signal);
    // Once more just before the renames: staging took time (redaction, flushes), and an edit made meanwhile
    // would go unseen, and change the old content the trash holds by a link (the journal says what it was).
    for (const { change, beforeHash } of resting) {
      const now = await readCurrent(dir, change.path);
      const nowHash = now === null ? null : sha256(now);
      if (nowHash !== beforeHash) throw changedOnDisk(change.path, nowHash, beforeHash);
    }
    current = journalPath(run);
    journal.status = "committing";
    await writeJournal(dir, journal);
  } catch (error) {
    await discard(dir, run);
    if (error instanceof CompactorError) throw error;
    throw IoError.from(current, "write", error, "; nothing changed");
  }

  const order = [...journal.files].sort((a, b) => Number(options.last?.(a.path) ?? false) - Number(options.last?.(b.path) ?? false));
  const folders: string[] = [];
  const placed: JournalFile[] = [];
  for (const file of order) {
    try {
      const made = await putInPlace(dir, file);
      if (made !== undefined) folders.push(made);
      placed.push(file);
    } catch (error) {
      // A failure, not a crash: what is in place already goes back as it was, from the bytes read before.
      if (await rollBack(dir, placed, (placedFile) => planned[journal.files.indexOf(placedFile)]!.before, folders)) {
        await discard(dir, run);
        throw notPlaced(file, error, "nothing changed");
      }
      throw notPlaced(file, error, `run ${run} is part-way in place: the next compact run finishes it`);
    }
  }
  journal.status = "committed";
  if (folders.length > 0) journal.folders = folders;
  await writeJournal(dir, journal);
  for (const file of journal.files) options.basis?.holds(file.path, file.after);
  await removeStage(dir, run);
  dir.forgetChecks();
  return journal;
}

function changedOnDisk(file: string, nowHash: string | null, knownHash: string | null | undefined): InputError {
  const what = nowHash === null ? "removed" : knownHash === null ? "created" : "changed";
  return new InputError(file, `${what} on disk since this run read it; nothing of this commit was written — run again to work from what it holds now`);
}

// A file that could not be put in place, named by its path in the dir (not by its stage), and what that left.
function notPlaced(file: JournalFile, error: unknown, outcome: string): IoError {
  const cause = (error instanceof CompactorError ? error.message : IoError.from(file.path, "write", error).message).replace(`${file.path}: `, "");
  return new IoError(file.path, (error as NodeJS.ErrnoException).code ?? "EIO", `${cause}; ${outcome}`, { cause: error });
}

// The mode a new content gets, when it is not the default: the one asked for, else the replaced file's.
function modeOf(change: FileChange, replaced: string | undefined): { mode?: number } {
  if (change.content === null) return {};
  let mode = change.mode;
  if (mode === undefined && replaced !== undefined) {
    try {
      mode = lstatSync(replaced).mode & 0o7777;
    } catch {
      mode = undefined;
    }
  }
  return mode === undefined || mode === DEFAULT_MODE ? {} : { mode };
}

const DEFAULT_MODE = 0o644;

// Puts back the files a commit had put in place, last first, and removes the folders it made for them.
// Whether every one is as it was before the commit.
async function rollBack(
  dir: MemoryDir,
  placed: readonly JournalFile[],
  before: (file: JournalFile) => Buffer | null,
  folders: readonly string[],
): Promise<boolean> {
  try {
    for (const file of [...placed].reverse()) {
      const old = before(file);
      if (old === null) rmSync(dir.resolve(file.path), { force: true });
      else await writeAtomic(dir.resolve(file.path), old);
    }
    for (const folder of [...folders].reverse()) await removeIfEmpty(dir, folder);
    return true;
  } catch {
    return false;
  }
}

/**
 * Removes a folder of the memory dir if it holds no file, however deep (only
 * empty folders inside it): what an undo does with the folders its run made.
 * Returns whether it is gone.
 */
export async function removeIfEmpty(dir: MemoryDir, folder: string): Promise<boolean> {
  // Checked as the folder of a file in it: every folder on the way, this one too, is a real folder, not a link.
  await dir.assertWritable(`${folder}/-`);
  const full = dir.resolve(folder);
  let entries: Dirent[];
  try {
    entries = readdirSync(full, { withFileTypes: true });
  } catch {
    return true;
  }
  for (const entry of entries) if (!entry.isDirectory() || !(await removeIfEmpty(dir, `${folder}/${entry.name}`))) return false;
  try {
    rmdirSync(full);
    return true;
  } catch {
    return false;
  }
}

/**
 * Finishes or rolls back what an interrupted run left: a run still
 * `prepared` is discarded (nothing of it was in place), a run `committing` is
 * finished, stray stage folders are removed. Called under the lock, before a
 * run reads anything. Returns one line per run it settled.
 */
export async function recoverTransactions(dir: MemoryDir): Promise<string[]> {
  const settled: string[] = [];
  const { journals } = await readJournals(dir);
  const known = new Set<string>();
  for (const journal of journals) {
    known.add(journal.run);
    if (journal.status === "prepared") {
      await discard(dir, journal.run);
      settled.push(`discarded run ${journal.run} (${journal.command}), interrupted before it changed anything`);
    } else if (journal.status === "committing") {
      const untrusted = untrustedJournal(journal, journals) ?? (await logsNotMade(dir, journal, journals));
      const unsettled = untrusted ? undefined : await unsettledFiles(dir, journal);
      if (untrusted || unsettled) {
        const why = untrusted ? `its journal was not written by a run (${untrusted})` : `its files are not as it left them (${unsettled})`;
        settled.push(`left run ${journal.run} (${journal.command}) as it is: ${why}; see compact undo --list`);
        continue;
      }
      const folders = [...(journal.folders ?? [])];
      for (const file of journal.files) {
        try {
          const made = await putInPlace(dir, file);
          if (made !== undefined) folders.push(made);
        } catch (error) {
          throw notPlaced(file, error, `run ${journal.run} (${journal.command}) is part-way in place, and is finished once ${file.path} can be written`);
        }
      }
      if (folders.length > 0) journal.folders = folders;
      journal.status = "committed";
      await writeJournal(dir, journal);
      await removeStage(dir, journal.run);
      settled.push(`finished run ${journal.run} (${journal.command}), interrupted while its files were put in place`);
    }
  }
  for (const journal of journals) {
    if (journal.kind !== "undo" || journal.status !== "committed" || !journal.undoes) continue;
    const undone = journals.find((j) => j.run === journal.undoes);
    if (undone && undone.status !== "undone") {
      // What the undo did after its commit: the folders the undone run made, left empty, go.
      for (const folder of undone.folders ?? []) await removeIfEmpty(dir, folder).catch(() => false);
      undone.status = "undone";
      await writeJournal(dir, undone);
    }
  }
  const staged = listNames(dir.resolve(STAGING_DIR));
  for (const run of staged) if (!known.has(run)) await removeStage(dir, run);
  // The turn a killed run held to take a stale lock over.
  await removeAbandonedTakeover(`${dir.resolve(dir.layout.lockFile)}.takeover`);
  // Temp files of atomic writes and of locks a killed process left behind (not a lock another run is taking).
  for (const folder of [".", STATE_DIR, JOURNAL_DIR]) {
    for (const name of listNames(folder === "." ? dir.root : dir.resolve(folder))) {
      if (TEMP_FILE.test(name) || (name.startsWith(path.basename(dir.layout.lockFile)) && isAbandonedLockTemp(name))) {
        rmSync(folder === "." ? path.join(dir.root, name) : dir.resolve(`${folder}/${name}`), { force: true });
      }
    }
  }
  dir.forgetChecks();
  return settled;
}

// Renames a staged file into place, or removes the file; a no-op when already done. Returns the
// folder it made for the file, if it made one.
async function putInPlace(dir: MemoryDir, file: JournalFile): Promise<string | undefined> {
  const target = dir.resolve(file.path);
  await dir.assertWritable(file.path);
  const now = await readCurrent(dir, file.path);
  if ((now === null ? null : sha256(now)) === file.after) {
    // In place already (renamed before a crash): a stage left behind is not put over it.
    if (file.staged !== null) rmSync(dir.resolve(file.staged), { force: true });
    return undefined;
  }
  if (file.staged === null) {
    rmSync(target, { force: true });
    return undefined;
  }
  const made = await ensureFolder(dir, file.path);
  renameSync(dir.resolve(file.staged), target);
  return made;
}

// The file's folder, made if missing; returns the outermost folder made (relative), if any.
async function ensureFolder(dir: MemoryDir, relPath: string): Promise<string | undefined> {
  const folder = path.posix.dirname(relPath);
  if (folder === ".") return undefined;
  const made = makeFolders(dir.resolve(folder));
  return made === undefined ? undefined : path.relative(dir.root, made).split(path.sep).join("/");
}

// The stage of a run, then the stage folder itself once no run is staged.
async function removeStage(dir: MemoryDir, run: string): Promise<void> {
  rmSync(dir.resolve(`${STAGING_DIR}/${run}`), { recursive: true, force: true });
  try {
    rmdirSync(dir.resolve(STAGING_DIR));
  } catch {
    // Another run's stage is still there.
  }
}

async function discard(dir: MemoryDir, run: string): Promise<void> {
  for (const relPath of [`${TRASH_DIR}/${run}`, journalPath(run)]) {
    try {
      rmSync(dir.resolve(relPath), { recursive: true, force: true });
    } catch {
      // Left for the next run's recovery.
    }
  }
  await removeStage(dir, run).catch(() => undefined);
}

// A failed write names its file whichever of the writes under way failed.
async function naming(relPath: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (error instanceof CompactorError) throw error;
    throw IoError.from(relPath, "write", error, "; nothing changed");
  }
}

// The hashes of texts this process redacted and wrote: when one goes to the trash, or into the
// snapshot cache at the end of a run, it needs no scan. Kept through `forgetCaches`: the end of a
// run is when the snapshot cache looks them up.
const writtenClean = new BoundedCache<true>(20_000, { kept: true });

/** Whether this process wrote content with this sha256, redacted on its way to disk: it holds no secret to look for. */
export function writtenRedacted(hash: string): boolean {
  return writtenClean.get(hash) === true;
}

// A file's text now, when it is known to hold no secret.
function knownCleanText(before: Buffer, hash: string, file: string, knownClean: CommitOptions["knownClean"]): string | undefined {
  if (writtenClean.get(hash)) return before.toString("utf8");
  if (!knownClean) return undefined;
  const text = before.toString("utf8");
  // Only bytes that are this text's UTF-8: broken UTF-8 reads as U+FFFD here and in the cache, but the trash's
  // redaction (`redactBytes`) reads such a file byte for byte, and may find a key the U+FFFD splits.
  return knownClean(file, text) && Buffer.from(text, "utf8").equals(before) ? text : undefined;
}

// Text is cleaned and redacted on its way to disk; bytes (a restored copy) are written as they are.
// `clean`: the file's text now, known to hold no secret.
async function safeBytes(content: string | Uint8Array, clean: string | undefined): Promise<Buffer> {
  if (typeof content !== "string") return Buffer.from(content);
  const text = cleanText(content);
  if (clean !== undefined) {
    const { redactEdit } = await editRedactionModule();
    return Buffer.from((await redactEdit(text, clean)).text, "utf8");
  }
  const { redactSecrets } = await redactionModule();
  return Buffer.from((await redactSecrets(text)).text, "utf8");
}

// The trash keeps old content for undo, with any secret in it redacted.
// A file that is not UTF-8 is redacted byte for byte: every byte outside a secret is kept as it was.
async function redactedCopy(bytes: Buffer): Promise<Buffer> {
  const { redactBytes } = await redactionModule();
  const redacted = await redactBytes(bytes);
  return redacted.count === 0 ? bytes : Buffer.from(redacted.bytes);
}

// A second name for a file, when the file system allows one there (not across devices, not on some
// network or FAT file systems); false to copy it instead.
function linked(file: string, name: string): boolean {
  makeFolders(path.dirname(name));
  try {
    linkSync(file, name);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EXDEV" || code === "EPERM" || code === "ENOTSUP" || code === "EOPNOTSUPP" || code === "EMLINK" || code === "ENOSYS") return false;
    throw error;
  }
}

async function uniqueRunId(dir: MemoryDir, now: Date): Promise<string> {
  const base = runIdFor(now);
  for (let n = 1; ; n++) {
    const run = n === 1 ? base : `${base}-${n}`;
    if ((await readCurrent(dir, journalPath(run))) === null) return run;
  }
}

function listNames(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
}

// The last change to a path wins: a run that writes a file twice writes it once.
function dedupe(changes: FileChange[]): FileChange[] {
  const byPath = new Map<string, FileChange>();
  for (const change of changes) {
    byPath.delete(change.path);
    byPath.set(change.path, change);
  }
  return [...byPath.values()];
}
