import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { memoryId } from "../../src/memory/memory.js";
import { RunMemories } from "../../src/pipeline/run-memories.js";
import { Bm25Index } from "../../src/search/bm25.js";
import { decodeKeptTerms, encodeKeptTerms } from "../../src/search/kept-terms.js";
import { MEMORY_TERMS_FILE, SEARCH_TERMS_FILE } from "../../src/store/kept-terms-file.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { readSnapshot } from "../../src/store/snapshot.js";
import { SNAPSHOT_CACHE_FILE } from "../../src/store/snapshot-cache.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const EXAMPLE = fixture("../../memory.example");
const handWritten = (name: string, body: string) => `---\nname: ${name}\ndescription: kept by hand\ntype: reference\n---\n\n${body}\n`;

async function compacted(): Promise<string> {
  const dir = await copyOf(EXAMPLE);
  expect((await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"])).code).toBe(0);
  return dir;
}

async function kept(dir: string, file: string) {
  return decodeKeptTerms(await readFile(path.join(dir, file)));
}

describe("terms kept between runs", () => {
  it("a week compacted from the terms the last run kept writes what it writes reading every memory", async () => {
    const withTerms = await compacted();
    const without = await compacted();
    const terms = await kept(withTerms, MEMORY_TERMS_FILE);
    expect(terms?.documents.size).toBeGreaterThan(3);
    await rm(path.join(without, MEMORY_TERMS_FILE));

    const counted = vi.spyOn(Bm25Index.prototype, "addCounted");
    expect((await runCli(["--week", "2026-W14", "--dir", withTerms, "--quiet"])).code).toBe(0);
    expect(counted.mock.results.filter((result) => result.value === true).length).toBe(terms!.documents.size);
    counted.mockClear();
    expect((await runCli(["--week", "2026-W14", "--dir", without, "--quiet"])).code).toBe(0);
    expect(counted).not.toHaveBeenCalled();
    counted.mockRestore();
    expect(await snapshotDir(withTerms, { state: false })).toEqual(await snapshotDir(without, { state: false }));
    // The second run kept terms too, for the run after it.
    expect((await kept(without, MEMORY_TERMS_FILE))?.documents.size).toBeGreaterThan(3);
  });

  it("an --auto run keeps the terms of every memory as its weeks left them", async () => {
    const root = await tempDir();
    // Three weeks that come back to the same decisions and lessons: their memories learn lines week after week.
    const days = ["2026-03-02", "2026-03-10", "2026-03-17"];
    for (const [i, day] of days.entries()) {
      await writeFile(
        path.join(root, `${day}.md`),
        [
          `# ${day}`,
          "",
          "## [11:20] 🔷 decision: Use Postgres for the sync service",
          "",
          `**Decision:** Postgres 16 on Neon for the sync service, round ${i + 1}: ${["three writers", "managed backups", "branching for tests"][i]}.`,
          // Long enough for its language to be settled: the lines it learns later are read alone.
          ...(i === 0
            ? Array.from({ length: 70 }, (_, n) => `- Writer ${n}: the sync service keeps its writers on Postgres, which SQLite would queue behind one lock.`)
            : []),
          "",
          "## [16:45] 💡 lesson: Run migrations against a Neon branch first",
          "",
          `A migration locked \`changesets\` for ${i + 3} minutes on the shared dev database; ${["Dana was testing", "the deploy waited", "billing stalled"][i]}.`,
          "",
          `## [17:00] ⚙️ implementation: ${["Drizzle migrations", "Device table indexes", "Changeset compaction job"][i]}`,
          "",
          `Set up ${["drizzle-kit in services/sync", "an index on devices.owner", "a nightly job folding old changesets"][i]}.`,
          "",
        ].join("\n"),
      );
    }
    const appended = vi.spyOn(Bm25Index.prototype, "append");
    const run = await runCli(["--auto", "--dir", root, "--quiet"], { clock: () => new Date("2026-03-25T10:00:00.000Z") });
    expect(run.code, run.stderr).toBe(0);
    expect(appended.mock.results.some((result) => result.value === true)).toBe(true);
    appended.mockRestore();
    const terms = (await kept(root, MEMORY_TERMS_FILE))!;
    const { memories } = await readSnapshot(await MemoryDir.open(root));
    expect(memories.length).toBeGreaterThan(1);
    // Counted from an index kept up to date week by week (a memory that grew had only its new lines read).
    const counted = vi.spyOn(Bm25Index.prototype, "addCounted");
    const fromKept = new RunMemories(memories, terms);
    expect(counted.mock.results.filter((result) => result.value === true)).toHaveLength(memories.length);
    counted.mockRestore();
    const fromText = new RunMemories(memories);
    const sorted = (set: Iterable<string> | undefined) => [...(set ?? [])].sort();
    for (const memory of memories) expect(sorted(fromKept.index.termSet(memoryId(memory)))).toEqual(sorted(fromText.index.termSet(memoryId(memory))));
  });

  it("keeps no term of a secret written into a memory by hand, in a run's terms or a search's", async () => {
    const dir = await compacted();
    const secret = exampleSecret("ghp_", 36);
    await writeFile(path.join(dir, "reference_hand-keys.md"), handWritten("Hand keys", `The zeppelin deploy token is ${secret} for now.`));
    expect((await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"])).code).toBe(0);
    expect((await runCli(["search", "zeppelin", "--dir", dir, "--json"])).code).toBe(0);
    for (const file of [MEMORY_TERMS_FILE, SEARCH_TERMS_FILE]) {
      const bytes = (await readFile(path.join(dir, file))).toString("latin1").toLowerCase();
      expect(bytes).not.toContain(secret.toLowerCase());
      expect(bytes).not.toContain(secret.slice(4).toLowerCase());
      expect((await kept(dir, file))?.documents.size).toBeGreaterThan(3);
    }
    // Search still finds the memory by its other words.
    const found = JSON.parse((await runCli(["search", "zeppelin", "--dir", dir, "--json"])).stdout);
    expect(found.results.map((hit: { file: string }) => hit.file)).toContain("reference_hand-keys.md");
    expect((await kept(dir, SEARCH_TERMS_FILE))?.documents.has("reference_hand-keys.md")).toBe(true);
  });

  it("keeps no term of a secret a YAML escape spells only in the parse, in a memory the snapshot cache keeps unparsed", async () => {
    const dir = await compacted();
    const secret = exampleSecret("ghp_", 36);
    // `.inf` is no JSON value: the cache keeps this memory's text, not its parse, and its text shows no key.
    await writeFile(
      path.join(dir, "reference_hand-keys.md"),
      `---\nname: Hand keys\ndescription: "zeppelin token ${secret.replace("_", "\\x5F")}"\ntype: reference\nweight: .inf\n---\n\nThe zeppelin deploy.\n`,
    );
    expect((await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"])).code).toBe(0);
    const search = await runCli(["search", "zeppelin", "--dir", dir, "--json"]);
    expect(search.code).toBe(0);
    expect(JSON.parse(search.stdout).results.map((hit: { file: string }) => hit.file)).toContain("reference_hand-keys.md");
    expect(search.stdout).not.toContain(secret.slice(4));
    for (const file of [MEMORY_TERMS_FILE, SEARCH_TERMS_FILE, SNAPSHOT_CACHE_FILE]) {
      const bytes = (await readFile(path.join(dir, file))).toString("latin1").toLowerCase();
      expect(bytes, file).not.toContain(secret.slice(4).toLowerCase());
    }
    expect((await kept(dir, MEMORY_TERMS_FILE))?.documents.size).toBeGreaterThan(3);
  });

  it("a search keeps terms only in a dir a run has worked in", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "reference_hand-notes.md"), handWritten("Hand notes", "The zeppelin hangar key is with the porter."));
    const run = await runCli(["search", "zeppelin", "--dir", dir, "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).results).toHaveLength(1);
    expect(existsSync(path.join(dir, ".compact"))).toBe(false);
  });

  it("a search past a terms file whose vocabulary names a term twice answers as one reading every text", async () => {
    const dir = await compacted();
    // Each search as another process would make it: one process reuses the index it built last.
    const search = async () => {
      vi.resetModules();
      const { runCli: freshCli } = await import("../helpers/run-cli.js");
      const run = await freshCli(["search", "postgres deploy", "--dir", dir, "--json"]);
      expect(run.code, run.stderr).toBe(0);
      return JSON.parse(run.stdout).results;
    };
    try {
      const expected = await search();
      expect(expected.length).toBeGreaterThan(0);
      const terms = (await kept(dir, SEARCH_TERMS_FILE))!;
      // Every number names one term: each document's terms, as the index would hold them, name it again and again.
      const first = terms.vocabulary[0]!;
      await writeFile(path.join(dir, SEARCH_TERMS_FILE), encodeKeptTerms({ ...terms, vocabulary: terms.vocabulary.map(() => first) }));
      expect(await search()).toEqual(expected);
    } finally {
      // The searches after this one start afresh too: the index of this dir's texts is not theirs to reuse.
      vi.resetModules();
    }
  });

  it("a search past a damaged terms file answers from the texts, and keeps good terms again", async () => {
    const dir = await compacted();
    expect((await runCli(["search", "postgres", "--dir", dir, "--json"])).code).toBe(0);
    expect((await kept(dir, SEARCH_TERMS_FILE))?.documents.size).toBeGreaterThan(3);
    await writeFile(path.join(dir, SEARCH_TERMS_FILE), Buffer.from("compact-terms 1\n\xff\xff\xff\x7fgarbage", "latin1"));
    // A memory changed by hand: the search builds its index again, past the damaged file.
    await writeFile(path.join(dir, "reference_hand-notes.md"), handWritten("Hand notes", "The zeppelin hangar key is with the porter."));
    const found = await runCli(["search", "zeppelin", "--dir", dir, "--json"]);
    expect(found.code).toBe(0);
    expect(JSON.parse(found.stdout).results.map((hit: { file: string }) => hit.file)).toEqual(["reference_hand-notes.md"]);
    expect((await kept(dir, SEARCH_TERMS_FILE))?.documents.has("reference_hand-notes.md")).toBe(true);
  });
});
