import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, rmdirSync, rmSync } from "node:fs";
import { link, lstat, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { IoError } from "../errors/io-error.js";
import { LockedError } from "../errors/locked-error.js";
import { makeFolders } from "./make-folders.js";
import type { MemoryDir } from "./memory-dir.js";

/** What the lock file holds. */
export interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

/** A lock held by this process. */
export interface HeldLock {
  info: LockInfo;
  /** The stale lock taken over, if any. */
  tookOver?: LockInfo;
  release: () => Promise<void>;
  /** For a signal handler, where nothing async can be awaited. */
  releaseSync: () => void;
}

/** The temp file a lock is created from: `<lock>.<pid>.<time>.<n>.tmp`. Only a killed process leaves one. */
export const LOCK_TEMP = /\.(\d+)\.(\d+)(?:\.\d+)?\.tmp$/;
// A run writes its lock's temp file, then links it into place at once: one older than this was left behind.
const LOCK_TEMP_ABANDONED_MS = 60 * 1000;

/**
 * Whether a lock temp file was left by a killed run. One just written is another run's, about to be
 * linked into place (or to lose the race and be removed by it): removing it failed that run.
 */
export function isAbandonedLockTemp(name: string, now: number = Date.now()): boolean {
  const made = LOCK_TEMP.exec(name);
  return made !== null && now - Number(made[2]) > LOCK_TEMP_ABANDONED_MS;
}
// Two runs of one process in the same millisecond (the library, called twice at once) each have their own temp file.
let lockTemps = 0;

/** A lock older than this is stale and may be taken over. */
export const STALE_LOCK_MS = 30 * 60 * 1000;
// A run taking a stale lock over holds `<lock>.takeover` for milliseconds: one older than this was left by a killed run.
const TAKEOVER_ABANDONED_MS = 60 * 1000;
/** Clocks of two hosts may disagree this much before a lock's date counts as in the future. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Takes the memory dir's lock, or throws LockedError naming the holder. The
 * JSON is written to a temp file and hard-linked into place, so the lock
 * appears whole or not at all, and only one of two racing runs gets it. A
 * lock older than 30 minutes, dated in the future, unreadable, or whose pid
 * no longer runs on this host, is stale: it is taken over and reported.
 */
export async function acquireLock(dir: MemoryDir, command: string, now: Date = new Date()): Promise<HeldLock> {
  const relPath = dir.layout.lockFile;
  await dir.assertWritable(relPath);
  const lockFile = dir.resolve(relPath);
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: now.toISOString(), command };
  const temp = `${lockFile}.${process.pid}.${now.getTime()}.${++lockTemps}.tmp`;
  // The lock's directory, when this run made it: a run that leaves nothing else in it removes it again.
  let made: string | undefined;
  try {
    made = makeFolders(path.dirname(lockFile));
    // Another run, letting its lock go, may remove the folder it made just as this one writes in it: made again.
    await writeFile(temp, `${JSON.stringify(info)}\n`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") throw error;
      made = makeFolders(path.dirname(lockFile));
      return writeFile(temp, `${JSON.stringify(info)}\n`);
    });
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw IoError.from(relPath, "take the lock", error);
  }
  try {
    let tookOver: LockInfo | undefined;
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        await link(temp, lockFile);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw IoError.from(relPath, "take the lock", error);
        // The holder may let the lock go between our link and this look: then try again.
        const found = await stat(lockFile).catch((failure: NodeJS.ErrnoException) => {
          if (failure.code === "ENOENT") return undefined;
          throw IoError.from(relPath, "take the lock", failure);
        });
        if (!found) continue;
        if (found.isDirectory()) throw new IoError(relPath, "EISDIR", "cannot write: a directory is in the way");
        const seen = readLockSeen(lockFile);
        // Gone between the look and the read (its holder let it go): no stale lock, a lock to take.
        if (seen.gone) continue;
        const holder = seen.holder;
        if (holder && !isStale(holder, now)) throw new LockedError(holder);
        tookOver = holder ?? { pid: 0, host: "?", startedAt: "?", command: "unreadable lock" };
        await removeStaleLock(lockFile, seen).catch((removal: unknown) => {
          if (removal instanceof LockedError) throw removal;
          throw IoError.from(relPath, "take over the stale lock", removal);
        });
        continue;
      }
      const dirMade = made === undefined ? undefined : path.dirname(lockFile);
      return {
        info,
        ...(tookOver ? { tookOver } : {}),
        release: () => release(lockFile, info, dirMade),
        releaseSync: () => releaseSync(lockFile, info, dirMade),
      };
    }
    const holder = await readHolder(lockFile);
    throw new LockedError(holder ?? { pid: 0, host: "?", startedAt: "?", command: "?" });
  } finally {
    // The temp file is only a way to create the lock whole; failing to remove it changes nothing.
    await rm(temp, { force: true }).catch(() => undefined);
  }
}

/** The current holder, if the lock exists and reads as one. */
export async function readHolder(lockFile: string): Promise<LockInfo | undefined> {
  return readLockSeen(lockFile).holder;
}

/**
 * A lock file as read: the holder it names, and what it held, to know it again (its text; for a file that cannot
 * be read as a lock, its inode); or that it is gone (its holder let it go since it was seen).
 */
interface SeenLock {
  holder?: LockInfo;
  text?: string;
  ino?: number;
  gone?: boolean;
}

// A lock is a line of JSON in a regular file. A FIFO in its place would block the read (and `compact status`,
// which only looks) for ever, a link may lead anywhere, `/dev/zero` or a huge file fill memory: none is read.
const MAX_LOCK_BYTES = 64 * 1024;

function readLockSeen(lockFile: string): SeenLock {
  let fd: number;
  try {
    fd = openSync(lockFile, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { gone: true };
    // A link, or a file this user cannot read: known by its inode.
    const found = lstatSync(lockFile, { throwIfNoEntry: false });
    return found ? { ino: found.ino } : { gone: true };
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() || info.size > MAX_LOCK_BYTES) return { ino: info.ino };
    const text = readFileSync(fd, "utf8");
    try {
      const parsed = JSON.parse(text) as LockInfo;
      return typeof parsed.pid === "number" && typeof parsed.startedAt === "string" ? { holder: parsed, text, ino: info.ino } : { text, ino: info.ino };
    } catch {
      return { text, ino: info.ino };
    }
  } finally {
    closeSync(fd);
  }
}

// The same lock as seen before: the same text (a lock is never rewritten in place, and two runs' locks differ in
// pid or time), or for one that cannot be read, the same inode.
function sameLock(now: SeenLock, seen: SeenLock): boolean {
  if (now.gone || seen.gone) return false;
  return seen.text !== undefined ? now.text === seen.text : now.text === undefined && now.ino === seen.ino;
}

/**
 * Removes the stale lock as it was read, and no other. Takeovers take turns: each holds `<lock>.takeover`, made
 * only if absent, and under it the lock is read again and removed only if it is still the one judged stale. A
 * run that finds another taking over skips, as under a live lock. Removing by name, unguarded, had removed
 * another run's fresh lock, taken over a moment before, and both runs held it.
 */
export async function removeStaleLock(lockFile: string, seen: SeenLock): Promise<void> {
  const takeover = `${lockFile}.takeover`;
  try {
    await writeFile(takeover, `${process.pid}\n`, { flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // One a killed run left goes, and the next run takes its turn.
    await removeAbandonedTakeover(takeover);
    throw new LockedError(seen.holder ?? { pid: 0, host: "?", startedAt: "?", command: "a run taking the lock over" });
  }
  try {
    if (sameLock(readLockSeen(lockFile), seen)) await rm(lockFile, { force: true });
  } finally {
    await rm(takeover, { force: true });
  }
}

/**
 * Removes `<lock>.takeover` when a killed run left it: older than a minute (a takeover takes milliseconds), dated in
 * the future, or not a file at all (a link, dangling or not). Called by a run that found it, and by recovery.
 */
export async function removeAbandonedTakeover(takeover: string): Promise<void> {
  const found = await lstat(takeover).catch(() => undefined);
  if (!found) return;
  const age = Date.now() - found.mtimeMs;
  if (!found.isFile() || age > TAKEOVER_ABANDONED_MS || age < -CLOCK_SKEW_MS) await rm(takeover, { force: true, recursive: true });
}

/** Stale: older than 30 minutes, dated in the future, unreadable, or its pid is gone on this host. */
export function isStale(holder: LockInfo, now: Date): boolean {
  const started = Date.parse(holder.startedAt);
  if (!Number.isFinite(started)) return true;
  const age = now.getTime() - started;
  if (age > STALE_LOCK_MS || age < -CLOCK_SKEW_MS) return true;
  return holder.host === hostname() && !pidAlive(holder.pid);
}

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

// A lock left behind blocks every later run until it is stale: one failed removal is tried again.
async function release(lockFile: string, info: LockInfo, dirMade: string | undefined): Promise<void> {
  const holder = await readHolder(lockFile);
  if (!holder || holder.pid !== info.pid || holder.startedAt !== info.startedAt) return;
  await rm(lockFile, { force: true }).catch(() => rm(lockFile, { force: true }));
  // Only when empty: a run that wrote anything there (a journal, the state) keeps it.
  if (dirMade) await rmdir(dirMade).catch(() => undefined);
}

function releaseSync(lockFile: string, info: LockInfo, dirMade: string | undefined): void {
  const holder = readLockSeen(lockFile).holder;
  if (!holder || holder.pid !== info.pid || holder.startedAt !== info.startedAt) return;
  try {
    rmSync(lockFile, { force: true });
    if (dirMade) rmdirSync(dirMade);
  } catch {
    // Already gone, or the directory holds something: nothing more to release.
  }
}
