import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { readSnapshot } from "../../src/store/snapshot.js";
import { SNAPSHOT_CACHE_FILE, SnapshotCache } from "../../src/store/snapshot-cache.js";
import { commitChanges } from "../../src/store/transaction.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

// Every text the redaction scans, with the calls that scanned it.
const scanned = vi.hoisted(() => [] as string[]);
vi.mock("../../src/logs/redact-secrets.js", async (importOriginal) => {
  const original = await importOriginal<typeof import("../../src/logs/redact-secrets.js")>();
  return {
    ...original,
    redactSecrets: (text: string) => {
      scanned.push(text);
      return original.redactSecrets(text);
    },
  };
});

afterEach(() => {
  scanned.length = 0;
});

const HOUR_AGO = new Date(Date.now() - 3_600_000);
// An index sub-list long enough that a commit diffs it rather than scanning it whole.
const entries = (count: number) => Array.from({ length: count }, (_, i) => `- [Memory ${i}](../project_memory-${i}.md) — what memory ${i} says`);
const sublist = (lines: string[]) => `# Project memories\n\n${lines.join("\n")}\n`;
const commit = (dir: MemoryDir, file: string, content: string, knownClean?: (file: string, text: string) => boolean) =>
  commitChanges(dir, [{ path: file, content }], { command: "test", now: new Date(), operations: ["test"], ...(knownClean ? { knownClean } : {}) });

/** A memory dir holding `text` as the project sub-list, read and saved by a snapshot cache an hour after it was written. */
async function cachedIndex(text: string | Buffer) {
  const root = await tempDir();
  await mkdir(path.join(root, "memory-index"));
  await writeFile(path.join(root, "memory-index/project.md"), text);
  await utimes(path.join(root, "memory-index/project.md"), HOUR_AGO, HOUR_AGO);
  const dir = await MemoryDir.open(root);
  const first = await SnapshotCache.load(dir);
  await readSnapshot(dir, { cache: first });
  await first.commit(dir, new Map());
  const cache = await SnapshotCache.load(dir);
  await readSnapshot(dir, { cache });
  return { root, dir, cache };
}

describe("a commit over a file the snapshot cache found clean", () => {
  it("scans the new text only where it changed, and keeps the old one in the trash as it is", async () => {
    const key = exampleSecret("sk-ant-api03-", 40);
    const lines = entries(400);
    const { root, dir, cache } = await cachedIndex(sublist(lines));
    const saved = JSON.parse(await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8"));
    expect(Object.keys(saved.files)).toContain("memory-index/project.md");

    const changed = [...lines];
    changed[200] = `- [New memory](../project_new.md) — key ${key}`;
    scanned.length = 0;
    await commit(dir, "memory-index/project.md", sublist(changed), await cache.knownClean());
    // The changed line is redacted; the scan covered the lines around it, not the 400-line list.
    const written = await readFile(path.join(root, "memory-index/project.md"), "utf8");
    expect(written).not.toContain(key);
    expect(written).toContain("[REDACTED:");
    expect(Math.max(...scanned.map((text) => text.length))).toBeLessThan(2_000);
    // The old text, vouched for, went to the trash unscanned and unchanged.
    const [run] = await readdir(path.join(root, ".compact", "trash"));
    expect(await readFile(path.join(root, ".compact", "trash", run!, "memory-index/project.md"), "utf8")).toBe(sublist(lines));
  });

  it("scans the whole text when the cache cannot vouch for the file: another text, other rules, or no cache asked", async () => {
    const lines = entries(400);
    const text = sublist(lines);
    const changed = sublist(lines.map((line, i) => (i === 200 ? `${line}, now longer` : line)));
    const whole = (texts: string[]) => texts.some((scannedText) => scannedText.length >= changed.length);

    // The file changed on disk since the cache read it.
    const edited = await cachedIndex(text);
    const vouches = await edited.cache.knownClean();
    await writeFile(path.join(edited.root, "memory-index/project.md"), `${text}- [Hand-made](../project_hand.md)\n`);
    expect(vouches("memory-index/project.md", `${text}- [Hand-made](../project_hand.md)\n`)).toBe(false);
    scanned.length = 0;
    await commit(edited.dir, "memory-index/project.md", changed, vouches);
    expect(whole(scanned)).toBe(true);

    // The cache was saved under other redaction rules.
    const stale = await cachedIndex(text);
    const file = path.join(stale.root, SNAPSHOT_CACHE_FILE);
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, "utf8")), rules: "0".repeat(64) }));
    const staleCache = await SnapshotCache.load(stale.dir);
    await readSnapshot(stale.dir, { cache: staleCache });
    expect((await staleCache.knownClean())("memory-index/project.md", text)).toBe(false);

    // No cache asked: only what this process wrote is known clean.
    const plain = await cachedIndex(text);
    scanned.length = 0;
    await commit(plain.dir, "memory-index/project.md", changed);
    expect(whole(scanned)).toBe(true);
  });
});

describe("what the cache vouches for, and what it cannot", () => {
  it("sends bytes that are not UTF-8 to the trash redacted: the cache's text and the file's differ there", async () => {
    const key = exampleSecret("ghp_", 36);
    // A stray byte in the key: read byte for byte it is a soft hyphen, which the redaction looks through.
    const bytes = Buffer.concat([Buffer.from(`${sublist(entries(20))}- token ${key.slice(0, 20)}`), Buffer.from([0xad]), Buffer.from(`${key.slice(20)}\n`)]);
    const { root, dir, cache } = await cachedIndex(bytes);
    await commit(dir, "memory-index/project.md", sublist(entries(21)), await cache.knownClean());
    const [run] = await readdir(path.join(root, ".compact", "trash"));
    const trashed = await readFile(path.join(root, ".compact", "trash", run!, "memory-index/project.md"), "latin1");
    expect(trashed).toContain("[REDACTED:");
    expect(trashed).not.toContain(key.slice(20));
  });

  // Rules that read further than the lines around a change: the whole text is scanned again.
  it.each([
    [
      "a Kubernetes Secret's value, under a kind: read 20 lines up",
      (value: string) =>
        `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n${Array.from({ length: 20 }, (_, i) => `  # note ${i}\n`).join("")}data:\n  DB_DSN: ${value}\n`,
      Buffer.from("postgres://app:Zebra7Lion@db.internal:5432/app").toString("base64"),
    ],
    [
      "a Mailgun key, with Mailgun named lines above it",
      (value: string) => `Mailgun account notes\n${Array.from({ length: 8 }, (_, i) => `- step ${i}\n`).join("")}- saved ${value}\n`,
      `${exampleSecret("", 32, "hex")}-${exampleSecret("", 8, "hex")}-${exampleSecret("", 8, "hex")}`,
    ],
  ])("finds %s, in a file it found clean", async (_name, block, value) => {
    const before = `${sublist(entries(200))}\n${block("placeholder")}`;
    const { root, dir, cache } = await cachedIndex(before);
    await commit(dir, "memory-index/project.md", `${sublist(entries(200))}\n${block(value)}`, await cache.knownClean());
    const written = await readFile(path.join(root, "memory-index/project.md"), "utf8");
    expect(written).not.toContain(value);
    expect(written).toContain("[REDACTED:");
  });
});

describe("the snapshot cache saved after a commit", () => {
  it("does not scan again an index this process wrote, though it holds a backslash", async () => {
    const root = await tempDir();
    await mkdir(path.join(root, "memory-index"));
    const dir = await MemoryDir.open(root);
    const cache = await SnapshotCache.load(dir);
    await readSnapshot(dir, { cache });
    const text = sublist([...entries(50), String.raw`- [Paths](../project_paths.md) — C:\Users\agent\notes`]);
    await commit(dir, "memory-index/project.md", text);
    scanned.length = 0;
    await cache.commit(dir, new Map([["memory-index/project.md", { text, parsed: null }]]));
    expect(scanned.filter((scannedText) => scannedText.includes("C:\\Users"))).toEqual([]);
    expect(Object.keys(JSON.parse(await readFile(path.join(root, SNAPSHOT_CACHE_FILE), "utf8")).files)).toContain("memory-index/project.md");
  });
});

// The first run in a process of its own: what a process wrote, it knows clean without any cache.
const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli-bundle/run-process.js"));

describe.skipIf(!built)("a week compacted after a run of another process", () => {
  it("scans the index sub-lists that run wrote only where they change", async () => {
    const root = await copyOf(fixture("../../memory.example"));
    for (let i = 0; i < 400; i++) {
      await writeFile(
        path.join(root, `project_service-${i}.md`),
        `---\nname: Service ${i} deploy target\ndescription: Service ${i} deploys to region ${i % 7} on weekdays\ntype: project\n---\n\nService ${i} runs in region ${i % 7}.\n`,
      );
    }
    execFileSync(process.execPath, [BIN, "--week", "2026-W14", "--dir", root, "--quiet"], { env: { PATH: process.env.PATH }, stdio: "pipe" });
    const sublist = await readFile(path.join(root, "memory-index/project.md"), "utf8");
    expect(sublist.length).toBeGreaterThan(8_192);
    await writeFile(
      path.join(root, "2026-04-07.md"),
      "# 2026-04-07\n\n## Session 1 (09:00–10:00)\n\n- Decision: the billing service moves to region eu-central-1 next quarter, because the payment provider requires it.\n- Dana prefers release notes grouped by component.\n",
    );
    scanned.length = 0;
    const result = await (await Compactor.open({ dir: root, clock: () => new Date("2026-04-20T10:00:00Z") })).compactWeek("2026-W15");
    const rewritten = result.files.filter((file) => file.path.startsWith("memory-index/") && file.action !== "unchanged").map((file) => file.path);
    expect(rewritten).toContain("memory-index/project.md");
    expect(await readFile(path.join(root, "memory-index/project.md"), "utf8")).not.toBe(sublist);
    expect(scanned.filter((text) => text.length >= sublist.length / 2)).toEqual([]);
  });
});
