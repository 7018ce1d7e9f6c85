import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import type { CompleteOptions, MemoryModel } from "../../src/model/memory-model.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

// A slow disk: every fsync takes a while, so a commit is still under way when the next week could start.
const disk = { fsyncMs: 0 };
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof real.open = async (...args) => {
    const handle = await real.open(...args);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      if (disk.fsyncMs > 0) await new Promise((resolve) => setTimeout(resolve, disk.fsyncMs));
      return sync();
    };
    return handle;
  };
  const wrapped = { ...real, open };
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
});
