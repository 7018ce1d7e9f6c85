import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { FakeProviderServer } from "../helpers/fake-provider-server.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const WEEKS = fixture("auto-weeks");
// Wednesday of 2026-W12: W10 and W11 are over, W12 is not.
const clock =
  (iso = "2026-03-18T10:00:00.000Z") =>
  () =>
    new Date(iso);
const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));

describe("compact --auto", () => {
  it("compacts completed weeks oldest first, never the current one, then consolidates", async () => {
    const dir = await copyOf(WEEKS);
    const run = await runCli(["--auto", "--dir", dir], { clock: clock() });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^compacted 2026-W10 \(no summary\): 1 logs, \d+ memories\ncompacted 2026-W11 \(no summary\): 1 logs, \d+ memories\n\[compact --auto\] dir=.* merged=\d+ pruned=0 conflicts_skipped=\d+\n$/,
    );
    expect((await readdir(path.join(dir, "weekly"))).sort()).toEqual(["2026-W10.md", "2026-W11.md"]);
    expect(JSON.parse(await readFile(path.join(dir, ".compact/state.json"), "utf8")).lastConsolidation).toBe("2026-03-18T10:00:00.000Z");
  });

  it("changes nothing when run again right after, says so and which gates are closed", async () => {
    const dir = await copyOf(WEEKS);
    await runCli(["--auto", "--dir", dir], { clock: clock() });
    const before = await snapshotDir(dir);
    const again = await runCli(["--auto", "--dir", dir], { clock: clock("2026-03-18T12:00:00.000Z") });
    expect(again).toEqual({
      code: 0,
      stdout:
        "nothing to compact: every completed week with logs has a current summary\n" +
        "consolidation gated: time gate: 24 h not yet passed since 2026-03-18T10:00Z (opens 2026-03-19T10:00Z)\n" +
        "consolidation gated: session gate: 0 of 5 sessions since 2026-03-18T10:00Z (opens after more sessions are logged)\n",
      stderr: "",
    });
    const after = await snapshotDir(dir);
    // Bookkeeping: the schedule, and the cache learning the stat of the files the first run wrote.
    for (const file of [".compact/state.json", ".compact/snapshot-cache.json"]) {
      delete after[file];
      delete before[file];
    }
    expect(after).toEqual(before);
  });

  it("re-compacts only the week whose log was edited; --force opens the time and session gates", async () => {
    const dir = await copyOf(WEEKS);
    await runCli(["--auto", "--dir", dir], { clock: clock() });
    const w11 = await readFile(path.join(dir, "weekly/2026-W11.md"), "utf8");
    await writeFile(
      path.join(dir, "2026-03-02.md"),
      `${await readFile(path.join(dir, "2026-03-02.md"), "utf8")}\n- Fixed the export retry; it now backs off.\n`,
    );
    const run = await runCli(["--auto", "--dir", dir, "--force"], { clock: clock("2026-03-18T11:00:00.000Z") });
    expect(run.stdout.split("\n")[0]).toMatch(/^compacted 2026-W10 \(logs changed\): 1 logs, \d+ memories$/);
    expect(run.stdout).toContain("[compact --auto] dir=");
    expect(await readFile(path.join(dir, "weekly/2026-W11.md"), "utf8")).toBe(w11);
  });

  it("opens the session gate once enough sessions are logged, and skips under a live lock", async () => {
    const dir = await copyOf(WEEKS);
    await runCli(["--auto", "--dir", dir], { clock: clock() });
    for (const day of ["2026-03-19", "2026-03-20"]) await writeFile(path.join(dir, `${day}.md`), "---\nsession_count: 3\n---\n- worked\n");
    const later = await runCli(["--auto", "--dir", dir], { clock: clock("2026-03-21T12:00:00.000Z") });
    expect(later.stdout).toMatch(/^nothing to compact.*\n\[compact --auto\] dir=/);

    await writeFile(
      path.join(dir, ".compact/lock"),
      // A lock is stamped with the time it is, whatever clock a run is given.
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date(Date.now() - 60_000).toISOString(), command: "compact --auto" }),
    );
    const before = await snapshotDir(dir);
    expect(await runCli(["--auto", "--dir", dir], { clock: clock("2026-03-21T12:00:00.000Z") })).toEqual({
      code: 0,
      stdout: "Another run in progress — skipping.\n",
      stderr: "",
    });
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("records a run that failed as the last run, keeping the last consolidation, so status says it", async () => {
    const dir = await copyOf(WEEKS);
    expect((await runCli(["--auto", "--force", "--dir", dir], { clock: clock() })).code).toBe(0);
    const before = JSON.parse(await readFile(path.join(dir, ".compact/state.json"), "utf8"));
    await writeFile(path.join(dir, "2026-03-16.md"), "# 2026-03-16\n\n- a week more\n");
    // No cassette for the week: the replay model fails, as an expired key would every week.
    const failed = await runCli(["--auto", "--dir", dir, "--replay", await tempDir()], { clock: () => new Date("2026-03-25T10:00:00.000Z") });
    expect(failed.code).toBe(1);
    const state = JSON.parse(await readFile(path.join(dir, ".compact/state.json"), "utf8"));
    expect(state.lastConsolidation).toBe(before.lastConsolidation);
    expect(state.lastRun).toMatchObject({ at: "2026-03-25T10:00:00.000Z", summary: expect.stringMatching(/^failed: /) });
    const status = await runCli(["status", "--dir", dir]);
    expect(status.stdout).toMatch(/^last run: 2026-03-25T10:00:00\.000Z: failed: /m);
  });

  it("takes over a stale lock: an old startedAt, or a pid that is gone", async () => {
    for (const lock of [
      { pid: process.pid, host: hostname(), startedAt: "2026-03-18T09:00:00.000Z", command: "compact --auto" },
      { pid: 2 ** 22 + 11, host: hostname(), startedAt: new Date().toISOString(), command: "compact --auto" },
    ]) {
      const dir = await copyOf(WEEKS);
      await import("node:fs/promises").then((fs) => fs.mkdir(path.join(dir, ".compact")));
      await writeFile(path.join(dir, ".compact/lock"), JSON.stringify(lock));
      const run = await runCli(["--auto", "--dir", dir], { clock: clock() });
      expect(run.stderr).toContain(`warning: took over a stale lock (pid ${lock.pid} on ${hostname()}, compact --auto, since ${lock.startedAt})\n`);
      expect(run.stdout).toContain("compacted 2026-W10");
      expect(existsSync(path.join(dir, ".compact/lock"))).toBe(false);
    }
  });
});

describe("compact --auto, a week none of whose logs can be read", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("says why, compacts the other weeks, leaves that week due and exits 0", async () => {
    const dir = await copyOf(WEEKS);
    // 2026-W11's one log is removed after the run listed it and before it reads it (the agent moved it away).
    const readInput = MemoryDir.prototype.readInput;
    vi.spyOn(MemoryDir.prototype, "readInput").mockImplementation(async function (this: MemoryDir, relPath, ...rest) {
      if (relPath === "2026-03-10.md") await rm(path.join(dir, relPath), { force: true });
      return readInput.call(this, relPath, ...rest);
    });
    const run = await runCli(["--auto", "--dir", dir, "--json"], { clock: clock() });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.compacted.map((week: { week: string }) => week.week)).toEqual(["2026-W10"]);
    expect(result.warnings).toContainEqual({ source: "2026-03-10.md", ruleId: "unsafe-input", message: "it does not exist (a broken link?); skipped" });
    expect(await readdir(path.join(dir, "weekly"))).toEqual(["2026-W10.md"]);
    // Still due: once the log is back, the next run compacts it.
    vi.restoreAllMocks();
    await writeFile(path.join(dir, "2026-03-10.md"), await readFile(path.join(WEEKS, "2026-03-10.md"), "utf8"));
    const again = await runCli(["--auto", "--dir", dir], { clock: clock() });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^compacted 2026-W11 \(no summary\): 1 logs, \d+ memories\n/);
  });
});

describe.skipIf(!built)("compact --auto, the installed command, with a log named another way", () => {
  it("compacts the weeks it can read, warns once about the misnamed log, writes no summary for its week, and exits 0", async () => {
    const dir = await tempDir();
    const home = await tempDir();
    await writeFile(path.join(dir, "2025-03-03.md"), "# 2025-03-03\n\n## 09:00 decision: use Postgres\n- We chose Postgres for the sync service.\n");
    // 2025-W11's only log, named with underscores: not a daily log by the contract, so the week has no log to read.
    await writeFile(path.join(dir, "2025_03_11.md"), "# 2025-03-11\n\n## 09:00 decision: keep UTC timestamps\n- Decided to keep UTC timestamps.\n");
    const compact = (...args: string[]) =>
      spawnSync(process.execPath, [BIN, "--auto", "--dir", dir, ...args], { encoding: "utf8", env: { PATH: process.env["PATH"] ?? "", HOME: home } });
    const warning = "warning: 2025_03_11.md: a daily log's name starts with its date as 2025-03-11: not read (rename it 2025-03-11.md)";
    const first = compact();
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^compacted 2025-W10 \(no summary\): 1 logs, \d+ memories\nconsolidation gated: /);
    expect(first.stderr.split("\n").filter((line) => line.startsWith("warning:"))).toEqual([warning]);
    expect(await readdir(path.join(dir, "weekly"))).toEqual(["2025-W10.md"]);
    // Run again: nothing due, the same warning, exit 0; with --json, the warning as data.
    const again = compact();
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^nothing to compact: every completed week with logs has a current summary\n/);
    expect(again.stderr.split("\n").filter((line) => line.startsWith("warning:"))).toEqual([warning]);
    const json = compact("--json");
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ok: true,
      command: "auto",
      compacted: [],
      warnings: [{ source: "2025_03_11.md", ruleId: "misnamed-log" }],
    });
  });
});

describe.skipIf(!built)("compact --auto as processes", () => {
  const start = (args: string[], env: Record<string, string> = {}) => {
    const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
    });
    child.stderr.on("data", (d: Buffer) => {
      out += d.toString();
    });
    const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal, out })),
    );
    return { child, done };
  };

  it("two runs started at once: exactly one does the work, and the result equals one run's", async () => {
    const single = await copyOf(WEEKS);
    await start(["--auto", "--dir", single]).done;
    const dir = await copyOf(WEEKS);
    const [a, b] = await Promise.all([start(["--auto", "--dir", dir]).done, start(["--auto", "--dir", dir]).done]);
    expect([a.code, b.code]).toEqual([0, 0]);
    expect([a.out, b.out].filter((out) => out.includes("compacted 2026-W10"))).toHaveLength(1);
    const content = async (d: string) => {
      const files = Object.keys(await snapshotDir(d))
        .filter((f) => !f.startsWith(".compact/"))
        .sort();
      return Promise.all(files.map(async (f) => [f, (await readFile(path.join(d, f), "utf8")).replace(/^compacted_at: .*$/m, "")]));
    };
    expect(await content(dir)).toEqual(await content(single));
  });

  describe("interrupted", () => {
    const server = new FakeProviderServer();
    beforeAll(() => server.start());
    afterAll(() => server.stop());

    it.each([
      ["SIGTERM", 143],
      ["SIGINT", 130],
    ] as const)("%s mid-run ends it promptly, releases the lock and leaves the tree as it was", async (signal, exitCode) => {
      const dir = await copyOf(WEEKS);
      server.respond({ text: "never used", delayMs: 10_000 });
      const asked = server.requests.length;
      const run = start(["--auto", "--dir", dir, "--provider", "openai", "--model", "slow"], { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL });
      const lock = path.join(dir, ".compact/lock");
      for (let i = 0; i < 200 && server.requests.length === asked; i++) await new Promise((r) => setTimeout(r, 25));
      expect(existsSync(lock)).toBe(true);
      const sent = Date.now();
      run.child.kill(signal);
      const ended = await run.done;
      expect(ended.code).toBe(exitCode);
      // The model call is aborted, not waited for: it would answer after 10 s.
      expect(Date.now() - sent).toBeLessThan(8_000);
      expect(existsSync(lock)).toBe(false);
      expect(existsSync(path.join(dir, "weekly"))).toBe(false);
    });
  });
});

describe("compact status", () => {
  it("reports weeks, memories, the index, gates, lock and last run", async () => {
    const dir = await copyOf(WEEKS);
    await runCli(["--auto", "--dir", dir], { clock: clock() });
    await writeFile(path.join(dir, "2026-03-10.md"), "---\nsession_count: 3\n---\n- changed\n");
    const run = await runCli(["status", "--dir", dir, "--json"], { clock: clock("2026-03-18T12:00:00.000Z") });
    const status = JSON.parse(run.stdout);
    expect(status).toMatchObject({
      layout: { name: "default", reason: "default" },
      weeks: { withLogs: 3, compacted: ["2026-W10"], stale: ["2026-W11"], pending: [], current: ["2026-W12"] },
      index: { file: "MEMORY.md", limits: { maxLines: 200, maxBytes: 25600, maxLineChars: 150 } },
      lock: null,
    });
    expect(status.memories.total).toBeGreaterThan(0);
    expect(status.gates.map((g: { name: string; open: boolean }) => [g.name, g.open])).toEqual([
      ["time", false],
      ["sessions", false],
      ["lock", true],
    ]);
    expect(status.lastRun.summary).toContain("compacted 2026-W10");
    const text = await runCli(["status", "--dir", dir], { clock: clock("2026-03-18T12:00:00.000Z") });
    expect(text.stdout).toContain(
      "weeks with logs: 3; compacted: 1 (2026-W10); stale (logs changed): 1 (2026-W11); pending: 0; current, not over: 1 (2026-W12)\n",
    );
    expect(text.stdout).toContain("lock: free\n");
  });

  it("shows a long history's weeks and last run in a few lines; --json keeps every week", async () => {
    const dir = await tempDir();
    // Twelve Mondays, 2026-W02 … 2026-W13.
    for (let week = 0; week < 12; week++) {
      const day = new Date(Date.UTC(2026, 0, 5 + week * 7)).toISOString().slice(0, 10);
      await writeFile(path.join(dir, `${day}.md`), `## 09:00 — notes\n- Decided to pin the worker pool at ${week + 2} threads.\n`);
    }
    const at = clock("2026-04-01T10:00:00.000Z");
    expect((await runCli(["--auto", "--dir", dir, "--quiet"], { clock: at })).code).toBe(0);
    const status = JSON.parse((await runCli(["status", "--dir", dir, "--json"], { clock: at })).stdout);
    expect(status.weeks.compacted).toHaveLength(12);
    expect(status.lastRun.summary).toMatch(/^compacted 12 weeks \(2026-W02 … 2026-W13\): 12 logs, \d+ memories; /);
    const text = (await runCli(["status", "--dir", dir], { clock: at })).stdout;
    expect(text).toContain("compacted: 12 (2026-W02, 2026-W03, 2026-W04, … 7 more …, 2026-W12, 2026-W13);");
    expect(text).toMatch(/\nlast run: \S+: compacted 12 weeks \(2026-W02 … 2026-W13\): 12 logs, \d+ memories; /);
    expect(Math.max(...text.split("\n").map((line) => line.length))).toBeLessThan(300);
  });

  it("looks past a log too large to read, and says so on stderr, once", async () => {
    const dir = await copyOf(WEEKS);
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ logs: { maxBytes: 1000 } }));
    await writeFile(path.join(dir, "2026-03-11.md"), `## 09:00 — notes\n${"- a line of notes\n".repeat(100)}`);
    const run = await runCli(["status", "--dir", dir], { clock: clock("2026-03-18T12:00:00.000Z") });
    expect(run.code, run.stderr).toBe(0);
    const warning =
      "warning: 2026-03-11.md: 2 KB is over the 1000 bytes limit for one file (logs.maxBytes); split the file or raise the limit; its sessions are not counted";
    expect(run.stderr.split("\n").filter((line) => line.startsWith("warning: 2026-03-11.md"))).toEqual([warning]);
    expect(run.stdout).not.toContain("warning");
    expect(run.stdout).toContain("weeks with logs: 3;");
  });
});
