import { getHeapStatistics } from "node:v8";
import { describe, expect, it } from "vitest";
import { releaseMemory } from "../../src/model/release-memory.js";

const MB = 1024 * 1024;

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
    // A few megabytes of garbage: under the floor, a plain call leaves it; `now` collects it.
    const collected = (release: () => void) =>
      new Promise<boolean>((resolve) => {
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
    expect(getHeapStatistics().used_heap_size).toBeLessThan(96 * MB);
    expect(await collected(() => releaseMemory())).toBe(false);
    expect(await collected(() => releaseMemory({ now: true }))).toBe(true);
  });
});
