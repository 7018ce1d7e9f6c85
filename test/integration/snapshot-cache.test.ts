import { mkdir, readdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { readSnapshot } from "../../src/store/snapshot.js";
import { SNAPSHOT_CACHE_FILE, SnapshotCache } from "../../src/store/snapshot-cache.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const memoryText = (name: string, body: string) => `---\nname: ${name}\ndescription: ${name} in short\ntype: project\n---\n\n${body}\n`;
const FILES = {
  "project_deploy-region.md": memoryText("Deploy region", "We deploy to eu-west-1."),
  "project_test-runner.md": memoryText("Test runner", "Tests run on vitest."),
  "weekly/2026-W10.md":
    "---\ntype: weekly\nweek: 2026-W10\nfirst_date: 2026-03-02\nlast_date: 2026-03-08\nsources:\n  - file: 2026-03-02.md\n    sha256: abc\n---\n\n## 2026-W10\n",
};
const HOUR_AGO = new Date(Date.now() - 3_600_000);

afterEach(() => {
  vi.restoreAllMocks();
});

/** A memory dir whose files were last changed an hour ago, and a cache written by a run that read them. */
async function cachedDir(): Promise<{ dir: MemoryDir; root: string }> {
  const root = await tempDir();
  await mkdir(path.join(root, "weekly"));
  for (const [file, text] of Object.entries(FILES)) {
    await writeFile(path.join(root, file), text);
    await utimes(path.join(root, file), HOUR_AGO, HOUR_AGO);
  }
  const dir = await MemoryDir.open(root);
  const cache = await SnapshotCache.load(dir);
  await readSnapshot(dir, { cache });
  await cache.commit(dir, new Map());
  return { dir, root };
}

/** Reads a snapshot through the cache and says which files had to be read from disk. */
async function readCounting(dir: MemoryDir) {
  const read = vi.spyOn(dir, "readInput");
  const snapshot = await readSnapshot(dir, { cache: await SnapshotCache.load(dir) });
  const files = read.mock.calls.map(([file]) => file).filter((file) => file !== SNAPSHOT_CACHE_FILE);
  read.mockRestore();
  return { snapshot, files };
}

describe("the snapshot cache", () => {
  it("reads no unchanged file again, and gives the same snapshot as reading them", async () => {
    const { dir } = await cachedDir();
    const { snapshot, files } = await readCounting(dir);
    expect(files).toEqual([]);
    const fresh = await readSnapshot(dir);
    expect(snapshot.memories.map((m) => [m.file, m.name, m.body])).toEqual(fresh.memories.map((m) => [m.file, m.name, m.body]));
    expect(snapshot.summaries.map((s) => [s.file, [...s.sources]])).toEqual([["weekly/2026-W10.md", [["2026-03-02.md", "abc"]]]]);
  });

  it("reads a changed file again, and only that one", async () => {
    const { dir, root } = await cachedDir();
    await writeFile(path.join(root, "project_test-runner.md"), memoryText("Test runner", "Tests run on node:test now."));
    const { snapshot, files } = await readCounting(dir);
    expect(files).toEqual(["project_test-runner.md"]);
    expect(snapshot.memories.find((m) => m.file === "project_test-runner.md")!.body).toContain("node:test");
  });

  it("confirms by content hash a file whose mtime is too recent to vouch for it", async () => {
    const { dir, root } = await cachedDir();
    const file = path.join(root, "project_deploy-region.md");
    // Same size, and the mtime put back: only the content tells the change.
    const now = new Date();
    await utimes(file, now, now);
    const warm = await SnapshotCache.load(dir);
    await readSnapshot(dir, { cache: warm });
    await warm.commit(dir, new Map());
    const before = await stat(file);
    await writeFile(file, memoryText("Deploy region", "We deploy to eu-east-1."));
    await utimes(file, before.atime, before.mtime);
    expect((await stat(file)).size).toBe(before.size);

    const { snapshot, files } = await readCounting(dir);
    expect(files).toEqual(["project_deploy-region.md"]);
    expect(snapshot.memories.find((m) => m.file === "project_deploy-region.md")!.body).toContain("eu-east-1");
  });

  it("reads a file again whose edit put back its size and its mtime: its change time tells", async () => {
    const { dir, root } = await cachedDir();
    const file = path.join(root, "project_deploy-region.md");
    const before = await stat(file);
    // Long after the cache was written: not a change the racy-clean check would catch.
    await writeFile(file, memoryText("Deploy region", "We deploy to eu-east-1."));
    await utimes(file, before.atime, before.mtime);
    expect((await stat(file)).size).toBe(before.size);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);

    const { snapshot, files } = await readCounting(dir);
    expect(files).toEqual(["project_deploy-region.md"]);
    expect(snapshot.memories.find((m) => m.file === "project_deploy-region.md")!.body).toContain("eu-east-1");
  });

  it.each([
    ["not JSON", "{ torn"],
    ["another version", JSON.stringify({ version: 999, files: {} })],
    ["entries of the wrong shape", JSON.stringify({ version: 1, files: { "project_test-runner.md": { size: 1, mtimeMs: 1, text: "x" } } })],
  ])("ignores a cache that is %s: every file is read", async (_, content) => {
    const { dir, root } = await cachedDir();
    await writeFile(path.join(root, SNAPSHOT_CACHE_FILE), content);
    const { snapshot, files } = await readCounting(dir);
    expect(files.sort()).toEqual(Object.keys(FILES).sort());
    expect(snapshot.memories.map((m) => m.name).sort()).toEqual(["Deploy region", "Test runner"]);
  });

  it("never trusts a parse whose shape is wrong, even when the stat matches", async () => {
    const { dir, root } = await cachedDir();
    const cacheFile = path.join(root, SNAPSHOT_CACHE_FILE);
    const data = JSON.parse(await readFile(cacheFile, "utf8"));
    data.files["project_test-runner.md"].parsed = { memory: { name: 42 } };
    await writeFile(cacheFile, JSON.stringify(data));
    const { snapshot, files } = await readCounting(dir);
    expect(files).toEqual(["project_test-runner.md"]);
    expect(snapshot.memories.find((m) => m.file === "project_test-runner.md")!.name).toBe("Test runner");
  });

  it("never trusts a parse that names another file than its own: a run would write to that one", async () => {
    const { dir, root } = await cachedDir();
    const cacheFile = path.join(root, SNAPSHOT_CACHE_FILE);
    const data = JSON.parse(await readFile(cacheFile, "utf8"));
    data.files["project_test-runner.md"].parsed.memory.file = "2026-03-17.md";
    data.files["weekly/2026-W10.md"].parsed.file = "2026-03-02.md";
    await writeFile(cacheFile, JSON.stringify(data));
    const { snapshot, files } = await readCounting(dir);
    expect(files.sort()).toEqual(["project_test-runner.md", "weekly/2026-W10.md"]);
    expect(snapshot.memories.map((m) => m.file).sort()).toEqual(["project_deploy-region.md", "project_test-runner.md"]);
    expect(snapshot.summaries.map((s) => s.file)).toEqual(["weekly/2026-W10.md"]);
  });

  it("learns the files a run writes, confirming them by hash next time, and forgets removed ones", async () => {
    const { dir, root } = await cachedDir();
    const cache = await SnapshotCache.load(dir);
    const snapshot = await readSnapshot(dir, { cache });
    const written = memoryText("Test runner", "Tests run on bun.");
    const memory = { ...snapshot.memories.find((m) => m.file === "project_test-runner.md")!, body: "Tests run on bun." };
    await cache.commit(
      dir,
      new Map<string, { text: string; parsed: unknown } | null>([
        ["project_test-runner.md", { text: written, parsed: { memory } }],
        ["project_deploy-region.md", null],
      ]),
    );
    await writeFile(path.join(root, "project_test-runner.md"), written);
    // The written file is read to confirm its hash; the forgotten one is read as new.
    const { snapshot: next, files } = await readCounting(dir);
    expect(files.sort()).toEqual(["project_deploy-region.md", "project_test-runner.md"]);
    expect(next.memories.find((m) => m.file === "project_test-runner.md")!.body).toBe("Tests run on bun.");
    // Confirmed once, the file is trusted by its stat again (once its mtime is old enough).
    await utimes(path.join(root, "project_test-runner.md"), HOUR_AGO, HOUR_AGO);
    const again = await SnapshotCache.load(dir);
    await readSnapshot(dir, { cache: again });
    await again.commit(dir, new Map());
    expect((await readCounting(dir)).files).toEqual([]);
  });

  it("is written as exactly the JSON of what it holds", async () => {
    const { dir, root } = await cachedDir();
    const cache = await SnapshotCache.load(dir);
    await readSnapshot(dir, { cache });
    await cache.commit(dir, new Map([["project_unicode.md", { text: "Ünïcode 漢字 😀 \u2028", parsed: { memory: { name: 'x"y' } } }]]));
    const text = await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8");
    const data = JSON.parse(text) as { version: number; files: Record<string, unknown> };
    expect(Object.keys(data.files).length).toBeGreaterThan(2);
    expect(text).toBe(JSON.stringify(data));
  });
});

describe("the snapshot cache and secrets", () => {
  it("keeps no text that holds a secret: a memory written by hand with one is read from its file again instead", async () => {
    const root = await copyOf(fixture("../../memory.example"));
    const key = exampleSecret("sk-ant-api03-", 40);
    await writeFile(
      path.join(root, "project_sync-service-database.md"),
      memoryText("Sync service database", `The sync service uses Postgres 16 on Neon. Admin key ${key}\npassword: hunter2xyz`),
    );
    const run = await runCli(["--week", "2026-W14", "--dir", root], { env: {} });
    expect(run.code, run.stderr).toBe(0);
    const cached = await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8");
    expect(cached).not.toContain(key);
    expect(cached).not.toContain("hunter2xyz");
    // The files the run wrote itself, redacted, are still cached.
    expect(Object.keys(JSON.parse(cached).files)).toContain("weekly/2026-W14.md");
  });

  it("looks again at every kept entry once the redaction's rules change", async () => {
    const key = exampleSecret("sk-ant-api03-", 40);
    // An entry an earlier run found clean: as if its rules had missed this key.
    const withMissedKey = async (root: string, rules: unknown) => {
      const file = path.join(root, SNAPSHOT_CACHE_FILE);
      const data = JSON.parse(await readFile(file, "utf8"));
      data.files["project_test-runner.md"].text += `Admin key ${key}\n`;
      data.rules = rules;
      await writeFile(file, JSON.stringify(data));
    };
    const runAgain = async (dir: MemoryDir) => {
      const cache = await SnapshotCache.load(dir);
      await readSnapshot(dir, { cache });
      await cache.commit(dir, new Map());
      return readFile(path.join(dir.root, SNAPSHOT_CACHE_FILE), "utf8");
    };

    const same = await cachedDir();
    const rules = JSON.parse(await readFile(path.join(same.root, SNAPSHOT_CACHE_FILE), "utf8")).rules;
    expect(rules).toMatch(/^[0-9a-f]{64}$/);
    await withMissedKey(same.root, rules);
    // Under the same rules an entry is trusted as it was checked.
    expect(await runAgain(same.dir)).toContain(key);

    for (const older of ["0".repeat(64), undefined]) {
      const changed = await cachedDir();
      await withMissedKey(changed.root, older);
      const saved = await runAgain(changed.dir);
      expect(saved).not.toContain(key);
      expect(JSON.parse(saved).rules).toBe(rules);
      expect(Object.keys(JSON.parse(saved).files)).toContain("project_deploy-region.md");
    }
  });

  it("keeps no secret that a YAML escape spells only in the parse", async () => {
    const root = await copyOf(fixture("../../memory.example"));
    const key = exampleSecret("sk-ant-api03-", 40);
    const escaped = key.replace(/-/g, "\\x2D");
    await writeFile(
      path.join(root, "project_sync-service-database.md"),
      `---\nname: Sync service database\ndescription: "Admin key ${escaped}"\ntype: project\n---\n\nThe sync service uses Postgres 16 on Neon.\n`,
    );
    const run = await runCli(["--week", "2026-W14", "--dir", root], { env: {} });
    expect(run.code, run.stderr).toBe(0);
    expect(await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8")).not.toContain(key);
  });
});

describe("the snapshot cache after a run with nothing to do", () => {
  it("keeps what that run confirmed, so the commands after it read no memory the run before wrote", async () => {
    const root = await copyOf(fixture("auto-weeks"));
    const clock = (iso: string) => () => new Date(iso);
    expect((await runCli(["--auto", "--dir", root, "--quiet"], { clock: clock("2026-03-18T10:00:00.000Z") })).code).toBe(0);
    const sizes = async () => {
      const files = JSON.parse(await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8")).files as Record<string, { size: number }>;
      return Object.entries(files).filter(([file]) => /^(user|feedback|project|reference)_/.test(file));
    };
    // Written by the run: known by their content only, until a read confirms them.
    const written = await sizes();
    expect(written.length).toBeGreaterThan(0);
    expect(written.every(([, entry]) => entry.size === -1)).toBe(true);
    // Changed long enough ago for a stat to vouch for them once confirmed.
    for (const file of await readdir(root, { recursive: true })) if (file.endsWith(".md")) await utimes(path.join(root, file), HOUR_AGO, HOUR_AGO);

    const again = await runCli(["--auto", "--dir", root, "--quiet"], { clock: clock("2026-03-18T11:00:00.000Z") });
    expect(again.code, again.stderr).toBe(0);
    const confirmed = await sizes();
    expect(confirmed.map(([file]) => file)).toEqual(written.map(([file]) => file));
    expect(confirmed.every(([, entry]) => entry.size > 0)).toBe(true);
    const dir = await MemoryDir.open(root);
    const { files } = await readCounting(dir);
    expect(files.filter((file) => /^(user|feedback|project|reference)_/.test(file))).toEqual([]);
    // Once learnt, a run with nothing to do leaves the cache as it is.
    const cache = await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8");
    expect((await runCli(["--auto", "--dir", root, "--quiet"], { clock: clock("2026-03-18T12:00:00.000Z") })).code).toBe(0);
    expect(await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8")).toBe(cache);
  });
});

describe("a snapshot cache that cannot be saved", () => {
  it("is said once per run, and the run's result stands", async () => {
    const dir = await copyOf(fixture("../../memory.example"));
    await mkdir(path.join(dir, SNAPSHOT_CACHE_FILE), { recursive: true });
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/^warning: \.compact\/snapshot-cache\.json: not saved \(.+\); every run reads the whole memory dir again until it can be$/m);
    expect(await readdir(path.join(dir, "weekly"))).toEqual(["2026-W14.md"]);
  });
});
