import { readFile, rm } from "node:fs/promises";
import { CompactorError } from "../errors/compactor-error.js";
import { writeAtomic } from "../store/atomic-write.js";
import { resolveInside } from "../store/memory-paths.js";
import { readJournals, sha256, writeJournal } from "./run-journal.js";

/**
 * Restores the memory dir as it was before a run (default: the latest one
 * not yet undone), byte for byte, from the trash. A file changed again since
 * that run is not overwritten: the undo stops and says which.
 */
export async function undoRun(dir: string, run?: string): Promise<{ run: string; restored: number }> {
  const journals = await readJournals(dir);
  const journal = run ? journals.find((j) => j.run === run) : journals.filter((j) => j.status !== "undone").at(-1);
  if (!journal) throw new CompactorError(run ? `no run ${run} in ${dir}/.compact/journal` : `no run to undo in ${dir}`);
  if (journal.status === "undone") throw new CompactorError(`run ${journal.run} was already undone`);

  for (const file of journal.files) {
    const now = await readFile(resolveInside(dir, file.path), "utf8").then(sha256, () => null);
    if (now !== file.after && now !== file.before) {
      throw new CompactorError(`cannot undo run ${journal.run}: ${file.path} changed after it; nothing restored`);
    }
  }
  for (const file of [...journal.files].reverse()) {
    const target = resolveInside(dir, file.path);
    if (file.saved === null) {
      await rm(target, { force: true });
      continue;
    }
    const saved = await readFile(resolveInside(dir, file.saved), "utf8");
    if (sha256(saved) !== file.before) throw new CompactorError(`cannot undo run ${journal.run}: the saved copy of ${file.path} is damaged`);
    await writeAtomic(target, saved);
  }
  await writeJournal(dir, { ...journal, status: "undone" });
  return { run: journal.run, restored: journal.files.length };
}
