import { existsSync, mkdirSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeFolders } from "../../src/store/make-folders.js";
import { runCli } from "../helpers/run-cli.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("makeFolders", () => {
  it("makes the missing folders and returns the outermost one it made, as mkdir -p does", async () => {
    const root = await tempDir();
    expect(makeFolders(path.join(root, "a/b/c"))).toBe(path.join(root, "a"));
    expect(statSync(path.join(root, "a/b/c")).isDirectory()).toBe(true);
    expect(makeFolders(path.join(root, "a/b/c"))).toBeUndefined();
    expect(makeFolders(path.join(root, "a/b/d"))).toBe(path.join(root, "a/b/d"));
  });

  it("refuses a link to nothing where a folder should be, as mkdir does", async () => {
    const root = await tempDir();
    symlinkSync(path.join(root, "nowhere"), path.join(root, "dangling"));
    expect(() => makeFolders(path.join(root, "dangling"))).toThrow();
    expect(() => makeFolders(path.join(root, "dangling/sub"))).toThrow();
    expect(existsSync(path.join(root, "nowhere"))).toBe(false);
  });

  it("refuses a file in the way", async () => {
    const root = await tempDir();
    writeFileSync(path.join(root, "file"), "x");
    expect(() => makeFolders(path.join(root, "file/sub"))).toThrow(/ENOTDIR/);
    mkdirSync(path.join(root, "ok"));
    expect(existsSync(path.join(root, "file/sub"))).toBe(false);
  });

  // Node's recursive mkdir tries such a folder again forever; the run used to hang there, deaf to SIGTERM.
  it.runIf(existsSync("/proc/self/status"))("fails at once where the file system refuses a folder under one that exists (/proc)", async () => {
    expect(() => makeFolders("/proc/self/.compact")).toThrow(/ENOENT/);
    const run = await runCli(["--auto", "--dir", "/proc/self"]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/^compact: \.compact\/lock: cannot take the lock: ENOENT/);
  });
});
