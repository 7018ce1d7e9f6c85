import { acquireLock } from "../store/run-lock.js";
import { recoverTransactions } from "../store/transaction.js";
import type { RunContext } from "./run-context.js";

/**
 * Runs `work` holding the memory dir's lock (LockedError when another run
 * holds it), after finishing or rolling back whatever an interrupted run
 * left; `work` is told what was settled (a stale lock taken over, runs
 * finished or discarded), one line each. The lock is released however `work` ends.
 */
export async function withRunLock<T>(ctx: RunContext, command: string, work: (recovered: string[]) => Promise<T>): Promise<T> {
  // Stamped with the time it is, not the run's clock: a clock set for reproducible output would make a live
  // lock look stale to another run, or this one's look stale to every other.
  const lock = await acquireLock(ctx.dir, command, new Date());
  const notes: string[] = [];
  if (lock.tookOver)
    notes.push(`took over a stale lock (pid ${lock.tookOver.pid} on ${lock.tookOver.host}, ${lock.tookOver.command}, since ${lock.tookOver.startedAt})`);
  const release = () => lock.releaseSync();
  process.once("exit", release);
  try {
    notes.push(...(await recoverTransactions(ctx.dir)));
    return await work(notes);
  } finally {
    process.off("exit", release);
    await lock.release();
  }
}
