import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { CompleteOptions, MemoryModel } from "../../src/model/memory-model.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

// A slow disk: every fsync takes a while, so a commit is still under way when the next week could start.
const disk = { fsyncMs: 0 };
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const fsync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    if (disk.fsyncMs > 0) setTimeout(() => real.fsync(fd, callback), disk.fsyncMs);
    else real.fsync(fd, callback);
  };
  const wrapped = { ...real, fsync };
  return { ...wrapped, default: wrapped };
});

const WEEKS = ["2026-W10", "2026-W11", "2026-W12"];
const CLOCK = () => new Date("2026-04-06T10:00:00Z");

describe("compact --auto writes a week while it asks about the next", () => {
  it("asks week k + 1 before week k's files are in place, and still commits every week in order", async () => {
    const dir = await copyOf(fixture("auto-weeks"));
    const offline = new OfflineModel();
    // For each call: whether the summary of the week before was on disk yet.
    const earlierWritten: boolean[] = [];
    let asked = 0;
    const model: MemoryModel = {
      provider: "offline",
      modelId: offline.modelId,
      async complete(prompt: string, options: CompleteOptions) {
        if (asked > 0) earlierWritten.push(existsSync(path.join(dir, `weekly/${WEEKS[asked - 1]}.md`)));
        asked++;
        return offline.complete(prompt, options);
      },
    };
    disk.fsyncMs = 100;
    try {
      const result = await (await Compactor.open({ dir, model, clock: CLOCK })).runAuto({ concurrency: 1, force: true });
      expect(result.compacted.map((week) => week.week)).toEqual(WEEKS);
    } finally {
      disk.fsyncMs = 0;
    }
    expect(earlierWritten).toEqual([false, false]);
    for (const week of WEEKS) expect(existsSync(path.join(dir, `weekly/${week}.md`))).toBe(true);
  });

  it("commits the weeks planned while the disk was busy as one undoable run, with what a week-by-week run writes", async () => {
    const slow = await copyOf(fixture("auto-weeks"));
    disk.fsyncMs = 100;
    let runs: (string | undefined)[];
    try {
      const result = await (await Compactor.open({ dir: slow, clock: CLOCK })).runAuto({ concurrency: 1, force: true });
      runs = result.compacted.map((week) => week.run);
    } finally {
      disk.fsyncMs = 0;
    }
    // The first week is written alone; the next two were planned while it was being written.
    expect(runs[0]).toBeDefined();
    expect(runs[1]).not.toBe(runs[0]);
    expect(runs[2]).toBe(runs[1]);
    const fast = await copyOf(fixture("auto-weeks"));
    await (await Compactor.open({ dir: fast, clock: CLOCK })).runAuto({ concurrency: 1, force: true });
    expect(await snapshotDir(slow, { state: false })).toEqual(await snapshotDir(fast, { state: false }));

    // Undoing the shared run takes both of its weeks back, and only them.
    const undone = await (await Compactor.open({ dir: slow, clock: CLOCK })).undo(runs[1]);
    expect(undone.restored).toEqual(expect.arrayContaining([`weekly/${WEEKS[1]}.md`, `weekly/${WEEKS[2]}.md`]));
    expect(WEEKS.map((week) => existsSync(path.join(slow, `weekly/${week}.md`)))).toEqual([true, false, false]);
  });

  it("commits the weeks planned within a second of the last commit as one run, on a fast disk too", async () => {
    const dir = await copyOf(fixture("auto-weeks"));
    const result = await (await Compactor.open({ dir, clock: CLOCK })).runAuto({ concurrency: 1, force: true });
    const runs = result.compacted.map((week) => week.run);
    // The first week starts a commit at once; the next two are planned well within the second after it.
    expect(runs[0]).toBeDefined();
    expect(runs[1]).not.toBe(runs[0]);
    expect(runs[2]).toBe(runs[1]);
  });
});
