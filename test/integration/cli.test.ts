import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MockMemoryModel } from "../../src/model/mock-model.js";
import { decodeKeptTerms } from "../../src/search/kept-terms.js";
import { MEMORY_TERMS_FILE } from "../../src/store/kept-terms-file.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const EXAMPLE = fixture("../../memory.example");

describe("compact --week", () => {
  it("compacts a week on the offline model and says so on stderr", async () => {
    const dir = await copyOf(EXAMPLE);
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "compact: no provider configured; using the built-in offline model (offline-extractive-1): extractive, deterministic, no network\n",
    );
    expect(run.stdout).toContain("created   weekly/2026-W14.md");
    expect(run.stdout).toContain("created   MEMORY.md");
    expect(run.stdout).toMatch(/2026-W14: \d+ memories accepted, 0 skipped; .* files written \(undo: compact undo 2026-04-06T10-00-00-000Z\)\n$/);
  });

  it("prints one JSON object with --json", async () => {
    const dir = await copyOf(EXAMPLE);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--json"]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      schemaVersion: 1,
      ok: true,
      command: "week",
      week: "2026-W14",
      dryRun: false,
      provider: "offline",
      model: "offline-extractive-1",
      redactions: { logs: 2, answer: 0 },
    });
    expect(report.files).toContainEqual({ path: "weekly/2026-W14.md", action: "create", role: "summary" });
    expect(report.memories.accepted.length).toBeGreaterThan(0);
    expect(report.memories.skipped).toEqual([]);
    expect(report.run).toBe("2026-04-06T10-00-00-000Z");
    expect(report.usage.inputTokens).toBeGreaterThan(0);
  });

  it("reports skipped candidates with reasons in --json", async () => {
    const dir = await copyOf(EXAMPLE);
    const answer = "## 2026-W14\n\n### Key Decisions\n- none\n\n```typed_memory\n---\nname: X\ndescription: y\ntype: opinion\n---\n\nz\n```\n";
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--json"], { createModel: () => new MockMemoryModel(answer) });
    expect(JSON.parse(run.stdout).memories.skipped).toEqual([
      { source: "answer block 1", reason: "type 'opinion' is not one of user, feedback, project, reference; block skipped" },
    ]);
    // And on stderr, as without --json.
    expect(run.stderr).toContain("skipped: answer block 1: type 'opinion' is not one of user, feedback, project, reference; block skipped\n");
  });

  it("writes nothing with --dry-run and prints what it would write", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--dry-run"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("would create weekly/2026-W14.md");
    expect(run.stdout).toContain("===== weekly/2026-W14.md (create) =====\n---\ntype: weekly\n");
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("says so and writes nothing for a week without logs", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W20", "--dir", dir, "--quiet"]);
    expect(run).toEqual({ code: 0, stdout: "", stderr: `compact: no daily logs for 2026-W20 (2026-05-11 … 2026-05-17) in ${dir}; nothing written\n` });
    const json = await runCli(["--week", "2026-W20", "--dir", dir, "--json"]);
    expect(JSON.parse(json.stdout)).toMatchObject({ schemaVersion: 1, ok: true, week: "2026-W20", logs: [], files: [] });
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("says why a week has no logs when its logs are named another way", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "2025_03_04.md"), "# 2025-03-04\n\n- Decided to keep UTC timestamps\n");
    const warning = "warning: 2025_03_04.md: a daily log's name starts with its date as 2025-03-04: not read (rename it 2025-03-04.md)";
    for (const args of [
      ["--week", "2025-W10"],
      ["--week", "2025-W10", "--dry-run"],
    ]) {
      const run = await runCli([...args, "--dir", dir]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.split("\n").filter((line) => line.startsWith("warning:"))).toEqual([warning]);
    }
    const json = await runCli(["--week", "2025-W10", "--dir", dir, "--json"]);
    expect(JSON.parse(json.stdout).warnings).toEqual([expect.objectContaining({ source: "2025_03_04.md", ruleId: "misnamed-log" })]);
  });

  it("fails with exit 1 and writes nothing when the answer stays unusable", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => new MockMemoryModel("no summary here") });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(
      /^compact: the mock model's answer has no summary in the expected format after one repair attempt: .* nothing written$/,
    );
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("uses the prompt files a config file points at", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, "my-prompts"));
    await writeFile(path.join(dir, "my-prompts/compact-system.md"), "Custom system.\n");
    await writeFile(path.join(dir, "my-prompts/compact-user.md"), "{daily_logs}\nWEEK {week_label}\n");
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ prompts: { dir: "my-prompts" } }));
    const model = new MockMemoryModel("## 2026-W14\n\n### Context\n- ok\n\nNONE\n");
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => model });
    expect(run.code).toBe(0);
    expect(model.calls[0]!.options.systemPrompt).toBe("Custom system.");
    expect(model.calls[0]!.prompt.endsWith("WEEK 2026-W14\n")).toBe(true);
  });

  it.each([
    [["--week", "2026-W99"], "compact: invalid week '2026-W99': 2026 has weeks W01 to W53\n"],
    [["--week", "2026-14"], "compact: invalid week '2026-14': expected the form YYYY-Www, e.g. 2026-W14\n"],
    [["--week", "2025-W53"], "compact: invalid week '2025-W53': 2025 has weeks W01 to W52\n"],
    [[], "compact: --week is required, e.g. --week 2026-W14 (see compact --help)\n"],
    [["--week"], "compact: --week needs a value (see compact --help)\n"],
    [["--week", "2026-W14", "--frobnicate"], "compact: unknown option '--frobnicate' (see compact --help)\n"],
    [["--week", "2026-W14", "extra"], "compact: unexpected argument 'extra' (see compact --help)\n"],
    [["--week", "2026-W14", "--provider", "gpt"], "compact: unknown provider 'gpt' in --provider (known: offline, anthropic, openai, ollama, replay)\n"],
  ])("exits 2 with one line for %j", async (argv, stderr) => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const run = await runCli([...argv, "--dir", dir]);
    expect(run).toEqual({ code: 2, stdout: "", stderr });
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("exits 2 for a memory dir that does not exist", async () => {
    const dir = path.join(await tempDir(), "nope");
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"]);
    expect(run).toEqual({ code: 2, stdout: "", stderr: `compact: memory directory '${dir}' does not exist\n` });
  });

  it("exits 2 for an option given twice with two values, or a run given to undo --list, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const twice = await runCli(["--week", "2026-W14", "--week", "2026-W15", "--dir", dir]);
    expect([twice.code, twice.stderr]).toEqual([2, "compact: --week is given twice, with different values (see compact --help)\n"]);
    const list = await runCli(["undo", "--list", "2026-04-06T10-00-00-000Z", "--dir", dir]);
    expect([list.code, list.stderr]).toEqual([
      2,
      "compact: undo --list lists every run; it takes no run '2026-04-06T10-00-00-000Z' (see compact undo --help)\n",
    ]);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("shows control characters an error names as escapes, on one line, and quotes nothing of a config that does not parse", async () => {
    // A config that does not parse is said by line and column; the control characters are in the folder's name.
    const dir = path.join(await tempDir(), "memory\u001b[2J\u0007");
    await cp(EXAMPLE, dir, { recursive: true });
    await writeFile(path.join(dir, "compact.config.json"), Buffer.from("\ufeff{ b\u0000\u001b[2J", "utf16le"));
    const run = await runCli(["status", "--dir", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^compact: \S+memory\\u001b\[2J\\u0007\/compact\.config\.json:1:1: not valid JSON: [^\\]*\n$/);
    expect(run.stderr.slice(0, -1)).not.toMatch(/[\u0000-\u001f]/);
  });

  it("shows control characters in a warning (a file name holding an escape sequence) as escapes", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "2026-02-30_\u001b[2J.md"), "- a note\n");
    const run = await runCli(["status", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: 2026-02-30_\\u001b[2J.md: 2026-02-30 is not a calendar date; file skipped\n");
    expect(run.stderr).not.toContain("\u001b");
  });

  it("says how many memories MEMORY.md lists itself when they outgrow it", async () => {
    const { buildIndex } = await import("../../src/memory/build-index.js");
    const dir = await tempDir();
    const topics = Array.from({ length: 400 }, (_, i) => ({
      file: `project_topic-${String(i).padStart(3, "0")}.md`,
      name: `Topic ${i}`,
      description: `what topic ${i} holds`,
      type: "project" as const,
      updated: `2026-03-${String((i % 28) + 1).padStart(2, "0")}`,
    }));
    for (const t of topics)
      await writeFile(
        path.join(dir, t.file),
        `---\nname: ${t.name}\ndescription: ${t.description}\ntype: project\nupdated: ${t.updated}\n---\n\nBody ${t.name}.\n`,
      );
    for (const file of buildIndex(topics, []).files) {
      await (await import("node:fs/promises")).mkdir(path.dirname(path.join(dir, file.path)), { recursive: true });
      await writeFile(path.join(dir, file.path), file.content);
    }
    const json = JSON.parse((await runCli(["status", "--dir", dir, "--json"])).stdout);
    expect(json.index.listable).toBe(400);
    expect(json.index.listed).toBeGreaterThan(100);
    expect(json.index.listed).toBeLessThan(400);
    const run = await runCli(["status", "--dir", dir]);
    expect(run.stdout).toContain(`; lists ${json.index.listed} of 400 memories itself (the rest through its full lists)\n`);
    // All listed: nothing to say.
    const small = await copyOf(EXAMPLE);
    await runCli(["--week", "2026-W14", "--dir", small, "--quiet"]);
    expect((await runCli(["status", "--dir", small])).stdout).not.toContain("memories itself");
  });

  it("exits 2 naming the file and key of a bad config", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { provider: "offline", temperature: "hot" } }));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `compact: ${path.join(dir, "compact.config.json")}: model.temperature: Invalid input: expected number, received string (given: "hot")\n`,
    );
  });

  it("refuses a model.timeoutMs no timer can hold, which Node would fire at once: every call 'timed out'", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { provider: "offline", timeoutMs: 3_000_000_000 } }));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `compact: ${path.join(dir, "compact.config.json")}: model.timeoutMs: Too big: expected number to be <=2147483647 (given: 3000000000)\n`,
    );
  });

  it("prints help and version", async () => {
    const help = await runCli(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: compact --week YYYY-Www [options]");
    for (const flag of ["--dir", "--provider", "--model", "--config", "--dry-run", "--json", "--quiet", "--version"]) expect(help.stdout).toContain(flag);
    const version = await runCli(["-v"]);
    expect(version).toEqual({ code: 0, stdout: "0.1.0\n", stderr: "" });
  });

  it("says an internal error in one line, and prints its stack only with --debug or DEBUG=compact", async () => {
    const dir = await copyOf(EXAMPLE);
    // A bug of compact's own (a model's failure is the provider's, E_PROVIDER): here, building the model.
    const boom = {
      createModel: (): MockMemoryModel => {
        throw new TypeError("boom");
      },
    };
    const run = await runCli(["--week", "2026-W14", "--dir", dir], boom);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe("compact: internal error: boom — please report it (run with --debug for details)");
    expect(run.stderr).not.toContain("    at ");
    for (const debug of [
      await runCli(["--week", "2026-W14", "--dir", dir, "--debug"], boom),
      await runCli(["--week", "2026-W14", "--dir", dir], { ...boom, env: { DEBUG: "compact" } }),
    ]) {
      expect(debug.code).toBe(1);
      expect(debug.stderr).toContain("TypeError: boom\n    at ");
    }
  });
});

describe("traceability", () => {
  const untraceable =
    "## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres 16 on Neon for the sync service.\n\n### Outcomes\n- Bought a pony named Lightning for the office.\n\n```typed_memory\n---\nname: Office pet\ndescription: Lightning the pony\ntype: user\n---\n\nLightning the pony lives in the office.\n```\n";

  it("warns about summary bullets and memories that trace to no entry", async () => {
    const dir = await copyOf(EXAMPLE);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--json"], { createModel: () => new MockMemoryModel(untraceable) });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.warnings.map((w: { source: string; message: string }) => `${w.source}: ${w.message}`)).toEqual([
      'summary: Outcomes bullet 1: matches no daily entry: "Bought a pony named Lightning for the office."',
      "answer block 1: memory 'Office pet' matches no daily entry",
    ]);
    expect(report.trace).toEqual({ "Key Decisions": ["2026-03-30.md#L3-L7", "2026-03-30.md#L9-L13"] });
    // Warnings go to stderr with --json too; stdout holds the one object.
    expect(run.stderr).toContain("warning: answer block 1: memory 'Office pet' matches no daily entry\n");
  });

  it("fails with --strict and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--strict"], { createModel: () => new MockMemoryModel(untraceable) });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      'compact: --strict: 2 summary bullet(s) or memories trace to no daily entry (first: summary: Outcomes bullet 1: matches no daily entry: "Bought a pony named Lightning for the office."); nothing written',
    );
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("passes --strict when everything traces", async () => {
    const dir = await copyOf(EXAMPLE);
    expect((await runCli(["--week", "2026-W14", "--dir", dir, "--strict", "--quiet"])).code).toBe(0);
  });
});

describe("compact golden", () => {
  it("passes unchanged cases, fails a changed one with the first difference, and --update rewrites it", async () => {
    const root = await tempDir();
    const { cp, readFile } = await import("node:fs/promises");
    await cp(fixture("../golden/none-answer"), path.join(root, "none-answer"), { recursive: true });
    await writeFile(path.join(root, "none-answer/case.json"), JSON.stringify({ week: "2026-W14", input: fixture("../../memory.example") }));
    const ok = await runCli(["golden", root]);
    expect(ok).toEqual({ code: 0, stdout: "ok      none-answer\n1 passed, 0 failed\n", stderr: "" });

    const weekly = path.join(root, "none-answer/expected/weekly/2026-W14.md");
    await writeFile(weekly, (await readFile(weekly, "utf8")).replace("Neon connection limit", "Neon connection LIMIT"));
    const failed = await runCli(["golden", root]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(
      /^FAIL {4}none-answer\n {2}weekly\/2026-W14\.md: differs at line \d+: expected "- 2026-04-03: Neon connection LIMIT on staging\.", got "- 2026-04-03: Neon connection limit on staging\."\n0 passed, 1 failed\n$/,
    );

    expect((await runCli(["golden", root, "--update"])).code).toBe(0);
    expect((await runCli(["golden", root, "--quiet"])).code).toBe(0);
  });
});

describe("compact --week and existing memories", () => {
  const answer = [
    "## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres 16 on Neon for the sync service.\n",
    "```typed_memory\n---\nname: Postgres for the sync service\ndescription: Sync service database is Postgres 16 on Neon, same project as billing\ntype: project\n---\n\nSync service database is Postgres 16 on Neon, in the same Neon project as billing.\n```\n",
    "```typed_memory\n---\nname: API deploy target\ndescription: The API is deployed to Vercel\ntype: project\n---\n\nDeploy the API to Vercel from the main branch.\n```\n",
  ].join("\n");

  async function withMemories() {
    const dir = await copyOf(EXAMPLE);
    const { cp } = await import("node:fs/promises");
    for (const file of ["project_sync-service-database.md", "project_deploy-target-ecs.md"]) await cp(fixture("consolidation", file), path.join(dir, file));
    return dir;
  }

  it("merges a new memory into an existing near-duplicate, journaled, and warns about a contradiction", async () => {
    const dir = await withMemories();
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => new MockMemoryModel(answer) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "merged    project_postgres-for-the-sync-service into project_sync-service-database (undo: compact undo 2026-04-06T10-00-00-000Z)\n",
    );
    expect(run.stderr).toContain(
      'warning: consolidation: [project_deploy-target-ecs] vs [project_api-deploy-target] — "Deploy target": run compact consolidate to resolve\n',
    );
    const { readdir, readFile } = await import("node:fs/promises");
    expect(await readdir(dir)).not.toContain("project_postgres-for-the-sync-service.md");
    expect(await readFile(path.join(dir, "project_sync-service-database.md"), "utf8")).toContain("in the same Neon project as billing");
    expect(await readdir(dir)).toContain("project_deploy-target-ecs.md");
  });

  it("skips under another run's live lock, writing nothing", async () => {
    const dir = await withMemories();
    const { mkdir } = await import("node:fs/promises");
    await mkdir(path.join(dir, ".compact"));
    await writeFile(
      path.join(dir, ".compact/lock"),
      JSON.stringify({ pid: process.pid, host: (await import("node:os")).hostname(), startedAt: new Date().toISOString(), command: "compact --auto" }),
    );
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"]);
    expect(run).toEqual({ code: 0, stdout: "Another run in progress — skipping.\n", stderr: "" });
    expect(await snapshotDir(dir)).toEqual(before);
  });
});

describe("the agents layout (seed 001)", () => {
  it("is not read into a dir of the default layout by a topics/ folder made there", async () => {
    const dir = await copyOf(EXAMPLE);
    const { mkdir, readdir } = await import("node:fs/promises");
    expect((await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"])).code).toBe(0);
    await mkdir(path.join(dir, "topics"));
    // The user's files; compact's own caches may be saved anew.
    const before = await snapshotDir(dir, { state: false });
    const status = await runCli(["status", "--dir", dir, "--json"]);
    expect(JSON.parse(status.stdout)).toMatchObject({ layout: { name: "default" } });
    const again = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(await snapshotDir(dir, { state: false })).toEqual(before);
    expect(await readdir(path.join(dir, "topics"))).toEqual([]);
  });

  it("is detected from .agents and keeps logs/, topics/, local.md and .consolidation-lock", async () => {
    const root = await tempDir();
    const dir = path.join(root, ".agents");
    const { cp, mkdir, readdir, readFile } = await import("node:fs/promises");
    await mkdir(path.join(dir, "logs"), { recursive: true });
    for (const file of ["2026-03-30.md", "2026-03-31.md", "2026-04-01.md"]) await cp(path.join(EXAMPLE, file), path.join(dir, "logs", file));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect((await readdir(dir)).sort()).toEqual([".compact", "local.md", "logs", "topics", "weekly"]);
    expect((await readdir(path.join(dir, ".compact"))).sort()).toEqual(["journal", "memory-terms.bin", "snapshot-cache.json"]);
    const topics = await readdir(path.join(dir, "topics"));
    expect(topics.length).toBeGreaterThan(2);
    // The snapshot cache vouches for the topics under their paths in topics/: each one's terms are kept.
    const kept = decodeKeptTerms(await readFile(path.join(dir, MEMORY_TERMS_FILE)));
    expect([...kept!.documents.keys()].sort()).toEqual(topics.map((topic) => topic.replace(/\.md$/, "")).sort());
    const index = await readFile(path.join(dir, "local.md"), "utf8");
    for (const topic of topics) expect(index).toContain(`](topics/${topic})`);

    const lock = path.join(dir, ".consolidation-lock");
    await writeFile(lock, JSON.stringify({ pid: process.pid, host: (await import("node:os")).hostname(), startedAt: new Date().toISOString(), command: "x" }));
    expect((await runCli(["consolidate", "--dir", dir, "--auto"])).stdout).toBe("Another run in progress — skipping.\n");
    await (await import("node:fs/promises")).rm(lock);
    expect((await runCli(["consolidate", "--dir", dir, "--auto"])).stdout).toMatch(/^\[compact --auto\] dir=.* merged=\d+ pruned=0 conflicts_skipped=\d+\n$/);
  });
});
