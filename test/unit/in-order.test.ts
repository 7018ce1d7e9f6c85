import { describe, expect, it } from "vitest";
import { inOrder } from "../../src/pipeline/in-order.js";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("inOrder", () => {
  it("starts up to N at once and finishes strictly in order, each finish after the one before", async () => {
    let running = 0;
    let peak = 0;
    const events: string[] = [];
    await inOrder(
      [5, 1, 3, 1, 2, 1],
      3,
      async (delay) => {
        running++;
        peak = Math.max(peak, running);
        await tick(delay * 5);
        running--;
        return delay * 10;
      },
      async (item, result, index) => {
        events.push(`finish ${index}: ${item}→${result}`);
        await tick(1);
      },
    );
    expect(peak).toBe(3);
    expect(events).toEqual(["finish 0: 5→50", "finish 1: 1→10", "finish 2: 3→30", "finish 3: 1→10", "finish 4: 2→20", "finish 5: 1→10"]);
  });

  it.each([1, 2, 3])("with a concurrency of %i, item i starts only once item i − N has finished", async (width) => {
    let finished = 0;
    const seen: number[] = [];
    await inOrder(
      Array.from({ length: 9 }, (_, i) => i),
      width,
      async (item) => {
        seen[item] = finished;
        await tick((item * 7) % 4);
        return item;
      },
      async () => {
        // A slow finish (a commit's writes) must not let the next start run ahead of it.
        await tick(3);
        finished++;
      },
    );
    for (const [item, count] of seen.entries()) expect(count).toBeGreaterThanOrEqual(Math.max(0, item - width + 1));
    // With one at a time, every start sees exactly the finishes before it.
    if (width === 1) expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("on a failure starts nothing more, stops the started ones and throws the failure", async () => {
    const started: number[] = [];
    const stopped: number[] = [];
    const run = inOrder(
      [1, 2, 3, 4, 5, 6, 7, 8],
      2,
      async (item, stop) => {
        started.push(item);
        if (item === 2) throw new Error("week 2 failed");
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 50);
          stop.addEventListener("abort", () => {
            clearTimeout(timer);
            stopped.push(item);
            resolve();
          });
        });
        return item;
      },
      async () => {},
    );
    await expect(run).rejects.toThrow("week 2 failed");
    expect(started).not.toContain(8);
    expect(started.length).toBeLessThan(8);
    expect(stopped.length).toBeGreaterThan(0);
  });
});
