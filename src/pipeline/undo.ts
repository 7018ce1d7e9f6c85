import { lstatSync } from "node:fs";
import { UndoError } from "../errors/undo-error.js";
import { isDailyLogName } from "../logs/find-daily-logs.js";
import type { Problem } from "../problems/problem.js";
import { type Journal, readJournals, writeJournal } from "../store/journal.js";
import { logNotMade, untrustedJournal } from "../store/journal-trust.js";
import { readCurrent } from "../store/read-current.js";
import { commitChanges, type FileChange, removeIfEmpty } from "../store/transaction.js";
import { sha256 } from "../text/hash.js";
import { isIndexFile } from "./compact-week.js";
import type { RunContext } from "./run-context.js";
import { withRunLock } from "./with-run-lock.js";

/** What `undo` restored: exactly what `compact undo --json` prints. */
export interface UndoResult {
  schemaVersion: 1;
  ok: true;
  command: "undo";
  /** The run undone. */
  run: string;
  /** Files put back as they were before it (rewritten or removed). */
  restored: string[];
  /** The undo's own journaled run, as `undo --list` shows it (an undo is not undone: compact again instead). */
  undoRun?: string;
  /**
   * Daily logs the run made that are left where they are: the file there is
   * not the one it made (the dir was copied, or the log saved anew since).
   */
  kept?: { path: string; reason: string }[];
  /**
   * Files put back with the secrets they held redacted: the trash keeps no
   * secret, so those bytes are not the file's as it was.
   */
  redacted?: string[];
  /** What was settled before the run: a stale lock taken over, interrupted runs finished or discarded. */
  recovered: string[];
}

/** The runs that can be undone: what `compact undo --list --json` prints. */
export interface RunListResult {
  schemaVersion: 1;
  ok: true;
  command: "undo-list";
  runs: { run: string; kind: string; command: string; startedAt: string; status: string; files: number; operations: string[] }[];
  /** Journals that cannot be read: listed, skipped by undo. */
  warnings: Problem[];
}

/** Every journaled run, oldest first; a damaged journal is a warning, not a stop. */
export async function listRuns(ctx: RunContext): Promise<RunListResult> {
  const { journals, problems } = await readJournals(ctx.dir);
  return {
    schemaVersion: 1,
    ok: true,
    command: "undo-list",
    runs: journals.map((j) => ({
      run: j.run,
      kind: j.kind ?? "run",
      command: j.command,
      startedAt: j.startedAt,
      status: j.status,
      files: j.files.length,
      operations: j.operations ?? [],
    })),
    warnings: problems,
  };
}

/**
 * Restores the memory dir as it was before a run (default: the latest run
 * not yet undone), byte for byte, from the trash, as a journaled run of its
 * own. A file changed again since that run is not overwritten: the undo stops
 * and names it, and nothing changes.
 */
export async function undo(ctx: RunContext, runId?: string): Promise<UndoResult> {
  return withRunLock(ctx, "compact undo", async (recovered) => {
    const { journals, problems } = await readJournals(ctx.dir);
    const runs = journals.filter((j) => (j.kind ?? "run") === "run");
    const journal = runId ? journals.find((j) => j.run === runId) : runs.filter((j) => j.status === "committed").at(-1);
    if (!journal) {
      const damaged = problems.length > 0 ? `; ${problems.length} journal(s) could not be read (${problems[0]!.source}): see compact undo --list` : "";
      throw new UndoError(runId ? `no run ${runId} in ${ctx.dir.given} (see compact undo --list)${damaged}` : `no run to undo in ${ctx.dir.given}${damaged}`);
    }
    if (journal.kind === "undo")
      throw new UndoError(`run ${journal.run} is the undo of run ${journal.undoes}; an undo is not undone (see compact undo --list)`);
    if (journal.status === "undone") throw new UndoError(`run ${journal.run} was already undone`);
    if (journal.status !== "committed") throw new UndoError(`run ${journal.run} is ${journal.status}; run compact once to finish or discard it, then undo`);
    const untrusted = untrustedJournal(journal, journals);
    if (untrusted) throw new UndoError(`cannot undo run ${journal.run}: its journal was not written by a run (${untrusted}); nothing restored`);

    const changes: FileChange[] = [];
    const kept: { path: string; reason: string }[] = [];
    const redacted: string[] = [];
    for (const file of journal.files) {
      const now = await readCurrent(ctx.dir, file.path);
      const nowSha = now === null ? null : sha256(now);
      if (nowSha === file.before) continue;
      if (nowSha !== file.after) throw new UndoError(`cannot undo run ${journal.run}: ${file.path} changed after it; nothing restored`, { file: file.path });
      const notMade = file.before === null && isDailyLogName(file.path) ? await logNotMade(ctx.dir, file) : undefined;
      if (notMade) {
        kept.push({ path: file.path, reason: `${notMade}; remove it yourself if it should go` });
        continue;
      }
      const saved = await savedCopy(ctx, journal, file);
      if (saved !== null && file.savedSha256 !== null && file.savedSha256 !== file.before) redacted.push(file.path);
      changes.push({ path: file.path, content: saved, ...(saved === null ? {} : savedMode(ctx, file)) });
    }
    const undone = await commitChanges(ctx.dir, changes, {
      command: `compact undo ${journal.run}`,
      now: ctx.now(),
      operations: [`undo ${journal.run} (${journal.command})`],
      kind: "undo",
      undoes: journal.run,
      last: isIndexFile(ctx),
      signal: ctx.signal,
    });
    // The folders the run made, left empty by its undo, go too: the dir is as it was. Before the run is marked
    // undone: an undo killed in between is marked by the next run's recovery, which removes them then.
    for (const folder of journal.folders ?? []) await removeIfEmpty(ctx.dir, folder).catch(() => false);
    await writeJournal(ctx.dir, { ...journal, status: "undone" });
    ctx.dir.forgetChecks();
    return {
      schemaVersion: 1,
      ok: true,
      command: "undo",
      run: journal.run,
      restored: changes.map((change) => change.path),
      ...(undone ? { undoRun: undone.run } : {}),
      ...(kept.length > 0 ? { kept } : {}),
      ...(redacted.length > 0 ? { redacted } : {}),
      recovered,
    };
  });
}

async function savedCopy(ctx: RunContext, journal: Journal, file: Journal["files"][number]): Promise<Uint8Array | null> {
  if (file.saved === null) return null;
  const saved = await readCurrent(ctx.dir, file.saved);
  const expected = file.savedSha256 ?? file.before;
  if (saved === null || sha256(saved) !== expected)
    throw new UndoError(`cannot undo run ${journal.run}: the saved copy of ${file.path} is missing or damaged; nothing restored`, { file: file.path });
  return saved;
}

// The permission bits of the saved copy (the old file itself, kept by a second link): put back with the bytes.
function savedMode(ctx: RunContext, file: Journal["files"][number]): { mode?: number } {
  try {
    return { mode: lstatSync(ctx.dir.resolve(file.saved!)).mode & 0o7777 };
  } catch {
    return {};
  }
}
