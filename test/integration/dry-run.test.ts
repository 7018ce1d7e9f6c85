import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const example = () => copyOf(path.join(REPO_ROOT, "memory.example"));

describe("--dry-run writes nothing", () => {
  it.each([
    ["offline", []],
    ["openai", ["--provider", "openai", "--model", "gpt-test"]],
  ])("with %s and --record DIR: neither the memory dir nor the cassette dir changes", async (name, flags) => {
    const dir = await example();
    const cassettes = path.join(await tempDir(), "cassettes");
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--dry-run", "--record", cassettes, ...flags], {
      env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: "http://127.0.0.1:9/v1" },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/dry run|would create/);
    // The offline model costs nothing: no price is asked for.
    if (name === "offline") expect(run.stdout).toContain("output tokens to offline offline-extractive-1; free: the offline model runs here\n");
    expect(existsSync(cassettes)).toBe(false);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("says unchanged of a file a run would leave as it is", async () => {
    const dir = await example();
    expect((await runCli(["--week", "2026-W14", "--dir", dir])).code).toBe(0);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--dry-run"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^unchanged +\S+/m);
    expect(run.stdout).not.toContain("would unchanged");
  });
});
