import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/temp-dir.js";

const run = promisify(execFile);
const built = existsSync(path.join(REPO_ROOT, "dist/index.js"));

// What `npm pack` ships, installed the way npm lays it out (dependencies linked from this checkout: no network).
describe.skipIf(!built)("the packed package", () => {
  let project = "";
  let files: string[] = [];

  // Made here, not with tempDir(): those go after each test, and these serve all three.
  let root = "";
  afterAll(() => rm(root, { recursive: true, force: true }));

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "compact-pack-"));
    const out = path.join(root, "out");
    await mkdir(out);
    const { stdout } = await run("npm", ["pack", "--json", "--ignore-scripts", "--pack-destination", out], { cwd: REPO_ROOT });
    const packed = JSON.parse(stdout.slice(stdout.indexOf("["))) as { filename: string; files: { path: string }[] }[];
    files = packed[0]!.files.map((f) => f.path);
    project = path.join(root, "project");
    const installed = path.join(project, "node_modules", "memory-compactor");
    await mkdir(installed, { recursive: true });
    await run("tar", ["-xzf", path.join(out, packed[0]!.filename), "-C", installed, "--strip-components=1"]);
    await symlink(path.join(REPO_ROOT, "node_modules"), path.join(installed, "node_modules"));
  }, 60_000);

  it("ships the LICENSE, and no source map or TypeScript source", () => {
    expect(files).toContain("LICENSE");
    expect(files).toContain("dist/index.js");
    expect(files.filter((f) => f.endsWith(".map") || f.startsWith("src/"))).toEqual([]);
  });

  // The command runs from its bundle (dist/cli-bundle/, chunks a folder further down): the files it ships beside
  // dist/ (package.json, prompts/, bin/) are found from there as from dist/.
  it("runs the bundled compact command: its version, its prompts and its own path", async () => {
    const bin = path.join(project, "node_modules", "memory-compactor", "bin", "compact.js");
    const { version } = JSON.parse(await readFile(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect((await run(process.execPath, [bin, "--version"], { cwd: project })).stdout).toBe(`${version}\n`);
    const dir = path.join(root, "memory");
    await cp(path.join(REPO_ROOT, "memory.example"), dir, { recursive: true });
    const week = await run(process.execPath, [bin, "--week", "2026-W14", "--dir", dir], { cwd: project });
    expect(week.stdout).toContain("created   weekly/2026-W14.md");
    const schedule = await run(process.execPath, [bin, "schedule", "--dir", dir], { cwd: project });
    expect(schedule.stdout).toContain(` ${bin} --auto --dir ${dir}`);
  }, 60_000);

  it("loads with import", async () => {
    const { stdout } = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        "import { Compactor, parsePeriod } from 'memory-compactor'; console.log(typeof Compactor, parsePeriod('2026-W14').firstDate)",
      ],
      { cwd: project },
    );
    expect(stdout).toBe("function 2026-03-30\n");
  });

  it("loads with require", async () => {
    const { stdout } = await run(
      process.execPath,
      ["-e", "const { Compactor, parsePeriod } = require('memory-compactor'); console.log(typeof Compactor, parsePeriod('2026-W14').firstDate)"],
      { cwd: project },
    );
    expect(stdout).toBe("function 2026-03-30\n");
  });
});
