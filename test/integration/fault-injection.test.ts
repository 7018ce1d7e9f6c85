import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { armFault, hit } from "../helpers/fault-injection.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

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

// The golden case's own copy of the example logs: memory.example/ itself is where the README's first command writes.
const EXAMPLE = fixture("../golden/memory-example/input");
const CONSOLIDATION = fixture("consolidation");
const WEEKS = fixture("auto-weeks");
const CODES = ["ENOSPC", "EIO", "EACCES"];
const BIN = path.join(REPO_ROOT, "bin/compact.js");
const KILLER = path.join(REPO_ROOT, "test/helpers/kill-at-write.cjs");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));

interface Scenario {
  name: string;
  fixture: string;
  argv: (dir: string) => string[];
  /** How many writes a run makes depends on timing (weeks written together when planned while the disk was busy). */
  writesVary?: boolean;
}

const SCENARIOS: Scenario[] = [
  { name: "compact --week", fixture: EXAMPLE, argv: (dir) => ["--week", "2026-W14", "--dir", dir] },
  { name: "compact consolidate", fixture: CONSOLIDATION, argv: (dir) => ["consolidate", "--dir", dir, "--yes"] },
  // Three weeks, each committed while the next one is asked and planned.
  { name: "compact --auto", fixture: WEEKS, argv: (dir) => ["--auto", "--force", "--dir", dir], writesVary: true },
];

// What a user sees: every file but compact's own bookkeeping, with the time a summary was made left out.
async function userTree(dir: string): Promise<Map<string, string>> {
  const hashes = await snapshotDir(dir, { state: false });
  const tree = new Map<string, string>();
  for (const file of Object.keys(hashes)) tree.set(file, (await readFile(path.join(dir, file), "utf8")).replace(/^compacted_at: .*$/m, "compacted_at: <time>"));
  return tree;
}

async function cleanRun(scenario: Scenario): Promise<{ before: Map<string, string>; after: Map<string, string> }> {
  const dir = await copyOf(scenario.fixture, { all: true });
  const before = await userTree(dir);
  const run = await runCli(scenario.argv(dir));
  expect(run.code, run.stderr).toBe(0);
  return { before, after: await userTree(dir) };
}

// No torn file: each one is as it was before the run, or as a clean run leaves it.
function expectNoTornFile(tree: Map<string, string>, clean: { before: Map<string, string>; after: Map<string, string> }, label: string) {
  for (const [file, content] of tree) {
    const allowed = [clean.before.get(file), clean.after.get(file)].filter((c) => c !== undefined);
    expect(allowed, `${label}: ${file} is neither its old nor its new content`).toContain(content);
  }
}

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

function runKilled(argv: string[], env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--require", KILLER, BIN, ...argv], { env: { ...process.env, ...env }, stdio: "ignore" });
    child.on("error", reject);
    child.on("exit", (code, signal) => resolve(signal === "SIGKILL" ? null : code));
  });
}

describe.skipIf(!built).each(SCENARIOS)("$name, killed with SIGKILL between two writes", (scenario) => {
  it("at 20 or more points: no torn file, and the re-run ends as a clean run", async () => {
    const clean = await cleanRun(scenario);
    const counter = path.join(await tempDir(), "count");
    const counting = await copyOf(scenario.fixture, { all: true });
    expect(await runKilled(scenario.argv(counting), { COMPACT_COUNT_FILE: counter })).toBe(0);
    const total = Number(await readFile(counter, "utf8"));
    expect(total).toBeGreaterThan(20);
    // Every write when there are few; else 21 points spread over the run, its first and last included
    // (the first four fifths of it when another run may make fewer writes).
    const span = scenario.writesVary ? Math.floor(total * 0.8) : total;
    const points = span <= 21 ? Array.from({ length: span }, (_, i) => i + 1) : Array.from({ length: 21 }, (_, i) => 1 + Math.round((i * (span - 1)) / 20));
    let killed = 0;
    for (const at of points) {
      const dir = await copyOf(scenario.fixture, { all: true });
      const outcome = await runKilled(scenario.argv(dir), { COMPACT_KILL_AT: String(at) });
      if (outcome === null) killed++;
      expectNoTornFile(await userTree(dir), clean, `killed at write ${at}`);
      // The next run finds the dead process's lock stale (its pid is gone), settles the interrupted run and does the work.
      const rerun = await runCli(scenario.argv(dir));
      expect(rerun.code, `killed at write ${at}, re-run: ${rerun.stderr}`).toBe(0);
      expect(await userTree(dir), `killed at write ${at}, re-run`).toEqual(clean.after);
    }
    expect(killed).toBeGreaterThanOrEqual(20);
  }, 240_000);
});
