import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Journal, JournalFile } from "../../src/store/journal.js";
import { sha256 } from "../../src/text/hash.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { tempDir } from "../helpers/temp-dir.js";

// A journal is a file in the memory dir: a shared or downloaded dir can hold one no run wrote.
const RUN = "2026-03-09T10-00-00-000Z";
const LOG = "2026-03-02.md";
const LOG_TEXT = "## 09:00 — deploy\n- shipped the release\n";
const MEMORY = "project_release.md";
const MEMORY_TEXT = "---\nname: Release\ndescription: The release shipped\ntype: project\n---\nShipped.\n";

async function dirWithJournal(journal: Partial<Journal> & { files: JournalFile[] }, name = RUN): Promise<string> {
  const root = await tempDir();
  await writeFile(path.join(root, LOG), LOG_TEXT);
  await writeFile(path.join(root, MEMORY), MEMORY_TEXT);
  await mkdir(path.join(root, "weekly"), { recursive: true });
  await writeFile(path.join(root, "weekly/2026-W09.md"), "a summary\n");
  await mkdir(path.join(root, ".compact/journal"), { recursive: true });
  const full: Journal = {
    version: 1,
    run: name,
    kind: "run",
    command: "compact --auto",
    startedAt: "2026-03-09T10:00:00.000Z",
    status: "committed",
    operations: [],
    ...journal,
  };
  await writeFile(path.join(root, `.compact/journal/${name}.json`), JSON.stringify(full));
  return root;
}

const file = (over: Partial<JournalFile>): JournalFile => ({ path: LOG, before: null, after: null, saved: null, savedSha256: null, staged: null, ...over });

describe("a journal no run wrote", () => {
  it("cannot make undo take a daily log away", async () => {
    const root = await dirWithJournal({ files: [file({ after: sha256(LOG_TEXT) })] });
    const before = await snapshotDir(root);
    const run = await runCli(["undo", "--dir", root]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(`cannot undo run ${RUN}: its journal was not written by a run (it names the daily log ${LOG}`);
    expect(await snapshotDir(root)).toEqual(before);
  });

  it("cannot make undo take a daily log away by claiming a migration made it", async () => {
    // A migration makes logs, and its undo takes them away again: only the very file it made, by its inode.
    for (const inode of [undefined, "1"]) {
      const made = file({ after: sha256(LOG_TEXT), ...(inode ? { inode } : {}) });
      const root = await dirWithJournal({ command: "compact migrate", files: [made] });
      const before = await snapshotDir(root, { state: false });
      const run = await runCli(["undo", "--dir", root]);
      expect(run.code, run.stderr).toBe(0);
      const why = inode ? `the daily log ${LOG} is not the file it made` : `nothing in its journal shows it made the daily log ${LOG}`;
      expect(run.stderr).toBe(`warning: left ${LOG} where it is: ${why}; remove it yourself if it should go\n`);
      expect(run.stdout).toContain(`Restored 0 files as they were before run ${RUN}.`);
      expect(await snapshotDir(root, { state: false })).toEqual(before);
    }
  });

  it("cannot make the recovery of a migration's undo take a daily log away", async () => {
    const undoRun = "2026-03-09T11-00-00-000Z";
    const saved = `.compact/trash/${undoRun}/${LOG}`;
    const root = await dirWithJournal({ command: "compact migrate", files: [file({ after: sha256(LOG_TEXT), inode: "1" })] });
    const undoJournal: Journal = {
      version: 1,
      run: undoRun,
      kind: "undo",
      undoes: RUN,
      command: `compact undo ${RUN}`,
      startedAt: "2026-03-09T11:00:00.000Z",
      status: "committing",
      operations: [],
      files: [file({ before: sha256(LOG_TEXT), saved, savedSha256: sha256(LOG_TEXT) })],
    };
    await writeFile(path.join(root, `.compact/journal/${undoRun}.json`), JSON.stringify(undoJournal));
    await mkdir(path.join(root, `.compact/trash/${undoRun}`), { recursive: true });
    await writeFile(path.join(root, saved), LOG_TEXT);
    const run = await runCli(["--week", "2026-W10", "--dir", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(
      `warning: left run ${undoRun} (compact undo ${RUN}) as it is: its journal was not written by a run (the daily log ${LOG} is not the file it made)`,
    );
    expect(await readFile(path.join(root, LOG), "utf8")).toBe(LOG_TEXT);
  });

  it("cannot make the recovery of an interrupted run remove a daily log", async () => {
    const saved = `.compact/trash/${RUN}/${LOG}`;
    const root = await dirWithJournal({ status: "committing", files: [file({ before: sha256(LOG_TEXT), saved, savedSha256: sha256(LOG_TEXT) })] });
    const run = await runCli(["--week", "2026-W10", "--dir", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`warning: left run ${RUN} (compact --auto) as it is: its journal was not written by a run`);
    expect(await readFile(path.join(root, LOG), "utf8")).toBe(LOG_TEXT);
  });

  it("cannot make the recovery put a file of the dir in place of another", async () => {
    // Staged "outside its run": the memory would be replaced by the log's text, and the log moved.
    const journal = {
      status: "committing" as const,
      files: [file({ path: MEMORY, before: sha256(MEMORY_TEXT), saved: `.compact/trash/${RUN}/${MEMORY}`, staged: LOG })],
    };
    const root = await dirWithJournal(journal);
    const run = await runCli(["--week", "2026-W10", "--dir", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("it stages project_release.md outside its own run");
    expect(await readFile(path.join(root, MEMORY), "utf8")).toBe(MEMORY_TEXT);
    expect(await readFile(path.join(root, LOG), "utf8")).toBe(LOG_TEXT);
  });

  it("cannot reach a daily log under another name, nor compact's own state", async () => {
    for (const name of [`${LOG}/.`, `./${LOG}`, `./.compact/journal/${RUN}.json`]) {
      const root = await dirWithJournal({ status: "committing", files: [file({ path: name })] });
      const run = await runCli(["--week", "2026-W10", "--dir", root]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`it names ${name}, not a plain path`);
      expect(await readFile(path.join(root, LOG), "utf8")).toBe(LOG_TEXT);
    }
  });

  it("cannot make the recovery remove or overwrite a file it did not save, whatever its command says", async () => {
    const cases = [
      // A migration "created" the log: removing it would lose it, as nothing saved it.
      { command: "compact migrate", files: [file({})] },
      // A memory "created" by the run, which is there with other content.
      { command: "compact --auto", files: [file({ path: MEMORY, staged: `.compact/txn/${RUN}/0` })] },
      // Old content "saved" to a trash copy that is not there.
      { command: "compact --auto", files: [file({ path: MEMORY, before: sha256(MEMORY_TEXT), saved: `.compact/trash/${RUN}/${MEMORY}` })] },
    ];
    for (const { command, files } of cases) {
      const root = await dirWithJournal({ command, status: "committing", files });
      await mkdir(path.join(root, `.compact/txn/${RUN}`), { recursive: true });
      await writeFile(path.join(root, `.compact/txn/${RUN}/0`), "replaced\n");
      const run = await runCli(["--week", "2026-W10", "--dir", root]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toMatch(new RegExp(`left run ${RUN} \\(${command.replace(/-/g, "\\-")}\\) as it is: its files are not as it left them`));
      expect(await readFile(path.join(root, LOG), "utf8")).toBe(LOG_TEXT);
      expect(await readFile(path.join(root, MEMORY), "utf8")).toBe(MEMORY_TEXT);
    }
  });

  it("cannot make the recovery lose a file through a stage left over, a saved copy that is not the file, or a link", async () => {
    const trash = `.compact/trash/${RUN}/${MEMORY}`;
    const cases: { files: JournalFile[]; setUp: (root: string) => Promise<void> }[] = [
      // The memory holds the "new" content already, and a stage is left to put over it.
      { files: [file({ path: MEMORY, after: sha256(MEMORY_TEXT), staged: `.compact/txn/${RUN}/0` })], setUp: async () => undefined },
      // "Saved" as a redacted copy whose hash the journal gives: an empty file.
      {
        files: [file({ path: MEMORY, before: sha256(MEMORY_TEXT), saved: trash, savedSha256: sha256("") })],
        setUp: async (root) => writeFile(path.join(root, trash), ""),
      },
      // "Saved" through a link to the memory itself.
      {
        files: [file({ path: MEMORY, before: sha256(MEMORY_TEXT), saved: trash })],
        setUp: async (root) => symlink(path.join(root, MEMORY), path.join(root, trash)),
      },
    ];
    for (const { files, setUp } of cases) {
      const root = await dirWithJournal({ status: "committing", files });
      await mkdir(path.join(root, `.compact/txn/${RUN}`), { recursive: true });
      await mkdir(path.join(root, `.compact/trash/${RUN}`), { recursive: true });
      await writeFile(path.join(root, `.compact/txn/${RUN}/0`), "replaced\n");
      await setUp(root);
      const run = await runCli(["--week", "2026-W10", "--dir", root]);
      expect(run.code, run.stderr).toBe(0);
      expect(await readFile(path.join(root, MEMORY), "utf8")).toBe(MEMORY_TEXT);
    }
  });

  it("whose run names another folder is not read: discarding it removes nothing of the dir", async () => {
    const root = await dirWithJournal({ run: "../../weekly", status: "prepared", files: [] });
    const run = await runCli(["--week", "2026-W10", "--dir", root]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(root, "weekly/2026-W09.md"), "utf8")).toBe("a summary\n");
    const list = await runCli(["undo", "--list", "--dir", root]);
    expect(list.stderr + list.stdout).toContain(`its run is not ${RUN}`);
  });
});
