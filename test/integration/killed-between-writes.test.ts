import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanRun, expectNoTornFile, SCENARIOS, userTree } from "../helpers/fault-scenarios.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

// A file of its own, apart from the injected write faults: the two are the suite's longest, and run side by side.
const BIN = path.join(REPO_ROOT, "bin/compact.js");
const KILLER = path.join(REPO_ROOT, "test/helpers/kill-at-write.cjs");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));

function runKilled(argv: string[], env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", KILLER, BIN, ...argv], { env: { ...process.env, ...env }, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal === "SIGKILL" ? null : code));
  });
}

describe.skipIf(!built).each(SCENARIOS)("$name, killed with SIGKILL between two writes", (scenario) => {
  it("at 20 or more points: no torn file, and the re-run ends as a clean run", async () => {
    const clean = await cleanRun(scenario);
    const counter = path.join(await tempDir(), "count");
    const counting = await copyOf(scenario.fixture, { all: true });
    expect(await runKilled(scenario.argv(counting), { COMPACT_COUNT_FILE: counter })).toBe(0);
    const total = Number(await readFile(counter, "utf8"));
    expect(total).toBeGreaterThan(20);
    // Every write when there are few; else 21 points spread over the run, its first and last included
    // (the first four fifths of it when another run may make fewer writes).
    const span = scenario.writesVary ? Math.floor(total * 0.8) : total;
    const points = span <= 21 ? Array.from({ length: span }, (_, i) => i + 1) : Array.from({ length: 21 }, (_, i) => 1 + Math.round((i * (span - 1)) / 20));
    let killed = 0;
    for (const at of points) {
      const dir = await copyOf(scenario.fixture, { all: true });
      const outcome = await runKilled(scenario.argv(dir), { COMPACT_KILL_AT: String(at) });
      if (outcome === null) killed++;
      expectNoTornFile(await userTree(dir), clean, `killed at write ${at}`);
      // The next run finds the dead process's lock stale (its pid is gone), settles the interrupted run and does the work.
      const rerun = await runCli(scenario.argv(dir));
      expect(rerun.code, `killed at write ${at}, re-run: ${rerun.stderr}`).toBe(0);
      expect(await userTree(dir), `killed at write ${at}, re-run`).toEqual(clean.after);
    }
    expect(killed).toBeGreaterThanOrEqual(20);
  }, 240_000);
});

describe.skipIf(!built)("compact undo, killed with SIGKILL between two writes", () => {
  // Folders as well as files: an undo leaves the dir as it was, the folders its run made gone too.
  const folders = async (dir: string): Promise<string[]> => {
    const { readdir } = await import("node:fs/promises");
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .filter((folder) => !folder.split(path.sep).includes(".compact"))
      .sort();
  };
  const consolidated = async () => {
    const dir = await copyOf(fixture("consolidation"), { all: true });
    const before = { tree: await userTree(dir), folders: await folders(dir) };
    expect((await runCli(["consolidate", "--dir", dir, "--yes", "--resolve", "newer"])).code).toBe(0);
    expect(await folders(dir)).toContain("archive");
    return { dir, before };
  };

  it("at a dozen writes: the next run settles it, and the dir is as it was before the run undone, folders included", async () => {
    const counter = path.join(await tempDir(), "count");
    const counting = await consolidated();
    expect(await runKilled(["undo", "--dir", counting.dir], { COMPACT_COUNT_FILE: counter })).toBe(0);
    const total = Number(await readFile(counter, "utf8"));
    expect(total).toBeGreaterThan(3);
    // 12 points spread over the undo, its last writes (the run marked undone, its folders removed) included.
    const points = [...new Set([...Array.from({ length: 9 }, (_, i) => 1 + Math.round((i * (total - 4)) / 8)), total - 2, total - 1, total])];
    for (const at of points) {
      const { dir, before } = await consolidated();
      await runKilled(["undo", "--dir", dir], { COMPACT_KILL_AT: String(at) });
      // Any run under the lock settles what the killed undo left; undo itself, again, then finds the run undone.
      await runCli(["undo", "--dir", dir]);
      expect(await userTree(dir), `killed at write ${at}`).toEqual(before.tree);
      expect(await folders(dir), `killed at write ${at}`).toEqual(before.folders);
    }
  }, 240_000);
});
