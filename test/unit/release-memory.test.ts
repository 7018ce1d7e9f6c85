import { getHeapStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { releaseMemory } from "../../src/model/release-memory.js";

const MB = 1024 * 1024;

// Whether a few megabytes of garbage made just before `release` is gone soon after it.
function collected(release: () => void): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    let gone = false;
    const registry = new FinalizationRegistry(() => {
      gone = true;
    });
    (() => {
      const garbage = Array.from({ length: 20_000 }, (_, i) => `${i}`.padEnd(64, "y"));
      registry.register(garbage, "garbage");
    })();
    release();
    setTimeout(() => resolve(gone), 50);
  });
}

describe("releaseMemory", () => {
  it("collects what a step left behind once the heap holds more than the floor", () => {
    let garbage: string[] | undefined = Array.from({ length: 400_000 }, (_, i) => `${i}`.padEnd(256, "x"));
    expect(garbage.length).toBe(400_000);
    garbage = undefined;
    const before = getHeapStatistics().used_heap_size;
    expect(before).toBeGreaterThan(150 * MB);
    releaseMemory();
    const after = getHeapStatistics().used_heap_size;
    expect(after).toBeLessThan(before - 100 * MB);
  });
});

describe("releaseMemory({ now: true })", () => {
  it("collects below the floor too, where a plain call does nothing", async () => {
    // Under the floor, a plain call leaves the garbage; `now` collects it.
    expect(getHeapStatistics().used_heap_size).toBeLessThan(96 * MB);
    expect(await collected(() => releaseMemory())).toBe(false);
    expect(await collected(() => releaseMemory({ now: true }))).toBe(true);
  });
});

describe("releaseMemory({ now: true, from })", () => {
  it("collects only when the heap holds at least `from` bytes", async () => {
    const used = getHeapStatistics().used_heap_size;
    expect(await collected(() => releaseMemory({ now: true, from: used + 512 * MB }))).toBe(false);
    expect(await collected(() => releaseMemory({ now: true, from: 1 }))).toBe(true);
  });
});
