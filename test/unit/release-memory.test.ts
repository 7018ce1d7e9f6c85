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
