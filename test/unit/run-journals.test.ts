import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JOURNAL_DIR, readJournals, STAGING_DIR } from "../../src/store/journal.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { recoverTransactions } from "../../src/store/transaction.js";
import { sha256 } from "../../src/text/hash.js";
import { tempDir } from "../helpers/temp-dir.js";

/** A journal as a run of `compact --auto` writes it. */
const journalOf = (run: string, status: string, files: unknown[] = []) => ({
  version: 1,
  run,
  kind: "run",
  command: "compact --auto",
  startedAt: "2026-03-25T10:00:00.000Z",
  status,
  operations: [],
  files,
});

describe("run journals", () => {
  it("are read in the order the runs were made, several in one millisecond included", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, JOURNAL_DIR), { recursive: true });
    const runs = ["2026-03-25T10-00-00-000Z", "2026-03-25T10-00-00-000Z-2", "2026-03-25T10-00-00-000Z-10", "2026-03-25T10-00-00-001Z"];
    for (const run of [...runs].reverse()) {
      await writeFile(path.join(root, JOURNAL_DIR, `${run}.json`), JSON.stringify(journalOf(run, "committed")));
    }
    const { journals, problems } = await readJournals(await MemoryDir.open(root));
    expect(problems).toEqual([]);
    expect(journals.map((journal) => journal.run)).toEqual(runs);
  });

  it("a run finished by recovery records the folders it made, as a run that was not interrupted does", async () => {
    const root = await tempDir();
    const run = "2026-03-25T10-00-00-000Z";
    await mkdir(path.join(root, STAGING_DIR, run), { recursive: true });
    await mkdir(path.join(root, JOURNAL_DIR), { recursive: true });
    await writeFile(path.join(root, STAGING_DIR, run, "0"), "## 2026-W14\n");
    const file = {
      path: "weekly/2026-W14.md",
      before: null,
      after: sha256("## 2026-W14\n"),
      saved: null,
      savedSha256: null,
      staged: `${STAGING_DIR}/${run}/0`,
    };
    await writeFile(path.join(root, JOURNAL_DIR, `${run}.json`), JSON.stringify(journalOf(run, "committing", [file])));
    await recoverTransactions(await MemoryDir.open(root));
    expect(await readFile(path.join(root, "weekly/2026-W14.md"), "utf8")).toBe("## 2026-W14\n");
    expect(JSON.parse(await readFile(path.join(root, JOURNAL_DIR, `${run}.json`), "utf8"))).toMatchObject({ status: "committed", folders: ["weekly"] });
  });
});
