import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LockedError } from "../../src/errors/locked-error.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { acquireLock } from "../../src/store/run-lock.js";
import { tempDir } from "../helpers/temp-dir.js";

// The holder's release, played at the worst moment: after a contender's link failed and before it looks at the lock.
const race = vi.hoisted(() => ({ releaseBeforeLook: undefined as (() => Promise<void>) | undefined }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...actual,
    stat: async (...args: Parameters<typeof actual.stat>) => {
      const release = race.releaseBeforeLook;
      race.releaseBeforeLook = undefined;
      await release?.();
      return actual.stat(...args);
    },
  };
});

describe("acquireLock", () => {
  it("takes the lock when its holder lets it go between the contender's attempt and its look", async () => {
    const dir = await MemoryDir.open(await tempDir());
    const holder = await acquireLock(dir, "compact --auto");
    race.releaseBeforeLook = holder.release;
    const contender = await acquireLock(dir, "compact --auto");
    expect(race.releaseBeforeLook).toBeUndefined();
    expect(contender.tookOver).toBeUndefined();
    expect(existsSync(path.join(dir.root, ".compact/lock"))).toBe(true);
    await contender.release();
  });

  it("refuses while the holder runs", async () => {
    const dir = await MemoryDir.open(await tempDir());
    const holder = await acquireLock(dir, "compact --auto");
    await expect(acquireLock(dir, "compact --auto")).rejects.toBeInstanceOf(LockedError);
    await holder.release();
  });
});

describe("a run's recovery and the lock temp files of other runs", () => {
  it("removes a lock temp file a killed run left, never one another run is about to link into place", async () => {
    const { mkdir, readdir, writeFile } = await import("node:fs/promises");
    const { recoverTransactions } = await import("../../src/store/transaction.js");
    const root = await tempDir();
    await mkdir(path.join(root, ".compact"));
    const now = Date.now();
    const fresh = `lock.${process.pid + 1}.${now}.1.tmp`;
    const left = `lock.${process.pid + 2}.${now - 2 * 60 * 1000}.1.tmp`;
    for (const name of [fresh, left]) await writeFile(path.join(root, ".compact", name), "{}\n");
    await recoverTransactions(await MemoryDir.open(root));
    expect(await readdir(path.join(root, ".compact"))).toEqual([fresh]);
  });

  it("lets two runs started at once take the lock one after the other, however often", async () => {
    const root = await tempDir();
    const dir = await MemoryDir.open(root);
    const { recoverTransactions } = await import("../../src/store/transaction.js");
    for (let round = 0; round < 50; round++) {
      // One run holds the lock and recovers, as a run does first, while the other is taking it.
      const first = await acquireLock(dir, "first");
      const second = acquireLock(dir, "second").catch((error: unknown) => error);
      await recoverTransactions(dir);
      await first.release();
      const outcome = await second;
      if (outcome instanceof Error) expect(outcome).toBeInstanceOf(LockedError);
      else await (outcome as Awaited<ReturnType<typeof acquireLock>>).release();
    }
  });
});
