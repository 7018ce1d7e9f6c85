import { spawn } from "node:child_process";
import { lstat, readdir, readFile, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { getHeapSpaceStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { writeAtomic, writeDurable } from "../../src/store/atomic-write.js";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const OLD = "old\n".repeat(250_000);
const NEW = "new\n".repeat(250_000);

// A child that rewrites the file in a loop until it is killed.
const WRITER = `
import { writeAtomic } from ${JSON.stringify(path.join(REPO_ROOT, "dist/store/atomic-write.js"))};
const [file, a, b] = [process.argv[2], "old\\n".repeat(250000), "new\\n".repeat(250000)];
process.stdout.write("ready\\n");
for (let i = 0; ; i++) await writeAtomic(file, i % 2 ? a : b);
`;

// What survived the young generation: the garbage of a moment lives and dies there.
function oldHeap(): number {
  return getHeapSpaceStatistics()
    .filter((space) => space.space_name === "old_space" || space.space_name === "large_object_space")
    .reduce((sum, space) => sum + space.space_used_size, 0);
}

describe("writeAtomic", () => {
  it("replaces a file and leaves no temp file behind", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "sub/MEMORY.md");
    await writeAtomic(file, OLD);
    await writeAtomic(file, NEW);
    expect(await readFile(file, "utf8")).toBe(NEW);
    expect(await readdir(path.dirname(file))).toEqual(["MEMORY.md"]);
  });

  it("never writes through a link planted where a new file is about to be made, nor at a temp file's name", async () => {
    const dir = await tempDir();
    const outside = path.join(await tempDir(), "victim");
    await writeFile(outside, "the user's file\n");
    const stage = path.join(dir, "stage");
    await symlink(outside, stage);
    await expect(writeDurable(stage, Buffer.from("staged\n"))).rejects.toMatchObject({ code: "ELOOP" });
    expect(await readFile(outside, "utf8")).toBe("the user's file\n");
    // Links planted at every name a temp file of this process would have had, counted from 1: none is written through.
    for (let n = 1; n <= 500; n++) await symlink(outside, path.join(dir, `.state.json.compact-tmp-${process.pid}-${n}`));
    await writeAtomic(path.join(dir, "state.json"), "{}\n");
    expect(await readFile(outside, "utf8")).toBe("the user's file\n");
    expect((await lstat(path.join(dir, "state.json"))).isFile()).toBe(true);
    expect(await readFile(path.join(dir, "state.json"), "utf8")).toBe("{}\n");
  });

  it("writes content given in pieces as their concatenation, across write boundaries and in any script", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "cache.json");
    // About 3 MB in pieces of varied length: emoji, CJK and accents fall on both sides of every 1 MiB write.
    const pieces = Array.from({ length: 30_000 }, (_, i) => `${i}:${"é漢😀".repeat(i % 13)}${"x".repeat(i % 97)};`);
    pieces.splice(15_000, 0, "ü".repeat(700_000)); // one piece larger than a write
    await writeAtomic(file, pieces);
    expect(await readFile(file, "utf8")).toBe(pieces.join(""));
    await writeAtomic(file, (function* () {})());
    expect(await readFile(file, "utf8")).toBe("");
    expect(await readdir(dir)).toEqual(["cache.json"]);
  });

  it("holds no more than one write's worth of the pieces at a time", async () => {
    const dir = await tempDir();
    // About 30 MB, made piece by piece as a cache of years of memories is. Held as strings until each
    // write, the pieces outlived the young generation and stayed until the next full collection.
    let grew = 0;
    const start = oldHeap();
    function* pieces() {
      for (let i = 0; i < 40_000; i++) {
        if (i % 1_000 === 0) grew = Math.max(grew, oldHeap() - start);
        yield JSON.stringify({ i, text: "é漢 memory line\n".repeat(40) });
      }
    }
    await writeAtomic(path.join(dir, "cache.json"), pieces());
    expect((await stat(path.join(dir, "cache.json"))).size).toBeGreaterThan(30_000_000);
    // Held whole, the pieces would add 30 MB; a chunk or two promoted while the worker's other objects
    // grow is noise (2.8 MB was seen on a loaded machine).
    expect(grew).toBeLessThan(8 * 1024 * 1024);
  });

  it("leaves the old or the new file, never a torn one, when the writer is killed at any instant", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "MEMORY.md");
    await writeFile(file, OLD);
    const script = path.join(dir, "writer.mjs");
    await writeFile(script, WRITER);
    for (let round = 0; round < 8; round++) {
      const child = spawn(process.execPath, [script, file], { stdio: ["ignore", "pipe", "inherit"] });
      await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 20 + round * 37));
      child.kill("SIGKILL");
      await new Promise((resolve) => child.once("exit", resolve));
      const content = await readFile(file, "utf8");
      expect(content === OLD || content === NEW, `round ${round}: torn file of ${content.length} chars`).toBe(true);
    }
  });
});
