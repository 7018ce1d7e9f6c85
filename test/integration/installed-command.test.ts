import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { copyOf, fixture, REPO_ROOT } from "../helpers/temp-dir.js";

const run = promisify(execFile);
const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));

// dist/ is built by `npm install` / `npm ci` (the prepare script); these check what a user runs.
describe.skipIf(!built)("the installed package", () => {
  it("runs as the compact command, with exit codes", async () => {
    const dir = await copyOf(fixture("../../memory.example"));
    const { stdout, stderr } = await run(process.execPath, [BIN, "--week", "2026-W14", "--dir", dir]);
    expect(stderr).toContain("using the built-in offline model");
    expect(stdout).toContain("created   weekly/2026-W14.md");
    expect(await readFile(path.join(dir, "MEMORY.md"), "utf8")).toContain("# Memory index");

    const failed = await run(process.execPath, [BIN, "--week", "2026-W99", "--dir", dir]).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2, stderr: "compact: invalid week '2026-W99': 2026 has weeks W01 to W53\n" });
  });

  it("is importable by its package name, typed", async () => {
    const library = await import("memory-compactor");
    expect(typeof library.Compactor).toBe("function");
    expect(library.parsePeriod("2026-W14").firstDate).toBe("2026-03-30");
    expect(existsSync(path.join(REPO_ROOT, "dist/index.d.ts"))).toBe(true);
  });
});
