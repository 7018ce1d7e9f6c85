import { rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { searchableDocuments } from "../../src/pipeline/search.js";
import { currentSnapshot } from "../../src/store/current-snapshot.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { tempDir } from "../helpers/temp-dir.js";

const memory = (name: string, fact: string) => `---\nname: ${name}\ndescription: a fact\ntype: project\n---\n\n- ${fact}\n`;

describe("currentSnapshot", () => {
  it("shares one read among requests at once: a read each held a copy of the dir (680 MB for 100 reads of a year)", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_a.md"), memory("A", "fact a"));
    const dir = await MemoryDir.open(root);
    const [first, second] = await Promise.all([currentSnapshot(dir), currentSnapshot(dir)]);
    expect(first).toBe(second);
    expect(first.snapshot.memories.map((m) => m.file)).toEqual(["project_a.md"]);
  });

  it("reads again after a read has ended: a file rewritten with the same size, removed or added is seen", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_a.md"), memory("A", "fact a"));
    await writeFile(path.join(root, "project_b.md"), memory("B", "fact b"));
    const dir = await MemoryDir.open(root);
    const before = await currentSnapshot(dir);
    await writeFile(path.join(root, "project_a.md"), memory("A", "fact A"));
    await rm(path.join(root, "project_b.md"));
    await writeFile(path.join(root, "project_c.md"), memory("C", "fact c"));
    const after = await currentSnapshot(dir);
    expect(after).not.toBe(before);
    expect(after.snapshot.memories.map((m) => m.file).sort()).toEqual(["project_a.md", "project_c.md"]);
    expect(after.snapshot.texts.get("project_a.md")).toContain("fact A");
  });

  it("starts a read of its own for a request that comes after a commit, not joining the read begun before it", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_a.md"), memory("A", "fact a"));
    const dir = await MemoryDir.open(root);
    const release = holdAfterListing(dir);
    const before = currentSnapshot(dir);
    await release.listed;
    await commit(root);
    const after = currentSnapshot(dir);
    const joined = currentSnapshot(dir);
    release.go();
    expect(await after).not.toBe(await before);
    expect((await after).snapshot.memories.map((m) => m.file).sort()).toEqual(["project_a.md", "project_b.md"]);
    expect((await after).snapshot.texts.get("project_a.md")).toContain("fact A, committed");
    // Requests after the change share the read it started.
    expect(await joined).toBe(await after);
  });
});

describe("searchableDocuments", () => {
  it("starts a read of its own for a search that comes after a commit, not joining the read begun before it", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_a.md"), memory("A", "fact a"));
    const dir = await MemoryDir.open(root);
    const release = holdAfterListing(dir);
    const before = searchableDocuments({ dir });
    await release.listed;
    await commit(root);
    const after = searchableDocuments({ dir });
    release.go();
    expect((await after).map((doc) => doc.file).sort()).toEqual(["project_a.md", "project_b.md"]);
    expect((await before).map((doc) => doc.file)).toEqual(["project_a.md"]);
  });
});

// A commit puts its files in place by renames: one rewritten, one added.
async function commit(root: string): Promise<void> {
  await writeFile(path.join(root, ".project_a.md.tmp"), memory("A", "fact A, committed"));
  await rename(path.join(root, ".project_a.md.tmp"), path.join(root, "project_a.md"));
  await writeFile(path.join(root, ".project_b.md.tmp"), memory("B", "fact b"));
  await rename(path.join(root, ".project_b.md.tmp"), path.join(root, "project_b.md"));
}

// Each read of the dir lists it, then waits for `go`: `listed` once the first has listed it.
function holdAfterListing(dir: MemoryDir): { listed: Promise<void>; go: () => void } {
  let listed!: () => void;
  const wasListed = new Promise<void>((resolve) => {
    listed = resolve;
  });
  let go!: () => void;
  const gate = new Promise<void>((resolve) => {
    go = resolve;
  });
  const list = dir.list.bind(dir);
  dir.list = async (...args) => {
    const found = await list(...args);
    listed();
    await gate;
    return found;
  };
  return { listed: wasListed, go };
}
