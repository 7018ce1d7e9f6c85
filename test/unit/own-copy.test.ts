import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { ownCopy } from "../../src/text/own-copy.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

// Lines cut from 40 texts of 1 MB each, kept as a cache would keep them.
function keptLines(copy: (line: string) => string): { kept: string[]; heldMB: number } {
  gc();
  const before = getHeapStatistics().used_heap_size;
  const kept: string[] = [];
  for (let i = 0; i < 40; i++) {
    const text = `${`text ${i} `.repeat(100_000)}\nthe line worth keeping, number ${i}, long enough to be cut as a slice\n`;
    kept.push(copy(text.split("\n")[1]!));
  }
  gc();
  return { kept, heldMB: (getHeapStatistics().used_heap_size - before) / 1e6 };
}

describe("ownCopy", () => {
  it("is the same text", () => {
    const line = "a line of some length, cut out of a longer text".repeat(3);
    expect(ownCopy(line)).toBe(line);
    expect(ownCopy("")).toBe("");
  });

  it("keeps only its own characters alive, not the text it was cut from", () => {
    const sliced = keptLines((line) => line);
    const copied = keptLines(ownCopy);
    expect(copied.kept).toEqual(sliced.kept);
    // The slices keep 40 MB of texts alive; the copies a few kilobytes.
    expect(sliced.heldMB).toBeGreaterThan(30);
    expect(copied.heldMB).toBeLessThan(5);
  });
});
