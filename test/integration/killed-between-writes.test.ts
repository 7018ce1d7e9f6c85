import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { cleanRun, expectNoTornFile, SCENARIOS, userTree } from "../helpers/fault-scenarios.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

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
