import { mkdir, readdir, symlink, writeFile } from "node:fs/promises";
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
    // Leap days: every fourth year, but not a century's unless it divides by 400.
    await touch(dir, "2024-02-29.md", "2000-02-29.md", "2100-02-29.md", "2026-04-31.md", "2026-00-10.md", "2026-01-00.md", "1000-01-01.md", "9998-12-31.md");
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["1000-01-01.md", "2000-02-29.md", "2024-02-29.md", "2026-02-28.md", "9998-12-31.md"]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "0099-01-05.md: 0099-01-05 is outside the years 1000 to 9998 that weeks are counted in; file skipped",
      "2026-00-10.md: 2026-00-10 is not a calendar date; file skipped",
      "2026-01-00.md: 2026-01-00 is not a calendar date; file skipped",
      "2026-02-30.md: 2026-02-30 is not a calendar date; file skipped",
      "2026-04-31.md: 2026-04-31 is not a calendar date; file skipped",
      "2026-13-01.md: 2026-13-01 is not a calendar date; file skipped",
      "2100-02-29.md: 2100-02-29 is not a calendar date; file skipped",
      "9999-12-31.md: 9999-12-31 is outside the years 1000 to 9998 that weeks are counted in; file skipped",
    ]);
  });

  it("reads a log whose extension is in capitals, under the default globs and the configured ones", async () => {
    const dir = await tempDir();
    await touch(dir, "2026-04-01.MD", "logs/2026-04-02.Md", "2026-04-03-standup.MD", "2026-04-03-summary.MD", "NOTES.MD", "journal/2026-04-04.MD");
    expect((await findDailyLogs(dir)).files.map((f) => [f.relPath, f.date])).toEqual([
      ["2026-04-01.MD", "2026-04-01"],
      ["logs/2026-04-02.Md", "2026-04-02"],
      ["2026-04-03-standup.MD", "2026-04-03"],
    ]);
    expect((await findDailyLogs(dir, { include: ["journal/*.md"] })).files.map((f) => f.relPath)).toEqual(["journal/2026-04-04.MD"]);
    // An exclusion holds whatever the case of the extension: a private log stays unread.
    expect((await findDailyLogs(dir, { exclude: ["*-standup.md", "logs/**"] })).files.map((f) => f.relPath)).toEqual(["2026-04-01.MD"]);
  });

  it("reads both logs of a day whose names differ only in case, as it reads a day's session files", async () => {
    const dir = await tempDir();
    await touch(dir, "2026-04-01.md", "2026-04-01.MD");
    // Where the disk ignores case the second name is the first file: one log.
    const caseSensitive = (await readdir(dir)).length === 2;
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => [f.relPath, f.date])).toEqual([...(caseSensitive ? [["2026-04-01.MD", "2026-04-01"]] : []), ["2026-04-01.md", "2026-04-01"]]);
    expect(problems).toEqual([]);
  });

  it("warns about a folder named like a log, in one line naming it", async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, "2026-04-01.md"));
    await mkdir(path.join(dir, "logs/2026-04-02.MD"), { recursive: true });
    await mkdir(path.join(dir, "notes.md"));
    await touch(dir, "2026-04-03.md", "logs/2026-04-02.MD/keep.txt");
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2026-04-03.md"]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "2026-04-01.md: a folder, not a file; skipped",
      "logs/2026-04-02.MD: a folder, not a file; skipped",
    ]);
  });

  it("warns about a link to a folder named like a log, and does not follow it", async () => {
    const dir = await tempDir();
    await touch(dir, "inside/2026-04-02.md");
    await symlink(path.join(dir, "inside"), path.join(dir, "2026-04-01.md"));
    const { files, problems } = await findDailyLogs(dir);
    expect(files).toEqual([]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual(["2026-04-01.md: a symbolic link to a folder, not followed; skipped"]);
  });

  it("warns of a logs folder, or a folder in it, that is a link, and does not follow it", async () => {
    const dir = await tempDir();
    const elsewhere = await tempDir();
    await touch(elsewhere, "2026-04-02.md", "2026/2026-04-03.md");
    await touch(dir, "2026-04-01.md", "daily/2026-04-04.md");
    await symlink(elsewhere, path.join(dir, "logs"));
    await symlink(path.join(elsewhere, "2026"), path.join(dir, "daily/2026"));
    // Not where logs are read from: a linked folder beside the logs is no concern of theirs.
    await symlink(elsewhere, path.join(dir, "attachments"));
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2026-04-01.md", "daily/2026-04-04.md"]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "daily/2026: a symbolic link to a folder, not followed; skipped",
      "logs: a symbolic link to a folder, not followed; skipped",
    ]);
  });

  it("warns of a log, or a folder of logs, whose name is not UTF-8, instead of calling it a broken link or passing it over", async (context) => {
    const dir = await tempDir();
    const bytes = (name: string) => Buffer.concat([Buffer.from(path.join(dir, name)), Buffer.from([0xff, 0xfe])]);
    try {
      await writeFile(Buffer.concat([bytes("2026-03-31-"), Buffer.from(".md")]), "## 10:00 decision: x\n");
      await mkdir(bytes("logs/"), { recursive: true });
    } catch {
      context.skip(); // A disk that takes UTF-8 names only (APFS).
    }
    await touch(dir, "2026-04-01.md", "2026-04-02-\uFFFD.md");
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2026-04-01.md", "2026-04-02-\uFFFD.md"]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "2026-03-31-\uFFFD\uFFFD.md: its name is not valid UTF-8, so it cannot be opened (rename it); skipped",
      "logs/\uFFFD\uFFFD: its name is not valid UTF-8, so it cannot be opened (rename it); skipped",
    ]);
  });

  it("warns once of logs named with their date written another way, and does not read them", async () => {
    const dir = await tempDir();
    await touch(
      dir,
      "2025-03-03.md",
      "2025_03_04.md",
      "2025_03_05.md",
      "2025_03_06-standup.md",
      "2025.03.07.md",
      "20250308.md",
      "2025-3-9.md",
      "2025_02_30.md",
      "v2025_notes.md",
      "2025-03-10 standup.md",
      "2025_03_11-summary.md",
    );
    await touch(dir, "journals/2025_03_10.md");
    const { files, problems } = await findDailyLogs(dir);
    expect(files.map((f) => f.relPath)).toEqual(["2025-03-03.md"]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "2025-03-10 standup.md: a daily log's name starts with its date as 2025-03-10: not read (rename it 2025-03-10-standup.md)",
      "2025-3-9.md: a daily log's name starts with its date as 2025-03-09: not read (rename it 2025-03-09.md)",
      "2025.03.07.md: a daily log's name starts with its date as 2025-03-07: not read (rename it 2025-03-07.md)",
      "20250308.md: a daily log's name starts with its date as 2025-03-08: not read (rename it 2025-03-08.md)",
      "2025_03_04.md: a daily log's name starts with its date as 2025-03-04: not read (rename it 2025-03-04.md); and 2 more files named so",
    ]);
    // Under the globs that find logs only: a Logseq journal folder the config names is warned of too.
    expect((await findDailyLogs(dir, { include: ["journals/*.md"] })).problems.map((p) => p.source)).toEqual(["journals/2025_03_10.md"]);
  });

  it("warns once of logs where the layout does not read them, when it finds none where it does", async () => {
    const dir = await tempDir();
    await touch(dir, "2025/03/2025-03-03.md", "2025/03/2025-03-04.md", "journals/2025_03_05.md", "notes/ideas.md", "archive/2025-01-01.md");
    const { files, problems } = await findDailyLogs(dir);
    expect(files).toEqual([]);
    expect(problems.map((p) => `${p.source}: ${p.message}`)).toEqual([
      "2025/03/2025-03-03.md: named like a daily log, but logs are read from *.md, logs/**/*.md, daily/**/*.md: not read (move it there, or set logs.include); and 2 more files so placed",
    ]);
    // A log where the layout reads them: the others are not looked for.
    await touch(dir, "2025-03-06.md");
    expect((await findDailyLogs(dir)).problems).toEqual([]);
  });

  it("takes include and exclude globs from options", async () => {
    const dir = await tempDir();
    await touch(dir, "journal/2026-03-30.md", "2026-03-31.md", "2026-04-01-private.md");
    const { files } = await findDailyLogs(dir, { include: ["journal/*.md", "*.md"], exclude: ["*-private.md"] });
    expect(files.map((f) => f.relPath)).toEqual(["journal/2026-03-30.md", "2026-03-31.md"]);
  });
});
