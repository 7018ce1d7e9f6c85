import { execFileSync, spawn } from "node:child_process";
import { closeSync, constants, openSync } from "node:fs";
import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { MockMemoryModel } from "../../src/model/mock-model.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const EXAMPLE = fixture("../../memory.example");
const CONSOLIDATION = fixture("consolidation");
const SUMMARY =
  "---\ntype: weekly\n---\n\n## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres 16 on Neon for the sync service.\n\n### Outcomes\n- None.\n\n### Blockers & Open Items\n- None.\n\n### Context\n- None.\n";
const block = (frontmatter: string, body = "Postgres 16 on Neon for the sync service.") => `\`\`\`typed_memory\n${frontmatter}\n\n${body}\n\`\`\`\n`;

declare global {
  var __compactPwned: string[] | undefined;
}

// Each payload would record its language if it ever ran.
const payload = (language: string) => `globalThis.__compactPwned = [...(globalThis.__compactPwned ?? []), ${JSON.stringify(language)}]`;
const HOSTILE_FRONTMATTER: [string, string][] = [
  ["js", `---js\n${payload("js")}\n---\n`],
  ["javascript", `---javascript\n${payload("javascript")}\n---\n`],
  ["coffee", `---coffee\n${payload("coffee")}\n---\n`],
  ["toml", '---toml\nname = "x"\ntype = "project"\n---\n'],
  ["broken json", '---json\n{ "name": "x", "type": \n---\n'],
];

afterEach(() => {
  globalThis.__compactPwned = undefined;
});

function expectNothingRan() {
  expect(globalThis.__compactPwned).toBeUndefined();
}

describe("front matter is data, never code", () => {
  describe.each(HOSTILE_FRONTMATTER)("---%s", (language, frontmatter) => {
    const marker = language === "broken json" ? "not valid JSON" : `marked '${language}' is not read`;

    it.each([["status"], ["--week"], ["--auto"], ["consolidate"]])(
      "in a topic file, read by %s: one warning, the file untouched, the run goes on",
      async (command) => {
        const dir = await copyOf(EXAMPLE);
        const file = path.join(dir, "project_hostile.md");
        const text = `${frontmatter}\nA memory whose front matter is not data.\n`;
        await writeFile(file, text);
        const argv =
          command === "--week"
            ? ["--week", "2026-W14"]
            : command === "--auto"
              ? ["--auto", "--force"]
              : command === "consolidate"
                ? ["consolidate", "--yes"]
                : ["status"];
        const run = await runCli([...argv, "--dir", dir], { clock: () => new Date("2026-04-08T10:00:00Z") });
        expect(run.code, run.stderr).toBe(0);
        expectNothingRan();
        expect(`${run.stdout}${run.stderr}`).toContain("project_hostile.md");
        expect(`${run.stdout}${run.stderr}`).toContain(marker);
        expect(await readFile(file, "utf8")).toBe(text);
      },
    );

    it("in a weekly summary file: left as it is, the week's memories still written", async () => {
      const dir = await copyOf(EXAMPLE);
      await mkdir(path.join(dir, "weekly"));
      const text = `${frontmatter}\n## 2026-W14\n`;
      await writeFile(path.join(dir, "weekly/2026-W14.md"), text);
      const run = await runCli(["--week", "2026-W14", "--dir", dir]);
      expect(run.code, run.stderr).toBe(0);
      expectNothingRan();
      expect(run.stderr).toContain(`warning: weekly/2026-W14.md: `);
      expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toBe(text);
      expect((await readdir(dir)).some((f) => f.startsWith("project_"))).toBe(true);
      const status = await runCli(["status", "--dir", dir, "--json"], { clock: () => new Date("2026-04-20T10:00:00Z") });
      expect(JSON.parse(status.stdout).weeks.unreadable).toEqual(["2026-W14"]);
    });

    it("in a daily log: one warning naming the log, its text still read", async () => {
      const dir = await tempDir();
      await writeFile(path.join(dir, "2026-03-30.md"), `${frontmatter}\n## [10:00] decision: Use Postgres for the sync service\n\nDecided on Postgres 16.\n`);
      const model = new MockMemoryModel(`${SUMMARY}\nNONE\n`);
      const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => model });
      expect(run.code, run.stderr).toBe(0);
      expectNothingRan();
      expect(run.stderr).toContain("warning: 2026-03-30.md:1: front matter");
      expect(model.calls[0]!.prompt).toContain("Decided on Postgres 16.");
    });

    it("in a model's typed_memory block: the block is refused, nothing of it written", async () => {
      const dir = await copyOf(EXAMPLE);
      const answer = `${SUMMARY}\n${block(frontmatter.trimEnd())}\n${block("---\nname: Sync database\ndescription: Postgres for sync\ntype: project\n---")}`;
      const run = await runCli(["--week", "2026-W14", "--dir", dir, "--json"], { createModel: () => new MockMemoryModel(answer) });
      expect(run.code, run.stderr).toBe(0);
      expectNothingRan();
      const report = JSON.parse(run.stdout);
      expect(report.memories.skipped).toEqual([{ source: "answer block 1", reason: expect.stringContaining("block skipped") }]);
      expect(report.memories.accepted.map((m: { name: string }) => m.name)).toEqual(["Sync database"]);
    });

    it("in a replayed cassette's answer: the block is refused as well", async () => {
      const dir = await copyOf(EXAMPLE);
      const cassettes = await tempDir();
      const answer = `${SUMMARY}\n${block(frontmatter.trimEnd())}`;
      expect(
        (await runCli(["--week", "2026-W14", "--dir", dir, "--record", cassettes], { createModel: () => new MockMemoryModel(answer, "recorded") })).code,
      ).toBe(0);
      const replayDir = await copyOf(EXAMPLE);
      const run = await runCli(["--week", "2026-W14", "--dir", replayDir, "--replay", cassettes, "--json"]);
      expect(run.code, run.stderr).toBe(0);
      expectNothingRan();
      expect(JSON.parse(run.stdout).memories.skipped).toHaveLength(1);
    });
  });

  it("reads ---json front matter as data", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(
      path.join(dir, "project_json.md"),
      '---json\n{ "name": "Deploy target", "description": "Where the API runs", "type": "project" }\n---\n\nThe API runs on Vercel.\n',
    );
    const run = await runCli(["status", "--dir", dir, "--json"]);
    expect(JSON.parse(run.stdout).memories.byType).toEqual({ project: 1 });
  });

  it.each([
    ['"; rm -rf /"', "type '; rm -rf /' is not a type's name (such as user, feedback, project, reference); file left as it is"],
    ["[user, project]", 'type ["user","project"] is not a type\'s name (such as user, feedback, project, reference); file left as it is'],
  ])("reads a memory of type %s as no memory: one warning, never indexed, merged or moved", async (type, warning) => {
    const dir = await copyOf(EXAMPLE);
    const file = path.join(dir, "project_odd.md");
    const text = `---\nname: Use Postgres for the sync service\ndescription: Postgres for sync\ntype: ${type}\n---\n\nDecided on Postgres 16.\n`;
    await writeFile(file, text);
    const run = await runCli(["--auto", "--force", "--dir", dir], { clock: () => new Date("2026-04-08T10:00:00Z") });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.split("\n").filter((line) => line.includes("project_odd.md"))).toEqual([`warning: project_odd.md: ${warning}`]);
    expect(await readFile(file, "utf8")).toBe(text);
    expect(await readFile(path.join(dir, "MEMORY.md"), "utf8")).not.toContain("project_odd");
    const status = JSON.parse((await runCli(["status", "--dir", dir, "--json"])).stdout);
    expect(Object.keys(status.memories.byType).sort()).toEqual(["feedback", "project", "reference", "user"]);
  });
});

describe("the memory dir is a jail", () => {
  async function outside(content = "outside\n") {
    const dir = await tempDir();
    const file = path.join(dir, "outside.md");
    await writeFile(file, content);
    return { dir, file };
  }

  it("refuses to write through a topic file that is a symlink, naming it, and changes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const target = await outside();
    await symlink(target.file, path.join(dir, "project_sync-database.md"));
    const before = await snapshotDir(dir);
    const answer = `${SUMMARY}\n${block("---\nname: Sync database\ndescription: Postgres for sync\ntype: project\n---")}`;
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => new MockMemoryModel(answer) });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      "compact: refusing to write project_sync-database.md: project_sync-database.md is a symbolic link; nothing changed",
    );
    expect(await readFile(target.file, "utf8")).toBe("outside\n");
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("refuses to write into a weekly/ folder that is a symlink", async () => {
    const dir = await copyOf(EXAMPLE);
    const target = await tempDir();
    await symlink(target, path.join(dir, "weekly"));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe("compact: refusing to write weekly/2026-W14.md: weekly is a symbolic link; nothing changed");
    expect(await readdir(target)).toEqual([]);
  });

  it("refuses to replace a MEMORY.md that is a symlink", async () => {
    const dir = await copyOf(EXAMPLE);
    const target = await outside("# someone else's index\n");
    await symlink(target.file, path.join(dir, "MEMORY.md"));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("refusing to write MEMORY.md: MEMORY.md is a symbolic link");
    expect(await readFile(target.file, "utf8")).toBe("# someone else's index\n");
  });

  it("refuses to keep its state in a .compact that is a symlink", async () => {
    const dir = await copyOf(EXAMPLE);
    const target = await tempDir();
    await symlink(target, path.join(dir, ".compact"));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("refusing to write .compact/lock: .compact is a symbolic link");
    expect(await readdir(target)).toEqual([]);
  });

  it("skips, with a warning, a daily log that links out of the memory dir, and never sends its text", async () => {
    const dir = await copyOf(EXAMPLE);
    const target = await outside("## [10:00] note: the root password is in /etc/shadow-copy\n");
    await symlink(target.file, path.join(dir, "2026-03-31-linked.md"));
    const model = new MockMemoryModel(`${SUMMARY}\nNONE\n`);
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => model });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: 2026-03-31-linked.md: a symbolic link whose real path is outside the memory directory; skipped");
    expect(model.calls[0]!.prompt).not.toContain("shadow-copy");
  });

  it("reads a daily log that links to a file inside the memory dir", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, "notes"));
    await writeFile(path.join(dir, "notes/monday.md"), "## [10:00] decision: linked inside\n");
    await symlink(path.join(dir, "notes/monday.md"), path.join(dir, "2026-03-30-linked.md"));
    const model = new MockMemoryModel(`${SUMMARY}\nNONE\n`);
    expect((await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => model })).code).toBe(0);
    expect(model.calls[0]!.prompt).toContain("linked inside");
  });

  it("never reads a FIFO or a device, and does not hang on one", async () => {
    const dir = await copyOf(EXAMPLE);
    execFileSync("mkfifo", [path.join(dir, "2026-03-31-pipe.md")]);
    await symlink("/dev/zero", path.join(dir, "2026-04-01-zero.md"));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: 2026-03-31-pipe.md: not a regular file (a FIFO, socket or device); skipped");
    expect(run.stderr).toContain("warning: 2026-04-01-zero.md: a symbolic link whose real path is outside the memory directory; skipped");
  });

  it("never reads a config file that is a FIFO or a device: one line, exit 2, no hang", async () => {
    for (const [name, make] of [
      ["compact.config.json", (file: string) => execFileSync("mkfifo", [file])],
      [".compactrc", (file: string) => symlink("/dev/zero", file)],
    ] as const) {
      const dir = await copyOf(EXAMPLE);
      await make(path.join(dir, name));
      // Listed, not read: reading the FIFO here would hang the test.
      const before = await readdir(dir, { recursive: true });
      const run = await runCli(["--week", "2026-W14", "--dir", dir]);
      expect(run).toEqual({ code: 2, stdout: "", stderr: `compact: ${path.join(dir, name)}: cannot read config (not a regular file)\n` });
      expect(await readdir(dir, { recursive: true })).toEqual(before);
    }
    const dir = await copyOf(EXAMPLE);
    expect((await runCli(["--week", "2026-W14", "--dir", dir, "--config", "/dev/zero"])).stderr).toBe(
      "compact: /dev/zero: cannot read config (not a regular file)\n",
    );
  });

  it("never runs a config file that is code named by --config: one line, exit 2, nothing changed", async () => {
    for (const extension of [".js", ".mjs", ".cjs", ".ts"]) {
      const dir = await copyOf(EXAMPLE);
      const config = path.join(dir, `compact.config${extension}`);
      const code = extension === ".mjs" ? `${payload(extension)}; export default {};` : `${payload(extension)}; module.exports = {};`;
      await writeFile(config, code);
      const before = await snapshotDir(dir);
      const run = await runCli(["status", "--dir", dir, "--config", config]);
      expectNothingRan();
      expect(run).toEqual({
        code: 2,
        stdout: "",
        stderr: `compact: ${config}: a config file is JSON or YAML (.json, .yaml, .yml), never code: not read\n`,
      });
      expect(await snapshotDir(dir)).toEqual(before);
    }
  });

  it("a config's YAML tag is refused in one line, never a Node warning; its aliases cannot blow up", async () => {
    for (const [text, said] of [
      ['model:\n  provider: !!js/function "function () {}"\n', ":2:13: not valid YAML: a tag (!!…) the core schema does not know"],
      [
        `a: &a [${'"lol",'.repeat(9)}]\n${["b", "c", "d", "e", "f"].map((key, i) => `${key}: &${key} [${`*${"abcdef"[i]},`.repeat(9)}]`).join("\n")}\n`,
        ": not valid YAML: more aliases than the 100 a config may use, as in a resource exhaustion attack",
      ],
    ] as const) {
      const dir = await copyOf(EXAMPLE);
      const config = path.join(dir, "compact.config.yaml");
      await writeFile(config, text);
      const warnings: unknown[] = [];
      const onWarning = (warning: unknown) => warnings.push(warning);
      process.on("warning", onWarning);
      const run = await runCli(["status", "--dir", dir]).finally(() => process.off("warning", onWarning));
      expect(run).toEqual({ code: 2, stdout: "", stderr: `compact: ${config}${said}\n` });
      expect(warnings).toEqual([]);
    }
  });

  it("works when --dir is itself a symlink, writing inside its real directory", async () => {
    const real = await copyOf(EXAMPLE);
    const link = path.join(await tempDir(), "memory-link");
    await symlink(real, link);
    const run = await runCli(["--week", "2026-W14", "--dir", link]);
    expect(run.code, run.stderr).toBe(0);
    expect(await readdir(path.join(real, "weekly"))).toEqual(["2026-W14.md"]);
  });
});

describe("links beside the memories", () => {
  it("reads no memory through a link, warning of one named as a memory and leaving another alone", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "CLAUDE.md"), "# Agents\nBe nice.\n");
    await symlink("CLAUDE.md", path.join(dir, "AGENTS.md"));
    const memory = (await readdir(dir)).find((name) => /^(user|feedback|project|reference)_.*\.md$/.test(name));
    const before = await runCli(["status", "--dir", dir, "--json"]);
    if (memory) await symlink(memory, path.join(dir, `project_second-name.md`));
    else await symlink("CLAUDE.md", path.join(dir, "project_second-name.md"));
    const run = await runCli(["status", "--dir", dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain("AGENTS.md");
    expect(run.stderr).toContain("warning: project_second-name.md: a symbolic link to ");
    const after = await runCli(["status", "--dir", dir, "--json"]);
    expect(JSON.parse(after.stdout).memories).toEqual(JSON.parse(before.stdout).memories);
  });
});

describe("a memory file too large to read", () => {
  it("is left as it is with a one-line warning, and every command goes on without it", async () => {
    const dir = await copyOf(EXAMPLE);
    const big = `---\nname: Big\ndescription: big\ntype: project\n---\n\n${"- a line of a memory written by hand\n".repeat(320_000)}`;
    await writeFile(path.join(dir, "project_big.md"), big);
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: project_big.md: 11.3 MB is over the 10.0 MB a file may hold; skipped\n");
    expect(await readFile(path.join(dir, "project_big.md"), "utf8")).toBe(big);
    expect((await runCli(["search", "Postgres", "--dir", dir])).code).toBe(0);
  });

  it("a weekly summary too large to read is not rewritten by --auto: its week is left alone", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, "weekly"), { recursive: true });
    const big = `---\ntype: weekly\nweek: 2026-W14\n---\n\n## 2026-W14\n\n${"- a summary line written by hand\n".repeat(340_000)}`;
    await writeFile(path.join(dir, "weekly/2026-W14.md"), big);
    const run = await runCli(["--auto", "--dir", dir], { clock: () => new Date("2026-04-20T10:00:00Z") });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/warning: weekly\/2026-W14\.md: [\d.]+ MB is over the 10\.0 MB a file may hold; skipped\n/);
    expect(run.stdout).not.toContain("compacted 2026-W14");
    expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toBe(big);
  });
});

describe("a secret in a log's file name", () => {
  it("is redacted in the summary, and the week stays compacted: no rewrite on every run", async () => {
    const dir = await tempDir();
    const name = `2026-03-31-${exampleSecret("ghp_", 36)}.md`;
    await writeFile(path.join(dir, name), "## [10:00] decision: S\nDecided to keep weekly demos.\n");
    expect((await runCli(["--week", "2026-W14", "--dir", dir])).code).toBe(0);
    const summary = await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8");
    expect(summary).toContain("file: 2026-03-31-[REDACTED:github-token].md");
    expect(summary).not.toContain(name);
    const status = await runCli(["status", "--dir", dir, "--json"]);
    expect(JSON.parse(status.stdout).weeks).toMatchObject({ compacted: ["2026-W14"], stale: [] });
    const before = await snapshotDir(dir, { state: false });
    const auto = await runCli(["--auto", "--dir", dir]);
    expect(auto.stdout).toContain("nothing to compact");
    expect(await snapshotDir(dir, { state: false })).toEqual(before);
  });
});

describe("bad input gets one line, a non-zero exit and nothing written", () => {
  it("a log over the size limit names the file and the limit", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ logs: { maxBytes: 1000 } }));
    await writeFile(path.join(dir, "2026-03-30.md"), "## [10:00] decision: a short log\n");
    await writeFile(path.join(dir, "2026-03-31.md"), `# 2026-03-31\n\n${"- a line of a very long log\n".repeat(100)}`);
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      "compact: 2026-03-31.md: 3 KB is over the 1000 bytes limit for one file (logs.maxBytes); split the file or raise the limit",
    );
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("decodes UTF-16 logs with a BOM, little- and big-endian", async () => {
    const dir = await tempDir();
    const text = "## [10:00] decision: Use Postgres for the sync service — naïve café\n";
    await writeFile(path.join(dir, "2026-03-30.md"), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]));
    const be = Buffer.from(text, "utf16le").swap16();
    await writeFile(path.join(dir, "2026-03-31.md"), Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    const model = new MockMemoryModel(`${SUMMARY}\nNONE\n`);
    expect((await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => model })).code).toBe(0);
    expect(model.calls[0]!.prompt.split("naïve café").length - 1).toBe(2);
  });

  it("never writes NUL or other control characters, from a log or from the model", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "2026-03-30.md"), "## [10:00] decision: Use Postgres\u0000 for sync\u0007\n\nDecided on Postgres\u001b[31m 16.\n");
    const answer = `${SUMMARY.replace("- None.", "- Bell\u0007 and NUL\u0000 here.")}\n${block("---\nname: Sync\u0000 database\ndescription: Postgres\u0001 for sync\ntype: project\n---", "Postgres\u0000 16\u0008 on Neon for the sync service.")}`;
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => new MockMemoryModel(answer) });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: 2026-03-30.md:1: 3 NUL or control character(s) removed");
    for (const file of (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".md") && !f.startsWith("2026-"))) {
      expect(await readFile(path.join(dir, file), "utf8"), file).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    }
  });

  it("never writes a text-direction override from a log: a line reads as it is stored", async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, "2026-03-30.md"),
      "## [10:00] decision: Access check\n\nDecided the access check \u202Eskips admins\u202C because \u2067tests\u2069 asked.\n",
    );
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("warning: 2026-03-30.md:3: 4 NUL or control character(s) removed");
    const written = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith(".md") && !f.startsWith("2026-"));
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) expect(await readFile(path.join(dir, file), "utf8"), file).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toContain("skips admins");
  });

  it("a directory where a topic file should be", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, "project_sync-database.md"));
    const answer = `${SUMMARY}\n${block("---\nname: Sync database\ndescription: Postgres for sync\ntype: project\n---")}`;
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => new MockMemoryModel(answer) });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe("compact: project_sync-database.md: cannot write: a directory is in the way");
  });

  it("a directory where the lock should be", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, ".compact/lock"), { recursive: true });
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe("compact: .compact/lock: cannot write: a directory is in the way");
  });

  it("a FIFO where the lock should be: status answers at once, a run refuses in one line", async () => {
    const dir = await copyOf(EXAMPLE);
    const lock = path.join(dir, ".compact/lock");
    await mkdir(path.dirname(lock));
    execFileSync("mkfifo", [lock]);
    let timer: NodeJS.Timeout | undefined;
    const hung = new Promise<"hung">((resolve) => {
      timer = setTimeout(() => resolve("hung"), 5000);
    });
    const status = await Promise.race([runCli(["status", "--dir", dir]), hung]).finally(() => clearTimeout(timer));
    // A read blocked on the FIFO is let go, so a failing test does not leave a thread waiting.
    if (status === "hung") closeSync(openSync(lock, constants.O_WRONLY | constants.O_NONBLOCK));
    expect(status).not.toBe("hung");
    expect((status as Awaited<ReturnType<typeof runCli>>).code).toBe(0);
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe("compact: refusing to write .compact/lock: it is not a regular file; nothing changed");
  });

  it("a FIFO where MEMORY.md was: status and undo answer at once, never blocked on it", async () => {
    const dir = await copyOf(EXAMPLE);
    expect((await runCli(["--week", "2026-W14", "--dir", dir])).code).toBe(0);
    const index = path.join(dir, "MEMORY.md");
    await rm(index);
    execFileSync("mkfifo", [index]);
    for (const argv of [["status"], ["undo"]]) {
      // A read of the FIFO would block this very thread (it is read in place): a writer lets it go after 4 s,
      // so a failing test fails on the time taken instead of hanging.
      const writer = spawn("sh", ["-c", 'sleep 4; : > "$0"', index], { stdio: "ignore" });
      const started = Date.now();
      const { code, stderr } = await runCli([...argv, "--dir", dir]).finally(() => writer.kill("SIGKILL"));
      expect(Date.now() - started, argv[0]).toBeLessThan(4000);
      if (argv[0] === "status") {
        expect(code).toBe(0);
        expect(stderr).toContain("warning: MEMORY.md: it is not a regular file; not read\n");
      } else {
        expect({ code, stderr }).toEqual({ code: 1, stderr: "compact: refusing to read MEMORY.md: it is not a regular file; nothing changed\n" });
      }
    }
  });

  it("a --dir that names a file, for every command", async () => {
    const file = path.join(await tempDir(), "notes.md");
    await writeFile(file, "not a directory\n");
    for (const argv of [["probe"], ["status"], ["consolidate"], ["undo"], ["search", "x"], ["--week", "2026-W14"], ["--auto"]]) {
      const run = await runCli([...argv, "--dir", file]);
      expect(run, argv.join(" ")).toEqual({ code: 2, stdout: "", stderr: `compact: memory directory '${file}' is not a directory (it is a file)\n` });
    }
  });

  it("a corrupt run journal: undo names it, --list shows it, and the other runs can still be undone", async () => {
    const dir = await copyOf(EXAMPLE);
    expect((await runCli(["--week", "2026-W14", "--dir", dir])).code).toBe(0);
    await writeFile(path.join(dir, ".compact/journal/2026-04-07T00-00-00-000Z.json"), "{ torn");
    const list = await runCli(["undo", "--list", "--dir", dir]);
    expect(list.code).toBe(0);
    expect(list.stdout).toContain("2026-04-06T10-00-00-000Z  committed  compact --week 2026-W14");
    expect(list.stdout).toContain("damaged   .compact/journal/2026-04-07T00-00-00-000Z.json: cannot read this run journal");
    const undo = await runCli(["undo", "--dir", dir]);
    expect(undo.code, undo.stderr).toBe(0);
    expect(await readdir(dir)).not.toContain("MEMORY.md");
  });

  it("a lock from another host dated in the future is stale", async () => {
    const dir = await copyOf(EXAMPLE);
    const future = new Date(Date.now() + 30 * 86_400_000).toISOString();
    await mkdir(path.join(dir, ".compact"));
    await writeFile(path.join(dir, ".compact/lock"), JSON.stringify({ pid: 1, host: "elsewhere", startedAt: future, command: "compact --auto" }));
    const run = await runCli(["--week", "2026-W14", "--dir", dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`warning: took over a stale lock (pid 1 on elsewhere, compact --auto, since ${future})`);
  });

  it("a live lock on this host is respected", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, ".compact"));
    await writeFile(
      path.join(dir, ".compact/lock"),
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: "compact --auto" }),
    );
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      schemaVersion: 1,
      ok: false,
      command: "week",
      error: { code: "E_LOCKED", message: "Another run in progress — skipping." },
    });
  });

  it("existing memories keep front matter fields compact does not know", async () => {
    const dir = await copyOf(EXAMPLE);
    const { cp } = await import("node:fs/promises");
    for (const file of await readdir(CONSOLIDATION)) if (file.startsWith("project_sync")) await cp(path.join(CONSOLIDATION, file), path.join(dir, file));
    const file = path.join(dir, "project_sync-service-database.md");
    await writeFile(file, (await readFile(file, "utf8")).replace("type: project\n", "type: project\nowner: dana\npinned: false\nreview_by: 2026-06-01\n"));
    const answer = `${SUMMARY}\n${block("---\nname: Sync service database\ndescription: Postgres for sync\ntype: project\n---", "Production needs PgBouncer before launch.")}`;
    expect((await runCli(["--week", "2026-W14", "--dir", dir], { createModel: () => new MockMemoryModel(answer) })).code).toBe(0);
    const text = await readFile(file, "utf8");
    expect(text).toContain("Production needs PgBouncer before launch.");
    for (const field of ["owner: dana", "pinned: false", "review_by: 2026-06-01"]) expect(text).toContain(field);
  });
});
