import { cp, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runGoldenCase } from "../../src/golden/run-golden-case.js";
import { runCli } from "../helpers/run-cli.js";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

// A new user's first command compacts into the example folder; the golden case must not care.
describe("golden cases after a compaction into their input", () => {
  it("still pass: the harness compacts a copy of the inputs only", async () => {
    const caseDir = path.join(await tempDir(), "memory-example");
    await cp(path.join(REPO_ROOT, "test/golden/memory-example"), caseDir, { recursive: true });
    const input = path.join(caseDir, "input");
    const first = await runCli(["--week", "2026-W14", "--dir", input]);
    expect(first.code, first.stderr).toBe(0);
    expect(await readdir(input)).toEqual(expect.arrayContaining(["MEMORY.md", "weekly", ".compact"]));
    const outcome = await runGoldenCase(caseDir);
    expect(outcome.differences, outcome.stderr).toEqual([]);
  });
});
