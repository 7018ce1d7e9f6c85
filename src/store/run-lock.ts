import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { rmSync, readFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";

/** What `.compact/lock` holds. */
export interface LockInfo {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
}

export type LockOutcome =
  | { acquired: true; info: LockInfo; release: () => Promise<void>; releaseSync: () => void; tookOver?: LockInfo }
  | { acquired: false; holder: LockInfo };

/** A lock older than this is stale and may be taken over. */
export const STALE_LOCK_MS = 30 * 60 * 1000;

/**
 * Takes the memory dir's lock. The JSON is written to a temp file and
 * hard-linked into place, so the lock appears whole or not at all, and only
 * one of two racing runs gets it. A lock older than 30 minutes, or whose pid
 * no longer runs on this host, is stale: it is taken over and reported.
 */
export async function acquireLock(lockFile: string, command: string, now: Date = new Date()): Promise<LockOutcome> {
  const info: LockInfo = { pid: process.pid, host: hostname(), startedAt: now.toISOString(), command };
  await mkdir(path.dirname(lockFile), { recursive: true });
  const temp = `${lockFile}.${process.pid}.${now.getTime()}.tmp`;
  await writeFile(temp, `${JSON.stringify(info)}\n`);
  try {
    let tookOver: LockInfo | undefined;
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(temp, lockFile);
        return { acquired: true, info, release: () => release(lockFile, info), releaseSync: () => releaseSync(lockFile, info), ...(tookOver ? { tookOver } : {}) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const holder = await readHolder(lockFile);
      if (holder && !isStale(holder, now)) return { acquired: false, holder };
      tookOver = holder ?? { pid: 0, host: "?", startedAt: "?", command: "unreadable lock" };
      await rm(lockFile, { force: true });
    }
    const holder = await readHolder(lockFile);
    return { acquired: false, holder: holder ?? { pid: 0, host: "?", startedAt: "?", command: "?" } };
  } finally {
    await rm(temp, { force: true });
  }
}

/** The current holder, if the lock exists and reads as one. */
export async function readHolder(lockFile: string): Promise<LockInfo | undefined> {
  try {
    const parsed = JSON.parse(await readFile(lockFile, "utf8")) as LockInfo;
    return typeof parsed.pid === "number" && typeof parsed.startedAt === "string" ? parsed : undefined;
  } catch {
    return undefined;
  }
}

export function isStale(holder: LockInfo, now: Date): boolean {
  const started = Date.parse(holder.startedAt);
  if (!Number.isFinite(started) || now.getTime() - started > STALE_LOCK_MS) return true;
  return holder.host === hostname() && !pidAlive(holder.pid);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function release(lockFile: string, info: LockInfo): Promise<void> {
  const holder = await readHolder(lockFile);
  if (holder && holder.pid === info.pid && holder.startedAt === info.startedAt) await rm(lockFile, { force: true });
}

function releaseSync(lockFile: string, info: LockInfo): void {
  try {
    const holder = JSON.parse(readFileSync(lockFile, "utf8")) as LockInfo;
    if (holder.pid === info.pid && holder.startedAt === info.startedAt) rmSync(lockFile, { force: true });
  } catch {
    // Already gone: nothing to release.
  }
}
