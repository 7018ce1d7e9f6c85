import { existsSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { LockedError } from "../../src/errors/locked-error.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { acquireLock } from "../../src/store/run-lock.js";
import { tempDir } from "../helpers/temp-dir.js";

// The holder's release, played at the worst moment: after a contender's link failed and before it looks at the lock.
const race = vi.hoisted(() => ({
  releaseBeforeLook: undefined as (() => Promise<void>) | undefined,
  // Another run taking the stale lock over, after this one read it and before this one's turn to take it over.
  beforeTakeover: undefined as (() => Promise<void>) | undefined,
  // The holder's release after the contender's look and before its read of the lock (a sync step: the read is).
  releaseBeforeRead: undefined as (() => void) | undefined,
}));
vi.mock("node:fs", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs")>();
  return {
    ...actual,
    openSync: (...args: Parameters<typeof actual.openSync>) => {
      const release = race.releaseBeforeRead;
      if (release && String(args[0]).endsWith("/lock")) {
        race.releaseBeforeRead = undefined;
        release();
      }
      return actual.openSync(...args);
    },
  };
});
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
    writeFile: async (...args: Parameters<typeof actual.writeFile>) => {
      if (String(args[0]).endsWith(".takeover")) {
        const before = race.beforeTakeover;
        race.beforeTakeover = undefined;
        await before?.();
      }
      return actual.writeFile(...args);
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

  it("takes over a stale lock only as it read it: one another run put in its place meanwhile stays, and is respected", async () => {
    const { readFile, writeFile } = await import("node:fs/promises");
    const dir = await MemoryDir.open(await tempDir());
    const lockFile = path.join(dir.root, ".compact/lock");
    const { mkdir } = await import("node:fs/promises");
    await mkdir(path.dirname(lockFile), { recursive: true });
    await writeFile(lockFile, JSON.stringify({ pid: 2 ** 22 + 5, host: hostname(), startedAt: new Date().toISOString(), command: "killed run" }));
    const fresh = JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: "the other run" });
    race.beforeTakeover = async () => {
      // The other run's takeover: the stale lock gone, its own linked into place.
      const { rm, writeFile: write } = await import("node:fs/promises");
      await rm(lockFile);
      await write(lockFile, fresh);
    };
    await expect(acquireLock(dir, "compact --auto")).rejects.toBeInstanceOf(LockedError);
    expect(race.beforeTakeover).toBeUndefined();
    expect(await readFile(lockFile, "utf8")).toBe(fresh);
    // Nothing left beside it.
    const { readdir } = await import("node:fs/promises");
    expect(await readdir(path.dirname(lockFile))).toEqual(["lock"]);
  });

  it("lets one run at a time take a stale lock over: one that finds another doing so skips", async () => {
    const { mkdir, readFile, writeFile } = await import("node:fs/promises");
    const dir = await MemoryDir.open(await tempDir());
    const lockFile = path.join(dir.root, ".compact/lock");
    await mkdir(path.dirname(lockFile), { recursive: true });
    await writeFile(lockFile, JSON.stringify({ pid: 2 ** 22 + 5, host: hostname(), startedAt: new Date().toISOString(), command: "killed run" }));
    // Another run is taking it over: this one skips, and the stale lock is the other's to remove.
    await writeFile(`${lockFile}.takeover`, "1\n");
    await expect(acquireLock(dir, "compact --auto")).rejects.toBeInstanceOf(LockedError);
    expect(JSON.parse(await readFile(lockFile, "utf8")).command).toBe("killed run");
    // One a killed run left a minute ago goes; the next run takes the lock over.
    const { utimes } = await import("node:fs/promises");
    const old = new Date(Date.now() - 2 * 60 * 1000);
    await utimes(`${lockFile}.takeover`, old, old);
    await expect(acquireLock(dir, "compact --auto")).rejects.toBeInstanceOf(LockedError);
    const held = await acquireLock(dir, "compact --auto");
    expect(held.tookOver?.command).toBe("killed run");
    await held.release();
    const { readdir } = await import("node:fs/promises");
    expect(await readdir(path.dirname(lockFile))).toEqual([]);
  });

  it("takes the lock, with no stale one taken over, when its holder lets it go between the look and the read", async () => {
    const dir = await MemoryDir.open(await tempDir());
    const holder = await acquireLock(dir, "compact --auto");
    race.releaseBeforeRead = () => holder.releaseSync();
    const contender = await acquireLock(dir, "compact --auto");
    expect(race.releaseBeforeRead).toBeUndefined();
    // A lock gone is no stale lock: nothing is said to be taken over, and the lock is the contender's.
    expect(contender.tookOver).toBeUndefined();
    await contender.release();
  });

  it("clears a turn to take over that a killed run left: dated in the future, or a link", async () => {
    const { mkdir, readdir, symlink, utimes, writeFile } = await import("node:fs/promises");
    for (const leave of ["future", "link"] as const) {
      const dir = await MemoryDir.open(await tempDir());
      const lockFile = path.join(dir.root, ".compact/lock");
      await mkdir(path.dirname(lockFile), { recursive: true });
      await writeFile(lockFile, JSON.stringify({ pid: 2 ** 22 + 5, host: hostname(), startedAt: new Date().toISOString(), command: "killed run" }));
      if (leave === "link") await symlink(path.join(dir.root, "nowhere"), `${lockFile}.takeover`);
      else {
        await writeFile(`${lockFile}.takeover`, "1\n");
        const later = new Date(Date.now() + 24 * 3600 * 1000);
        await utimes(`${lockFile}.takeover`, later, later);
      }
      await expect(acquireLock(dir, "compact --auto"), leave).rejects.toBeInstanceOf(LockedError);
      const held = await acquireLock(dir, "compact --auto");
      expect(held.tookOver?.command, leave).toBe("killed run");
      await held.release();
      expect(await readdir(path.dirname(lockFile)), leave).toEqual([]);
    }
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

  it("removes a turn to take a stale lock over that a killed run left a minute ago, and no fresher one", async () => {
    const { mkdir, readdir, utimes, writeFile } = await import("node:fs/promises");
    const { recoverTransactions } = await import("../../src/store/transaction.js");
    for (const [age, kept] of [
      [2 * 60 * 1000, []],
      [1000, ["lock.takeover"]],
    ] as const) {
      const root = await tempDir();
      await mkdir(path.join(root, ".compact"));
      await writeFile(path.join(root, ".compact/lock.takeover"), "1\n");
      const then = new Date(Date.now() - age);
      await utimes(path.join(root, ".compact/lock.takeover"), then, then);
      await recoverTransactions(await MemoryDir.open(root));
      expect(await readdir(path.join(root, ".compact"))).toEqual(kept);
    }
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
