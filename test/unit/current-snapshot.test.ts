import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
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
});
