import { existsSync, writeFileSync } from "node:fs";
import { appendFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CompactorError } from "../../src/errors/compactor-error.js";
import type { MemoryModel } from "../../src/model/memory-model.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { commitChanges, type DiskBasis } from "../../src/store/transaction.js";
import { sha256 } from "../../src/text/hash.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const NOW = new Date("2026-04-06T10:00:00Z");
const EXAMPLE = fixture("../../memory.example");

/** A basis that knows each file as these texts, and records what commits leave. */
function basisOf(known: Record<string, string | null>): DiskBasis & { held: Map<string, string | null> } {
  const held = new Map<string, string | null>();
  return {
    held,
    expected: (file) => (held.has(file) ? held.get(file)! : file in known ? (known[file] === null ? null : sha256(known[file]!)) : undefined),
    holds: (file, hash) => void held.set(file, hash),
  };
}

describe("a commit and the files a run read", () => {
  it("writes nothing when a file it would change holds something else than the run read, and says which", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_a.md"), "as the run read it\n");
    await writeFile(path.join(root, "project_b.md"), "edited by hand meanwhile\n");
    const dir = await MemoryDir.open(root);
    const before = await snapshotDir(root);
    const basis = basisOf({ "project_a.md": "as the run read it\n", "project_b.md": "as the run read it\n" });
    const commit = commitChanges(
      dir,
      [
        { path: "project_a.md", content: "new a\n" },
        { path: "project_b.md", content: "new b\n" },
      ],
      { command: "test", now: NOW, operations: ["test"], basis },
    );
    await expect(commit).rejects.toThrow(/^project_b\.md: changed on disk since this run read it; nothing of this commit was written/);
    await expect(commit).rejects.toMatchObject({ code: "E_INPUT" });
    expect(await snapshotDir(root)).toEqual(before);
  });

  it("refuses to bring back a file removed since it was read, and to write over one made since", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_new.md"), "made by hand meanwhile\n");
    const dir = await MemoryDir.open(root);
    const options = { command: "test", now: NOW, operations: ["test"] };
    await expect(
      commitChanges(dir, [{ path: "project_gone.md", content: "x\n" }], { ...options, basis: basisOf({ "project_gone.md": "was here\n" }) }),
    ).rejects.toThrow(/^project_gone\.md: removed on disk since this run read it/);
    await expect(commitChanges(dir, [{ path: "project_new.md", content: "x\n" }], { ...options, basis: basisOf({ "project_new.md": null }) })).rejects.toThrow(
      /^project_new\.md: created on disk/,
    );
    expect(existsSync(path.join(root, "project_gone.md"))).toBe(false);
    expect(await readFile(path.join(root, "project_new.md"), "utf8")).toBe("made by hand meanwhile\n");
  });

  it("looks again just before the files go in place: an edit made while the commit staged its files is not written over", async () => {
    const root = await tempDir();
    const file = path.join(root, "project_a.md");
    await writeFile(file, "as read\n");
    const dir = await MemoryDir.open(root);
    const basis = basisOf({ "project_a.md": "as read\n" });
    // The edit lands once the commit has compared the file with what the run read, while it stages.
    const editing: DiskBasis = {
      expected: (at) => {
        const known = basis.expected(at);
        writeFileSync(file, "edited while the commit staged\n");
        return known;
      },
      holds: basis.holds,
    };
    const commit = commitChanges(dir, [{ path: "project_a.md", content: "new\n" }], { command: "test", now: NOW, operations: ["test"], basis: editing });
    await expect(commit).rejects.toThrow(/^project_a\.md: changed on disk since this run read it; nothing of this commit was written/);
    expect(await readFile(file, "utf8")).toBe("edited while the commit staged\n");
    // Nothing of the commit is left: no journal, no stage, no trash.
    expect(existsSync(path.join(root, ".compact/journal")) ? await readdir(path.join(root, ".compact/journal")) : []).toEqual([]);
    expect(existsSync(path.join(root, ".compact/trash")) ? await readdir(path.join(root, ".compact/trash")) : []).toEqual([]);
  });

  it("writes a file that holds what the run read, then expects what it wrote; the index is not asked about", async () => {
    const root = await tempDir();
    await writeFile(path.join(root, "project_a.md"), "as read\n");
    await writeFile(path.join(root, "MEMORY.md"), "an index edited by hand\n");
    const dir = await MemoryDir.open(root);
    const basis = basisOf({ "project_a.md": "as read\n", "MEMORY.md": "the index as read\n" });
    const options = { command: "test", now: NOW, operations: ["test"], basis, last: (file: string) => file === "MEMORY.md" };
    await commitChanges(
      dir,
      [
        { path: "project_a.md", content: "first\n" },
        { path: "MEMORY.md", content: "index\n" },
      ],
      options,
    );
    expect(basis.held.get("project_a.md")).toBe(sha256("first\n"));
    // A file the basis does not know (undefined) is not checked.
    await writeFile(path.join(root, "project_unknown.md"), "not read by the run\n");
    await commitChanges(dir, [{ path: "project_unknown.md", content: "written\n" }], { ...options, now: new Date(NOW.getTime() + 500) });
    expect(await readFile(path.join(root, "project_unknown.md"), "utf8")).toBe("written\n");
    // A second commit of the same run starts from what the first left.
    await commitChanges(dir, [{ path: "project_a.md", content: "second\n" }], { ...options, now: new Date(NOW.getTime() + 1000) });
    expect(await readFile(path.join(root, "project_a.md"), "utf8")).toBe("second\n");
  });
});

describe("a run while a person edits the memory dir", () => {
  it("--week does not write over a summary edited by hand after the run read it: nothing is written, and a second run works from the edit", async () => {
    const dir = await copyOf(EXAMPLE);
    const first = await (await Compactor.open({ dir, clock: () => NOW })).compactWeek("2026-W14");
    expect(first.files.length).toBeGreaterThan(0);
    // The week's logs grow, so the week is compacted again; while the model is asked, the summary is edited by hand.
    await appendFile(path.join(dir, "2026-04-01.md"), "\n## [18:00] decision: keep the staging database on Postgres 16\n");
    const summary = path.join(dir, "weekly/2026-W14.md");
    const edited = `${await readFile(summary, "utf8")}\nA note I added by hand.\n`;
    const offline = new OfflineModel();
    const model: MemoryModel = {
      provider: offline.provider,
      modelId: offline.modelId,
      async complete(prompt, options) {
        await writeFile(summary, edited);
        return offline.complete(prompt, options);
      },
    };
    const before = await snapshotDir(dir, { state: false });
    const run = (await Compactor.open({ dir, model, clock: () => NOW })).compactWeek("2026-W14");
    await expect(run).rejects.toBeInstanceOf(CompactorError);
    await expect(run).rejects.toThrow(/^weekly\/2026-W14\.md: changed on disk since this run read it/);
    // Every file as it was, but the summary as the person left it.
    expect(await snapshotDir(dir, { state: false })).toEqual({ ...before, "weekly/2026-W14.md": sha256(edited) });
    // The next run reads the edited summary, and its old text (the edit) goes to the trash as any replaced file does.
    const again = await (await Compactor.open({ dir, clock: () => NOW })).compactWeek("2026-W14");
    expect(again.run).toBeDefined();
  });

  it("--week does not write over a file made by hand where the run is about to make one", async () => {
    const dir = await copyOf(EXAMPLE);
    const summary = path.join(dir, "weekly/2026-W14.md");
    const offline = new OfflineModel();
    const model: MemoryModel = {
      provider: offline.provider,
      modelId: offline.modelId,
      async complete(prompt, options) {
        await mkdir(path.dirname(summary), { recursive: true });
        await writeFile(summary, "My own notes on the week.\n");
        return offline.complete(prompt, options);
      },
    };
    await expect((await Compactor.open({ dir, model, clock: () => NOW })).compactWeek("2026-W14")).rejects.toThrow(
      /^weekly\/2026-W14\.md: created on disk since this run read it; nothing of this commit was written/,
    );
    expect(await readFile(summary, "utf8")).toBe("My own notes on the week.\n");
  });

  it("--auto reads a memory with CRLF line ends or a byte order mark as the bytes it holds: the consolidation after the weeks writes it", async () => {
    for (const [kind, text] of [
      ["CRLF", (body: string) => body.replace(/\n/g, "\r\n")],
      ["BOM", (body: string) => `\uFEFF${body}`],
    ] as const) {
      const dir = await copyOf(fixture("auto-weeks"));
      // An old session state: the consolidation prunes it, so the commit after the weeks touches this file.
      const stale =
        "---\nname: Old session\ndescription: where a session was\ntype: session_state\ncreated: 2020-01-01\nupdated: 2020-01-02\n---\n\nWas halfway through the migration.\n";
      await writeFile(path.join(dir, "session_state_old-session.md"), text(stale));
      const result = await (await Compactor.open({ dir, clock: () => new Date("2026-03-18T10:00:00.000Z") })).runAuto({ force: true });
      expect(result.compacted.length, kind).toBe(2);
      expect(result.consolidation?.counts.pruned, kind).toBe(1);
      expect(existsSync(path.join(dir, "session_state_old-session.md")), kind).toBe(false);
    }
  });
});
