import { readdir, rm, symlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { Compactor } from "../../src/index.js";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

const EXAMPLE = fixture("../../memory.example");

async function compacted(): Promise<string> {
  const dir = await copyOf(EXAMPLE);
  expect((await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"])).code).toBe(0);
  return dir;
}

describe("compact search", () => {
  it("prints the ranked hits over topic files and weekly summaries as one JSON object", async () => {
    const dir = await compacted();
    const run = await runCli(["search", "postgres", "sync", "--dir", dir, "--json"]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    const found = JSON.parse(run.stdout);
    expect(Object.keys(found).sort()).toEqual(["command", "ok", "query", "results", "schemaVersion"]);
    expect(found).toMatchObject({ schemaVersion: 1, ok: true, command: "search", query: "postgres sync" });
    const types = new Set(found.results.map((hit: { type: string }) => hit.type));
    expect(types.has("weekly")).toBe(true);
    expect(types.has("project")).toBe(true);
    for (const hit of found.results) {
      expect(Object.keys(hit).sort()).toEqual(["description", "file", "name", "score", "snippet", "type"]);
      expect(hit.snippet.length).toBeGreaterThan(0);
    }
    const scores = found.results.map((hit: { score: number }) => hit.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it("finds a memory through a typo and another word form", async () => {
    const dir = await compacted();
    const exact = JSON.parse((await runCli(["search", "timezone", "--dir", dir, "--json"])).stdout).results;
    const typo = JSON.parse((await runCli(["search", "timezome", "--dir", dir, "--json"])).stdout).results;
    expect(exact.length).toBeGreaterThan(0);
    expect(typo[0].file).toBe(exact[0].file);
    const forms = JSON.parse((await runCli(["search", "deploying", "--dir", dir, "--json"])).stdout).results;
    expect(forms.map((hit: { file: string }) => hit.file)).toContain("weekly/2026-W14.md");
  });

  it("filters by --type and cuts at --limit", async () => {
    const dir = await compacted();
    const weekly = JSON.parse((await runCli(["search", "sync", "--type", "weekly", "--dir", dir, "--json"])).stdout).results;
    expect(weekly.map((hit: { file: string }) => hit.file)).toEqual(["weekly/2026-W14.md"]);
    const one = JSON.parse((await runCli(["search", "sync", "--limit", "1", "--dir", dir, "--json"])).stdout).results;
    expect(one).toHaveLength(1);
  });

  it("prints score, file, name and snippet for people, and says when nothing matched", async () => {
    const dir = await compacted();
    const run = await runCli(["search", "postgres", "--dir", dir]);
    expect(run.stdout).toMatch(/^\s+\d+\.\d\d {2}\S+\.md {2}.+\n {8}\S/);
    expect((await runCli(["search", "zzzqqq", "--dir", dir])).stdout).toBe('nothing found for "zzzqqq"\n');
  });

  it("shows a hit's file, name and text as two lines of text, whatever escape codes and line ends they hold", async () => {
    const dir = await compacted();
    const file = "project_\u001b]0;PWN\u0007tampered.md";
    await writeFile(
      path.join(dir, file),
      '---\nname: "Tampered\\e[2J\\nfake line \\u202eusers"\ndescription: "a hand-made memory"\ntype: project\n---\n\nZebrafish tampering \u001b[31mred\u001b[0m notes.\n',
    );
    const run = await runCli(["search", "zebrafish tampering", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    const hit = run.stdout.split("\n").findIndex((line) => line.includes("tampered.md"));
    expect(hit).toBeGreaterThanOrEqual(0);
    expect(run.stdout.split("\n")[hit]).toContain("project_\\u001b]0;PWN\\u0007tampered.md  Tampered\\u001b[2J fake line \\u202eusers");
    expect(run.stdout.split("\n")[hit + 1]).toMatch(/^ {8}.*Zebrafish/);
    const none = await runCli(["search", "zzz\u001b[2Jqqq", "--dir", dir]);
    expect(none.stdout).toBe('nothing found for "zzz\\u001b[2Jqqq"\n');
  });

  it("says which memory it left out and why: front matter that is not data, a file too large to read; not the links it passes by", async () => {
    const dir = await compacted();
    await writeFile(path.join(dir, "project_broken.md"), "---\nname: [unclosed\ndescription: x\n---\n\nBroken.\n");
    await writeFile(path.join(dir, "project_huge.md"), `---\nname: Huge\ndescription: too large\ntype: project\n---\n\n${"x".repeat(10 * 1048576 + 1)}\n`);
    await symlink("2026-03-30.md", path.join(dir, "project_alias.md"));
    const run = await runCli(["search", "postgres", "--dir", dir, "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const warnings = JSON.parse(run.stdout).warnings as { source: string; ruleId: string }[];
    expect(warnings.map((w) => `${w.source} ${w.ruleId}`).sort()).toEqual(["project_broken.md unreadable-frontmatter", "project_huge.md too-large"]);
  });

  it("refuses a missing query and an unknown type with a usage error", async () => {
    const dir = await compacted();
    const empty = await runCli(["search", "--dir", dir, "--json"]);
    expect(empty.code).toBe(2);
    expect(JSON.parse(empty.stdout)).toMatchObject({ schemaVersion: 1, ok: false, error: { code: "E_USAGE" } });
    expect((await runCli(["search", "x", "--type", "opinion", "--dir", dir])).code).toBe(2);
  });
});

describe("search after search in one process", () => {
  const handWritten = (body: string) => `---\nname: Hand notes\ndescription: kept by hand\ntype: reference\n---\n\n${body}\n`;
  // Files changed a moment ago are confirmed by their content, whatever their stat says: these are older.
  async function lastChangedAnHourAgo(dir: string): Promise<void> {
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const entry of await readdir(dir, { recursive: true })) if (entry.endsWith(".md")) await utimes(path.join(dir, entry), hourAgo, hourAgo);
  }

  it("reads again only the files that changed since the last search, and sees new and removed ones", async () => {
    const dir = await compacted();
    // Written by hand after the run: not in the cache the run saved.
    await writeFile(path.join(dir, "reference_hand-notes.md"), handWritten("The zeppelin hangar key is with the porter."));
    await lastChangedAnHourAgo(dir);
    const compactor = await Compactor.open({ dir, env: {} });
    const reads = vi.spyOn(compactor.dir, "readInput");
    // The memory files read; the tool's own state (the terms kept between searches) aside.
    const files = () => reads.mock.calls.map(([file]) => file).filter((file) => !file.startsWith(".compact/"));

    expect((await compactor.search("zeppelin")).results.map((hit) => hit.file)).toEqual(["reference_hand-notes.md"]);
    expect(files()).toContain("reference_hand-notes.md");
    reads.mockClear();
    expect((await compactor.search("zeppelin")).results.map((hit) => hit.file)).toEqual(["reference_hand-notes.md"]);
    expect(files()).toEqual([]);

    await writeFile(path.join(dir, "reference_hand-notes.md"), handWritten("The zeppelin hangar key moved to the night porter's desk."));
    await writeFile(path.join(dir, "reference_blimp.md"), handWritten("A blimp is not a zeppelin."));
    const found = await compactor.search("zeppelin night porter");
    expect(files().sort()).toEqual(["reference_blimp.md", "reference_hand-notes.md"]);
    expect(found.results[0]!.snippet).toContain("night porter");
    expect(found.results.map((hit) => hit.file)).toContain("reference_blimp.md");

    await rm(path.join(dir, "reference_blimp.md"));
    expect((await compactor.search("blimp")).results.map((hit) => hit.file)).not.toContain("reference_blimp.md");
    reads.mockRestore();
  });

  it("shares one read of the dir among searches at once: each read it on its own (50 at once over a year of memories: 15 s)", async () => {
    const dir = await compacted();
    const compactor = await Compactor.open({ dir, env: {} });
    const reads = vi.spyOn(compactor.dir, "readInput");
    const queries = ["postgres", "deploy", "staging", "sync"];
    const together = await Promise.all(queries.map((query) => compactor.search(query)));
    const files = reads.mock.calls.map(([file]) => file);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBe(new Set(files).size);
    for (const [i, query] of queries.entries()) expect(together[i]).toEqual(await compactor.search(query));
    reads.mockRestore();
  });

  it("stops a search whose signal is aborted while the dir is read (a server's client cancelled)", async () => {
    const compactor = await Compactor.open({ dir: await compacted(), env: {} });
    const stop = new AbortController();
    const cancelled = compactor.search("postgres", { signal: stop.signal });
    stop.abort(new Error("cancelled by the client"));
    await expect(cancelled).rejects.toThrow("cancelled by the client");
    expect((await compactor.search("postgres", { signal: new AbortController().signal })).results.length).toBeGreaterThan(0);
  });

  it("keeps redacting a secret written by hand, search after search", async () => {
    const dir = await compacted();
    const token = exampleSecret("ghp_", 36);
    await writeFile(path.join(dir, "reference_robot.md"), handWritten(`The robot account's github token is ${token}.`));
    // Old enough for its stat to vouch for it: the second search takes it from the first's read, not the file.
    await lastChangedAnHourAgo(dir);
    const compactor = await Compactor.open({ dir, env: {} });
    for (let i = 0; i < 3; i++) {
      const found = JSON.stringify(await compactor.search("robot account github token"));
      expect(found).toContain("reference_robot.md");
      expect(found).toContain("[REDACTED:github-token]");
      expect(found).not.toContain(token);
    }
  });
});
