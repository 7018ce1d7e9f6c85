import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type FindLogsOptions, findDailyLogs as find } from "../../src/logs/find-daily-logs.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { tempDir } from "../helpers/temp-dir.js";

async function touch(dir: string, ...files: string[]) {
  for (const file of files) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), "- note\n");
  }
}

const findDailyLogs = async (dir: string, options?: FindLogsOptions) => find(await MemoryDir.open(dir), options);

describe("findDailyLogs", () => {
  it("finds logs in every default place, oldest first", async () => {
    const dir = await tempDir();
    await touch(dir, "2026-03-31.md", "logs/2026-03-30.md", "logs/2026/04/2026-04-02.md", "daily/2026-04-01.md", "2026-04-03-standup.md", "2026-04-03_1538.md");
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual([
      "logs/2026-03-30.md",
      "2026-03-31.md",
      "daily/2026-04-01.md",
      "logs/2026/04/2026-04-02.md",
      "2026-04-03-standup.md",
      "2026-04-03_1538.md",
    ]);
    expect(files.map((f) => f.date)).toEqual(["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-03"]);
    expect(problems).toEqual([]);
  });

  it("skips derived files, archives, weekly summaries, topic files and the index", async () => {
    const dir = await tempDir();
    await touch(
      dir,
      "2026-03-31.md",
      "2026-03-31-summary.md",
      "2026-03-21-consolidation.md",
      "2026-03-31-weekly.md",
      "archive/2026-01-30.md",
      "logs/archive/2026-01-29.md",
      "weekly/2026-W14.md",
      "project_x.md",
      "MEMORY.md",
      "notes.md",
    );
    const { files } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2026-03-31.md"]);
  });

  it("reads a session file whose name only starts with a derived word", async () => {
    const dir = await tempDir();
    await touch(
      dir,
      "2026-04-01-weekly-planning.md",
      "2026-04-01-index-rebuild.md",
      "2026-04-02-compaction-bug.md",
      "2026-04-01-weekly-digest.md",
      "2026-04-01_index-2.md",
      "2026-04-01-summary-v2.md",
      "2026-04-01-weekly-summary-final.md",
    );
    const { files } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2026-04-01-index-rebuild.md", "2026-04-01-weekly-planning.md", "2026-04-02-compaction-bug.md"]);
  });

  it("warns about an impossible date and skips the file", async () => {
    const dir = await tempDir();
    await touch(dir, "2026-02-30.md", "2026-13-01.md", "2026-02-28.md", "0099-01-05.md", "9999-12-31.md");
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2026-02-28.md"]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "0099-01-05.md: 0099-01-05 is outside the years 1000 to 9998 that weeks are counted in; file skipped",
      "2026-02-30.md: 2026-02-30 is not a calendar date; file skipped",
      "2026-13-01.md: 2026-13-01 is not a calendar date; file skipped",
      "9999-12-31.md: 9999-12-31 is outside the years 1000 to 9998 that weeks are counted in; file skipped",
    ]);
  });

  it("takes include and exclude globs from options", async () => {
    const dir = await tempDir();
    await touch(dir, "journal/2026-03-30.md", "2026-03-31.md", "2026-04-01-private.md");
    const { files } = await findDailyLogs(dir, { include: ["journal/*.md", "*.md"], exclude: ["*-private.md"] });
    expect(files.map((f) => f.relPath)).toEqual(["journal/2026-03-30.md", "2026-03-31.md"]);
  });
});
