import { describe, expect, it } from "vitest";
import { mapLimited } from "../../src/store/map-limited.js";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("mapLimited", () => {
  it("keeps the items' order whatever order the calls finish in", async () => {
    const results = await mapLimited([30, 5, 20, 1, 10], 3, async (ms, i) => {
      await tick(ms);
      return `${i}:${ms}`;
    });
    expect(results).toEqual(["0:30", "1:5", "2:20", "3:1", "4:10"]);
  });

  it("never runs more than the limit at once, and does run that many", async () => {
    let running = 0;
    let most = 0;
    await mapLimited(
      Array.from({ length: 20 }, (_, i) => i),
      4,
      async () => {
        running++;
        most = Math.max(most, running);
        await tick(2);
        running--;
      },
    );
    expect(most).toBe(4);
  });

  it("throws the earliest item's failure, after every started call settled, and starts nothing more", async () => {
    const started: number[] = [];
    const settled: number[] = [];
    const run = mapLimited([0, 1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      await tick(item === 1 ? 20 : 2);
      settled.push(item);
      if (item === 1 || item === 2) throw new Error(`item ${item}`);
    });
    await expect(run).rejects.toThrow("item 1");
    expect(settled.sort()).toEqual(started.sort());
    expect(started).not.toContain(7);
  });

  it("handles no items", async () => {
    expect(await mapLimited([], 8, async () => 1)).toEqual([]);
  });
});
