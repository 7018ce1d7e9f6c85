import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { writeAtomic } from "../store/atomic-write.js";
import { STATE_DIR } from "../store/memory-paths.js";

/** What one applying run changed, enough to undo it byte for byte. */
export interface RunJournal {
  run: string;
  command: string;
  startedAt: string;
  status: "applying" | "applied" | "undone";
  /** One line per operation, for people. */
  operations: string[];
  files: {
    path: string;
    /** sha256 of the file before and after; null when absent. */
    before: string | null;
    after: string | null;
    /** Where the old content is kept, relative to the memory dir. */
    saved: string | null;
  }[];
}

export const JOURNAL_DIR = `${STATE_DIR}/journal`;
export const TRASH_DIR = `${STATE_DIR}/trash`;

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

export function journalPath(run: string): string {
  return `${JOURNAL_DIR}/${run}.json`;
}

export async function writeJournal(dir: string, journal: RunJournal): Promise<void> {
  await writeAtomic(path.join(dir, journalPath(journal.run)), `${JSON.stringify(journal, null, 2)}\n`);
}

/** Journals in the memory dir, oldest first. */
export async function readJournals(dir: string): Promise<RunJournal[]> {
  const files = await glob([`${JOURNAL_DIR}/*.json`], { cwd: dir, dot: true, onlyFiles: true });
  const journals: RunJournal[] = [];
  for (const file of files.sort()) journals.push(JSON.parse(await readFile(path.join(dir, file), "utf8")) as RunJournal);
  return journals;
}

/** A run id from the clock: sortable, safe in a file name. */
export function runId(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}
