import { rm } from "node:fs/promises";
import path from "node:path";
import { writeAtomic } from "../store/atomic-write.js";
import { resolveInside } from "../store/memory-paths.js";
import type { FileChange } from "./plan-file-changes.js";
import { type RunJournal, TRASH_DIR, sha256, writeJournal } from "./run-journal.js";

/**
 * Applies file changes as one journaled run: every old content is first
 * copied to `.compact/trash/<run>/`, the journal is written, then each file
 * is written atomically or removed, the index last. `compact undo` reverses it.
 */
export async function applyChanges(dir: string, changes: FileChange[], journal: Omit<RunJournal, "files" | "status">, indexFile = "MEMORY.md"): Promise<RunJournal> {
  const files: RunJournal["files"] = changes.map((change) => ({
    path: change.path,
    before: change.before === null ? null : sha256(change.before),
    after: change.after === null ? null : sha256(change.after),
    saved: change.before === null ? null : `${TRASH_DIR}/${journal.run}/${change.path}`,
  }));
  for (const [i, change] of changes.entries()) {
    if (change.before !== null) await writeAtomic(resolveInside(dir, files[i]!.saved!), change.before);
  }
  const record: RunJournal = { ...journal, status: "applying", files };
  await writeJournal(dir, record);
  const isIndex = (file: string) => file === indexFile || path.posix.dirname(file) === "memory-index";
  const indexLast = [...changes].sort((a, b) => Number(isIndex(a.path)) - Number(isIndex(b.path)));
  for (const change of indexLast) {
    const target = resolveInside(dir, change.path);
    if (change.after === null) await rm(target, { force: true });
    else await writeAtomic(target, change.after);
  }
  record.status = "applied";
  await writeJournal(dir, record);
  return record;
}
