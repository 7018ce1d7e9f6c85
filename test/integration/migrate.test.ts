import { execFileSync } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { chmod, cp, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

const migration = () => copyOf(fixture("migration"));

describe("compact migrate", () => {
  it("splits .agents.local.md into daily logs, topics and local.md, with a byte-identical backup and every line kept", async () => {
    const cwd = await migration();
    const original = await readFile(path.join(cwd, ".agents.local.md"));
    const run = await runCli(["migrate"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    expect((await readFile(path.join(cwd, ".agents.local.md.backup"))).equals(original)).toBe(true);
    expect((await readFile(path.join(cwd, ".agents.local.md"))).equals(original)).toBe(true);
    const files = Object.keys(await snapshotDir(path.join(cwd, ".agents"), { state: false })).sort();
    expect(files).toEqual([
      "local.md",
      "logs/2026-03-02.md",
      "logs/2026-03-03.md",
      "topics/feedback_gotchas.md",
      "topics/project_project-memory-larkspur.md",
      "topics/reference_links.md",
      "topics/user_preferences.md",
    ]);
    const written = (await Promise.all(files.map((f) => readFile(path.join(cwd, ".agents", f), "utf8")))).join("\n");
    for (const line of original
      .toString("utf8")
      .split("\n")
      .filter((l) => l.trim() !== ""))
      expect(written).toContain(line);
    // Two sections of the same date land in one daily log, in their order.
    const second = await readFile(path.join(cwd, ".agents/logs/2026-03-02.md"), "utf8");
    expect(second.indexOf("- Decided on Postgres for sync.")).toBeLessThan(second.indexOf("- Late addition for the 2nd: wrote the devices table."));
    expect(await readFile(path.join(cwd, ".agents/logs/2026-03-03.md"), "utf8")).toContain("### Follow-up\n- Ask ops for a service container.");

    const before = await snapshotDir(cwd);
    const again = await runCli(["migrate"], { cwd });
    expect(again.stdout).toBe(`nothing to do: ${path.join(cwd, ".agents")} already holds the migration of ${path.join(cwd, ".agents.local.md")}\n`);
    expect(await snapshotDir(cwd)).toEqual(before);
    // On another day too: the topic files it made differ in their dates alone, which is no other content.
    const later = await runCli(["migrate"], { cwd, clock: () => new Date("2027-01-15T10:00:00.000Z") });
    expect([later.stdout, later.stderr]).toEqual([again.stdout, again.stderr]);
    expect(await snapshotDir(cwd)).toEqual(before);
  });

  it("keeps a private file's parts private: split from a 0640 file, every file it writes is 0640 too", async () => {
    const cwd = await migration();
    await chmod(path.join(cwd, ".agents.local.md"), 0o640);
    const run = await runCli(["migrate"], { cwd });
    expect(run.code, run.stderr).toBe(0);
    const files = Object.keys(await snapshotDir(path.join(cwd, ".agents"), { state: false }));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) expect((await stat(path.join(cwd, ".agents", file))).mode & 0o777, file).toBe(0o640);
    // The umask narrows them as it narrows any file made: under 077 a 0640 original's parts are 0600.
    const narrow = await migration();
    await chmod(path.join(narrow, ".agents.local.md"), 0o640);
    const before = process.umask(0o077);
    try {
      expect((await runCli(["migrate"], { cwd: narrow })).code).toBe(0);
    } finally {
      process.umask(before);
    }
    expect((await stat(path.join(narrow, ".agents/topics/user_preferences.md"))).mode & 0o777).toBe(0o600);
    // From a file anyone may read, the files are made as any file is.
    const open = await migration();
    expect((await runCli(["migrate"], { cwd: open })).code).toBe(0);
    expect((await stat(path.join(open, ".agents/topics/user_preferences.md"))).mode & 0o777).toBe(0o644);
  });

  it("leaves a daily log that exists as it is: the sections of its date go to a session log beside it, once", async () => {
    const cwd = await migration();
    const log = path.join(cwd, ".agents/logs/2026-03-02.md");
    await mkdir(path.dirname(log), { recursive: true });
    await writeFile(log, "# 2026-03-02\n\n- Written by the agent on the day.\n");
    const run = await runCli(["migrate"], { cwd });
    expect(run.stdout).toContain("created  logs/2026-03-02-migrated.md beside logs/2026-03-02.md (it existed, and is left as it is)");
    expect(await readFile(log, "utf8")).toBe("# 2026-03-02\n\n- Written by the agent on the day.\n");
    const beside = await readFile(path.join(cwd, ".agents/logs/2026-03-02-migrated.md"), "utf8");
    expect(beside.startsWith("## 2026-03-02\n")).toBe(true);
    expect(beside).toContain("- Late addition for the 2nd: wrote the devices table.");
    const before = await snapshotDir(cwd);
    expect((await runCli(["migrate"], { cwd })).stdout).toMatch(/^nothing to do/);
    expect(await snapshotDir(cwd)).toEqual(before);
  });

  it("does not count a file derived from logs (a -summary quoting the sections) as holding them", async () => {
    const cwd = await migration();
    const logs = path.join(cwd, ".agents/logs");
    await mkdir(logs, { recursive: true });
    await writeFile(path.join(logs, "2026-03-02.md"), "# 2026-03-02\n\n- Written by the agent on the day.\n");
    const original = await readFile(path.join(cwd, ".agents.local.md"), "utf8");
    await writeFile(path.join(logs, "2026-03-02-summary.md"), original);
    const run = await runCli(["migrate"], { cwd });
    expect(run.stdout).toContain("created  logs/2026-03-02-migrated.md beside logs/2026-03-02.md");
    expect(await readFile(path.join(logs, "2026-03-02-migrated.md"), "utf8")).toContain("- Late addition for the 2nd: wrote the devices table.");
  });

  it("migrates alone a section added to the original since the last migration, and no log changes", async () => {
    const cwd = await migration();
    await runCli(["migrate"], { cwd });
    const log = path.join(cwd, ".agents/logs/2026-03-03.md");
    const first = await readFile(log, "utf8");
    const original = path.join(cwd, ".agents.local.md");
    await writeFile(original, `${await readFile(original, "utf8")}\n## 2026-03-03\n\n- Added later: ops gave us a service container.\n`);
    const run = await runCli(["migrate"], { cwd });
    expect(run.stdout).toContain("created  logs/2026-03-03-migrated.md beside logs/2026-03-03.md");
    expect(await readFile(log, "utf8")).toBe(first);
    expect(await readFile(path.join(cwd, ".agents/logs/2026-03-03-migrated.md"), "utf8")).toBe(
      "## 2026-03-03\n\n- Added later: ops gave us a service container.\n",
    );
    expect((await runCli(["migrate"], { cwd })).stdout).toMatch(/^nothing to do/);
  });

  it("is one journaled run: compact undo puts the agents dir back byte for byte", async () => {
    const cwd = await migration();
    const agents = path.join(cwd, ".agents");
    await mkdir(path.join(agents, "logs"), { recursive: true });
    await writeFile(path.join(agents, "logs/2026-03-03.md"), "- the agent's own line\n");
    const before = await snapshotDir(agents);
    const run = await runCli(["migrate"], { cwd });
    expect(run.stdout).toMatch(/undo: compact undo \S+ --dir /);
    expect(await snapshotDir(agents, { state: false })).not.toEqual(before);
    const undo = await runCli(["undo", "--dir", agents], { cwd });
    expect(undo.code, undo.stderr).toBe(0);
    expect(await snapshotDir(agents, { state: false })).toEqual(before);
  });

  it("is undone only where it made its logs: in a copy of the agents dir the logs stay, and it says so", async () => {
    const cwd = await migration();
    const agents = path.join(cwd, ".agents");
    expect((await runCli(["migrate"], { cwd })).code).toBe(0);
    const copy = path.join(cwd, "copy");
    await cp(agents, copy, { recursive: true });
    const undo = await runCli(["undo", "--dir", copy, "--json"], { cwd });
    expect(undo.code, undo.stderr).toBe(0);
    const result = JSON.parse(undo.stdout) as { restored: string[]; kept: { path: string; reason: string }[] };
    expect(result.kept.map((log) => log.path)).toEqual(["logs/2026-03-02.md", "logs/2026-03-03.md"]);
    expect(result.kept[0]!.reason).toBe("the daily log logs/2026-03-02.md is not the file it made; remove it yourself if it should go");
    expect(result.restored).toContain("topics/user_preferences.md");
    expect(undo.stderr).toContain("warning: left logs/2026-03-02.md where it is: the daily log logs/2026-03-02.md is not the file it made");
    const files = Object.keys(await snapshotDir(copy, { state: false })).sort();
    expect(files).toEqual(["logs/2026-03-02.md", "logs/2026-03-03.md"]);
  });

  it("never overwrites an existing backup, nor a topic file with other content", async () => {
    const cwd = await migration();
    await writeFile(path.join(cwd, ".agents.local.md.backup"), "an older backup\n");
    await mkdir(path.join(cwd, ".agents/topics"), { recursive: true });
    await writeFile(path.join(cwd, ".agents/topics/reference_links.md"), "my own links\n");
    const run = await runCli(["migrate"], { cwd });
    expect(run.stderr).toBe(
      `warning: ${path.join(cwd, ".agents.local.md.backup")} already exists and differs from ${path.join(cwd, ".agents.local.md")}; left as it is\n` +
        "warning: topics/reference_links.md already exists with other content; left as it is\n",
    );
    expect(await readFile(path.join(cwd, ".agents.local.md.backup"), "utf8")).toBe("an older backup\n");
    expect(await readFile(path.join(cwd, ".agents/topics/reference_links.md"), "utf8")).toBe("my own links\n");
  });

  it("refuses to migrate into a memory dir of the default layout, and writes nothing", async () => {
    const cwd = await migration();
    const memory = path.join(cwd, "memory");
    await mkdir(path.join(memory, "weekly"), { recursive: true });
    await writeFile(path.join(memory, "MEMORY.md"), "# Memory\n");
    await writeFile(path.join(memory, "project_sync.md"), "---\nname: Sync\ndescription: Sync service\ntype: project\n---\n\nPostgres.\n");
    const before = await snapshotDir(cwd);
    const run = await runCli(["migrate", "--dir", memory], { cwd });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `compact: ${memory} is a memory dir of the default layout (it holds MEMORY.md): migrating into it would turn it into an agents dir and hide its memories — name another directory with --dir (default ./.agents)\n`,
    );
    expect(await snapshotDir(cwd)).toEqual(before);
  });
});

describe("compact migrate: a FIFO where a file is read", () => {
  it.each([".agents.local.md", ".agents.local.md.backup"])("never blocks on a FIFO at %s: one line, exit 2, nothing written", async (name) => {
    const cwd = await migration();
    const fifo = path.join(cwd, name);
    await rm(fifo, { force: true });
    execFileSync("mkfifo", [fifo]);
    const before = await snapshotDir(cwd);
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<"hung">((resolve) => {
      timer = setTimeout(() => resolve("hung"), 5000);
    });
    const run = await Promise.race([runCli(["migrate"], { cwd }), hung]).finally(() => clearTimeout(timer));
    // A read blocked on the FIFO is let go, so a failing test does not leave a thread waiting.
    if (run === "hung") closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    expect(run).toEqual({ code: 2, stdout: "", stderr: `compact: cannot read ${fifo}: it is not a regular file\n` });
    expect(await snapshotDir(cwd)).toEqual(before);
  });
});
