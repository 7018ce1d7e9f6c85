import { describe, expect, it } from "vitest";
import { WriteBehind } from "../../src/pipeline/write-behind.js";

/** A write that finishes only when the test says so, recording each batch. */
function controlledWrite() {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const write = (batch: number[]) =>
    new Promise<void>((resolve) => {
      batches.push(batch);
      finishers.push(resolve);
    });
  const finishNext = async () => {
    finishers.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { batches, write, finishNext };
}

describe("WriteBehind", () => {
  it("writes what was queued while the last batch was being written as the next batch, in order", async () => {
    const { batches, write, finishNext } = controlledWrite();
    const writer = new WriteBehind(write, { maxQueued: 10 });
    await writer.push(1); // written at once, alone
    await writer.push(2);
    await writer.push(3);
    expect(batches).toEqual([[1]]);
    await finishNext();
    expect(batches).toEqual([[1], [2, 3]]);
    await writer.push(4);
    await finishNext();
    await finishNext();
    const flushed = writer.flush();
    await finishNext();
    await flushed;
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it("makes the producer wait once the queue is full", async () => {
    const { batches, write, finishNext } = controlledWrite();
    const writer = new WriteBehind(write, { maxQueued: 2 });
    await writer.push(1);
    await writer.push(2);
    let third = false;
    const pushing = writer.push(3).then(() => {
      third = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(third).toBe(false); // 2 and 3 wait behind the batch being written
    await finishNext(); // [1] done, [2, 3] starts
    await finishNext(); // [2, 3] done
    await pushing;
    expect(third).toBe(true);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("stops at the first failed write: nothing after it is written, and every later call throws it", async () => {
    const written: number[][] = [];
    const writer = new WriteBehind(
      async (batch: number[]) => {
        written.push(batch);
        if (batch.includes(2)) throw new Error("disk full");
        await new Promise((resolve) => setTimeout(resolve, 5));
      },
      { maxQueued: 10 },
    );
    await writer.push(1);
    await writer.push(2);
    await expect(writer.flush()).rejects.toThrow("disk full");
    await expect(writer.push(3)).rejects.toThrow("disk full");
    await expect(writer.flush()).rejects.toThrow("disk full");
    expect(written).toEqual([[1], [2]]);
  });

  it("writes items produced within the interval together, once the interval from the last batch has run", async () => {
    const batches: number[][] = [];
    const writer = new WriteBehind(async (batch: number[]) => void batches.push(batch), { maxQueued: 100, minInterval: 60 });
    await writer.push(1); // the first item starts a batch at once
    await new Promise((resolve) => setTimeout(resolve, 0));
    await writer.push(2);
    await writer.push(3);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toEqual([[1]]); // 2 and 3 wait for the interval
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(batches).toEqual([[1], [2, 3]]);
    await writer.flush();
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it("cuts the interval short when the queue fills or on flush", async () => {
    const batches: number[][] = [];
    const writer = new WriteBehind(async (batch: number[]) => void batches.push(batch), { maxQueued: 3, minInterval: 60_000 });
    await writer.push(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await writer.push(2);
    await writer.push(3);
    expect(batches).toEqual([[1]]);
    await writer.push(4); // the queue is full: written now, not in a minute
    expect(batches).toEqual([[1], [2, 3, 4]]);
    await writer.push(5);
    const started = performance.now();
    await writer.flush();
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
