import { stat } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../errors/usage-error.js";
import { acquireLock } from "../store/run-lock.js";
import type { CliIo } from "./cli-io.js";

export const BUSY_MESSAGE = "Another run in progress — skipping.";

/**
 * Runs `work` holding the memory dir's lock, released on return, on error and
 * on SIGINT/SIGTERM. Under a live lock it prints the busy line and exits 0.
 */
export async function withLock(dir: string, lockFile: string, command: string, io: CliIo, work: () => Promise<number>): Promise<number> {
  const lock = await acquireLock(path.join(dir, lockFile), command, io.clock?.() ?? new Date());
  if (!lock.acquired) {
    io.stdout(`${BUSY_MESSAGE}\n`);
    return 0;
  }
  if (lock.tookOver) {
    io.stderr(`warning: took over a stale lock (pid ${lock.tookOver.pid} on ${lock.tookOver.host}, ${lock.tookOver.command}, since ${lock.tookOver.startedAt})\n`);
  }
  const onSignal = (signal: NodeJS.Signals) => {
    lock.releaseSync();
    process.exit(signal === "SIGINT" ? 130 : 143);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    return await work();
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    await lock.release();
  }
}

/** A memory dir must exist before its lock is taken: taking the lock would create it. */
export async function assertDirectory(dir: string): Promise<void> {
  if (!(await stat(dir).catch(() => undefined))?.isDirectory()) throw new UsageError(`memory directory '${dir}' does not exist`);
}
