import { readFile } from "node:fs/promises";
import type { Problem } from "../problems/problem.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import { writeAtomic } from "./atomic-write.js";
import type { MemoryDir } from "./memory-dir.js";

export const STATE_DIR = ".compact";
export const JOURNAL_DIR = `${STATE_DIR}/journal`;
export const TRASH_DIR = `${STATE_DIR}/trash`;
export const STAGING_DIR = `${STATE_DIR}/txn`;

/** What one run changed, enough to finish it after a crash and to undo it byte for byte. */
export interface Journal {
  version: 1;
  run: string;
  /** `run`: a command's changes; `undo`: the undoing of another run. */
  kind: "run" | "undo";
  /** For an undo: the run it undid. */
  undoes?: string;
  command: string;
  startedAt: string;
  /**
   * `prepared`: new contents staged, nothing changed yet (a crash rolls back);
   * `committing`: being put in place (a crash rolls forward); `committed`;
   * `undone`: a later undo restored what it changed.
   */
  status: "prepared" | "committing" | "committed" | "undone";
  /** One line per operation, for people. */
  operations: string[];
  files: JournalFile[];
  /** Folders the run made to put its files in (`weekly`): its undo removes them again once empty. */
  folders?: string[];
}

export interface JournalFile {
  path: string;
  /** sha256 of the file before and after the run; null when absent. */
  before: string | null;
  after: string | null;
  /** The old content in the trash (relative to the memory dir), and its sha256 (secrets there are redacted). */
  saved: string | null;
  savedSha256: string | null;
  /** The new content, staged until the commit puts it in place. */
  staged: string | null;
  /** The new content's permission bits, when not the default 0644 (those of the file it replaced). */
  mode?: number;
  /**
   * For a daily log the run made (only `compact migrate` makes one): the
   * file's inode number. Its undo takes away only that file. A journal that
   * came with a shared, synced or downloaded dir cannot know which inode a
   * log has here (whoever can read it here could remove the log anyway).
   */
  inode?: string;
}

export function journalPath(run: string): string {
  return `${JOURNAL_DIR}/${run}.json`;
}

export async function writeJournal(dir: MemoryDir, journal: Journal): Promise<void> {
  const file = journalPath(journal.run);
  await dir.assertWritable(file);
  await writeAtomic(dir.resolve(file), `${JSON.stringify(journal, null, 2)}\n`);
}

/** Journals in the memory dir, oldest first; a journal that cannot be read is a problem, not a stop. */
export async function readJournals(dir: MemoryDir): Promise<{ journals: Journal[]; problems: Problem[] }> {
  const { files } = await dir.list([`${JOURNAL_DIR}/*.json`]).catch(() => ({ files: [] as string[] }));
  const journals: Journal[] = [];
  const problems: Problem[] = [];
  for (const file of files.sort(byRunOrder)) {
    try {
      const journal = JSON.parse(await readFile(dir.resolve(file), "utf8")) as Journal;
      if (!isJournal(journal)) throw new Error("not a run journal");
      // The run names folders in the stage and the trash: only the run of its own file name, which names no other folder.
      if (!RUN_ID.test(journal.run) || journalPath(journal.run) !== file) throw new Error(`its run is not ${file.slice(JOURNAL_DIR.length + 1, -5)}`);
      journals.push(journal);
    } catch (error) {
      problems.push({
        source: file,
        ruleId: "corrupt-journal",
        message: `cannot read this run journal (${(error as Error).message.split("\n")[0]}); it is skipped`,
      });
    }
  }
  return { journals, problems };
}

function isJournal(value: unknown): value is Journal {
  const j = value as Partial<Journal> | null;
  return Boolean(
    j &&
      typeof j.run === "string" &&
      typeof j.status === "string" &&
      Array.isArray(j.files) &&
      j.files.every((f) => typeof f?.path === "string") &&
      (j.folders === undefined || (Array.isArray(j.folders) && j.folders.every((folder) => typeof folder === "string"))),
  );
}

// Runs of the same millisecond are told apart by a suffix (`…Z-2`), which sorts as a number after the
// run without one: by code unit, `…Z-2.json` would come before `…Z.json` and `…Z-10` before `…Z-2`.
const RUN_FILE = /^(.*Z)(?:-(\d+))?\.json$/;

function byRunOrder(a: string, b: string): number {
  const [ma, mb] = [RUN_FILE.exec(a), RUN_FILE.exec(b)];
  if (!ma || !mb || ma[1] !== mb[1]) return byCodeUnit(ma?.[1] ?? a, mb?.[1] ?? b) || byCodeUnit(a, b);
  return Number(ma[2] ?? 1) - Number(mb[2] ?? 1);
}

const RUN_ID = /^[0-9A-Za-z-]+$/;

/** A run id from the clock: sortable, safe in a file name. */
export function runIdFor(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}
