import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { JOURNAL_DIR, readJournals } from "../../src/store/journal.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("run journals", () => {
  it("are read in the order the runs were made, several in one millisecond included", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, JOURNAL_DIR), { recursive: true });
    const runs = ["2026-03-25T10-00-00-000Z", "2026-03-25T10-00-00-000Z-2", "2026-03-25T10-00-00-000Z-10", "2026-03-25T10-00-00-001Z"];
    for (const run of [...runs].reverse()) {
      const journal = {
        version: 1,
        run,
        kind: "run",
        command: "compact --auto",
        startedAt: "2026-03-25T10:00:00.000Z",
        status: "committed",
        operations: [],
        files: [],
      };
      await writeFile(path.join(root, JOURNAL_DIR, `${run}.json`), JSON.stringify(journal));
    }
    const { journals, problems } = await readJournals(await MemoryDir.open(root));
    expect(problems).toEqual([]);
    expect(journals.map((journal) => journal.run)).toEqual(runs);
  });
});
