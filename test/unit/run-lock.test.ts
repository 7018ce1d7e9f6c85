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
