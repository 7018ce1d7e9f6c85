import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

// The benchmark generator, driven as the bench scripts and a user drive it: through its CLI.
const run = promisify(execFile);
const GENERATOR = path.join(REPO_ROOT, "bench/generate-logs.mjs");
const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));
const LOG_NAME = /^(\d{4}-\d{2}-\d{2})(-\d{4})?\.md$/;

async function generate(...args: string[]): Promise<{ dir: string; stdout: string }> {
  const dir = await tempDir();
  const { stdout } = await run(process.execPath, [GENERATOR, "--out", dir, "--entries-per-day", "4", ...args]);
  return { dir, stdout };
}

/** Every file of a dir, name → bytes. */
async function contents(dir: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(dir)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}

/** The ISO week (Monday to Sunday) of a YYYY-MM-DD date. */
function isoWeek(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const thursday = new Date(day.getTime() + (3 - ((day.getUTCDay() + 6) % 7)) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / (7 * 86_400_000));
  return `${year}-W${String(week).padStart(2, "0")}`;
}

describe("bench/generate-logs.mjs", () => {
  it("writes the same bytes for the same seed and other bytes for another seed", async () => {
    const [a, b, c] = await Promise.all([
      generate("--weeks", "4", "--seed", "7"),
      generate("--weeks", "4", "--seed", "7"),
      generate("--weeks", "4", "--seed", "8"),
    ]);
    const [first, second, other] = await Promise.all([contents(a.dir), contents(b.dir), contents(c.dir)]);
    expect(first.size).toBeGreaterThan(20);
    expect([...second.keys()]).toEqual([...first.keys()]);
    for (const [name, bytes] of first) expect(second.get(name)?.equals(bytes), name).toBe(true);
    const differs = [...first].some(([name, bytes]) => !other.get(name)?.equals(bytes));
    expect(differs || other.size !== first.size).toBe(true);
  });

  it("names every log for a real date inside the requested days, one or two logs on most days", async () => {
    const { dir, stdout } = await generate("--weeks", "8", "--end", "2026-03-01");
    const names = await readdir(dir);
    const dates = new Set<string>();
    for (const name of names) {
      const date = LOG_NAME.exec(name)?.[1];
      expect(date, name).toBeDefined();
      expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
      dates.add(date!);
    }
    const sorted = [...dates].sort();
    expect(sorted[0]! >= "2026-01-05" && sorted.at(-1)! <= "2026-03-01").toBe(true);
    expect(dates.size).toBeGreaterThan(56 * 0.8);
    expect(stdout).toContain(`generated ${names.length} logs`);
  });

  it("writes timestamped entries, and falls back to built-in words without a corpus", async () => {
    const { dir, stdout } = await generate("--weeks", "1", "--corpus", path.join(REPO_ROOT, "no-such-corpus"));
    expect(stdout).toContain("vocabulary: built-in");
    const text = [...(await contents(dir)).values()].map((bytes) => bytes.toString("utf8")).join("\n");
    expect(text).toMatch(/^## \[\d{2}:\d{2}\] (\S+ )?(decision|implementation|research|blocker|outcome|lesson): \S/m);
    expect(text).toMatch(/^# \d{4}-\d{2}-\d{2}/m);
  });

  it("spreads a big week's entries over its seven days", async () => {
    const dir = await tempDir();
    const { stdout } = await run(process.execPath, [GENERATOR, "--week", "2026-W14", "--entries", "70", "--out", dir]);
    expect((await readdir(dir)).sort()).toEqual(
      ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"].map((date) => `${date}.md`),
    );
    expect(stdout).toContain("70 entries");
  });
});

describe.skipIf(!built)("a generated history through compact --auto", () => {
  it("compacts every completed week into a weekly file", async () => {
    const { dir } = await generate("--weeks", "3", "--end", "2026-03-22");
    const weeks = new Set((await readdir(dir)).map((name) => isoWeek(name.slice(0, 10))));
    const { stdout } = await run(process.execPath, [BIN, "--auto", "--force", "--dir", dir]);
    expect([...weeks].sort()).toEqual(["2026-W10", "2026-W11", "2026-W12"]);
    expect((await readdir(path.join(dir, "weekly"))).sort()).toEqual([...weeks].sort().map((week) => `${week}.md`));
    expect(stdout.match(/^compacted \d{4}-W\d{2}/gm)).toHaveLength(3);
  });
});
