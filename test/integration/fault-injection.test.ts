import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { armFault, hit } from "../helpers/fault-injection.js";
import { cleanRun, expectNoTornFile, SCENARIOS, userTree } from "../helpers/fault-scenarios.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf } from "../helpers/temp-dir.js";

// Every write the product makes goes through node:fs/promises or node:fs: here each one can be made to fail.
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  const wrap =
    <A extends unknown[], R>(syscall: string, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      hit(syscall, args[0]);
      return fn(...args);
    };
  const open = async (file: Parameters<typeof real.open>[0], flags?: string | number, mode?: number) => {
    const writing = typeof flags === "string" && flags !== "r";
    if (writing) hit("open", file);
    const handle = await real.open(file, flags, mode);
    if (writing) {
      const writeFile = handle.writeFile.bind(handle);
      const sync = handle.sync.bind(handle);
      handle.writeFile = async (...args: Parameters<typeof writeFile>) => {
        hit("write", file);
        return writeFile(...args);
      };
      handle.sync = async () => {
        hit("fsync", file);
        return sync();
      };
    }
    return handle;
  };
  const wrapped = {
    ...real,
    open,
    writeFile: wrap("write", real.writeFile),
    rename: wrap("rename", real.rename),
    rm: wrap("unlink", real.rm),
    rmdir: wrap("rmdir", real.rmdir),
    mkdir: wrap("mkdir", real.mkdir),
    link: wrap("link", real.link),
  };
  return { ...wrapped, default: wrapped };
});

// Commits make their file-system calls in place (all but fsync): those can be made to fail too.
vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  const wrap =
    <A extends unknown[], R>(syscall: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      hit(syscall, args[0]);
      return fn(...args);
    };
  const openSync = (file: Parameters<typeof real.openSync>[0], flags?: Parameters<typeof real.openSync>[1], mode?: Parameters<typeof real.openSync>[2]) => {
    if (typeof flags === "string" && flags !== "r") hit("open", file);
    return real.openSync(file, flags ?? "r", mode);
  };
  const fsync = (fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    try {
      hit("fsync", fd);
    } catch (error) {
      process.nextTick(() => callback(error as NodeJS.ErrnoException));
      return;
    }
    real.fsync(fd, callback);
  };
  const wrapped = {
    ...real,
    openSync,
    fsync,
    writeFileSync: wrap("write", real.writeFileSync),
    writeSync: wrap("write", real.writeSync),
    renameSync: wrap("rename", real.renameSync),
    rmSync: wrap("unlink", real.rmSync),
    rmdirSync: wrap("rmdir", real.rmdirSync),
    unlinkSync: wrap("unlink", real.unlinkSync),
    mkdirSync: wrap("mkdir", real.mkdirSync),
    linkSync: wrap("link", real.linkSync),
  };
  return { ...wrapped, default: wrapped };
});

const CODES = ["ENOSPC", "EIO", "EACCES"];

// Every N fails once, the error code turning through the three; FAULT_MATRIX=1 tries every code at every N (three times longer).
const FULL_MATRIX = process.env["FAULT_MATRIX"] === "1";

describe.each(SCENARIOS)("$name, with the file system failing at the N-th write", (scenario) => {
  it.each(FULL_MATRIX ? CODES : ["ENOSPC, EIO or EACCES"])(
    "%s at every N: one line, no torn file, and the re-run ends as a clean run",
    async (codes) => {
      const clean = await cleanRun(scenario);
      let points = 0;
      for (let at = 1; ; at++) {
        const code = FULL_MATRIX ? codes : CODES[(at - 1) % CODES.length]!;
        const dir = await copyOf(scenario.fixture, { all: true });
        const disarm = armFault(at, code);
        const run = await runCli(scenario.argv(dir));
        const writes = disarm();
        if (writes < at) break;
        points++;
        const label = `${code} at write ${at}`;
        if (run.code !== 0) {
          expect(run.code, label).toBe(1);
          const lines = run.stderr.trim().split("\n");
          expect(lines.at(-1), label).toMatch(new RegExp(`^compact: .*(${code}|injected)`));
          expect(run.stderr, label).not.toContain("    at ");
        }
        expectNoTornFile(await userTree(dir), clean, label);
        if (run.stderr.includes("nothing changed")) expect(await userTree(dir), `${label}: "nothing changed"`).toEqual(clean.before);
        const rerun = await runCli(scenario.argv(dir));
        expect(rerun.code, `${label}, re-run: ${rerun.stderr}`).toBe(0);
        expect(await userTree(dir), `${label}, re-run`).toEqual(clean.after);
      }
      expect(points).toBeGreaterThan(20);
    },
    600_000,
  );
});

describe("a commit failing while it puts its files in place", () => {
  it("puts back what it had put in place: nothing changed, and the re-run ends as a clean run", async () => {
    const scenario = SCENARIOS[0]!;
    const clean = await cleanRun(scenario);
    const dir = await copyOf(scenario.fixture, { all: true });
    // The second rename from the stage into place: one file is in place already.
    const disarm = armFault(2, "EPERM", (syscall, target) => syscall === "rename" && target.includes(`${path.sep}.compact${path.sep}txn${path.sep}`));
    const run = await runCli(scenario.argv(dir));
    expect(disarm()).toBe(2);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(/^compact: \S+: .*EPERM.*; nothing changed$/);
    expect(await userTree(dir)).toEqual(clean.before);
    expect(await snapshotDir(path.join(dir, ".compact"))).not.toHaveProperty(["journal"]);
    const rerun = await runCli(scenario.argv(dir));
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await userTree(dir)).toEqual(clean.after);
  }, 60_000);
});

describe("a commit that cannot be put back either", () => {
  it("is left part-way, the next run names the file it cannot write, and a run once it can finishes it", async () => {
    const scenario = SCENARIOS[0]!;
    const clean = await cleanRun(scenario);
    const dir = await copyOf(scenario.fixture, { all: true });
    const stage = `${path.sep}.compact${path.sep}txn${path.sep}`;
    const blocked = (error: string) => Object.assign(new Error(`EPERM: injected, ${error}`), { code: "EPERM" });
    // From the second rename into place on, no rename, no new file, no removal: the rollback fails too.
    let renames = 0;
    let disarm = armFault(Number.POSITIVE_INFINITY, "EPERM", (syscall, target) => {
      if (syscall === "rename" && target.includes(stage)) renames++;
      // (The lock is let go as ever.)
      if (renames >= 2 && ["rename", "open", "unlink"].includes(syscall) && !target.endsWith("lock")) throw blocked(`${syscall} '${target}'`);
      return false;
    });
    const run = await runCli(scenario.argv(dir));
    disarm();
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/is part-way in place: the next compact run finishes it\n$/);
    // Still blocked: the recovery says which file of the dir it cannot write.
    disarm = armFault(Number.POSITIVE_INFINITY, "EPERM", (syscall, target) => {
      if (syscall === "rename" && target.includes(stage)) throw blocked(`rename '${target}'`);
      return false;
    });
    const recovery = await runCli(scenario.argv(dir));
    disarm();
    expect(recovery.code).toBe(1);
    const line = recovery.stderr.trim().split("\n").at(-1)!;
    expect(line).toMatch(/^compact: [^/\s]+\.md: .*EPERM.*is part-way in place, and is finished once \S+\.md can be written$/);
    expect(line).not.toContain(".compact");
    const rerun = await runCli(scenario.argv(dir));
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(await userTree(dir)).toEqual(clean.after);
  }, 60_000);
});
