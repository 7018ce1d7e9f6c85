import { readFileSync } from "node:fs";
import { mkdir, readdir, symlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { EXIT_CODES } from "../../src/cli/exit-codes.js";
import { type ErrorCode, noteWritten } from "../../src/errors/compactor-error.js";
import { errorResult } from "../../src/errors/error-result.js";
import { ProviderError } from "../../src/errors/provider-error.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const schema = JSON.parse(readFileSync(path.join(REPO_ROOT, "schema/compact-output.schema.json"), "utf8"));
const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
const EXAMPLE = fixture("../../memory.example");

/** Runs a command with --json: stdout must be exactly one object the schema accepts. */
async function json(argv: string[]): Promise<{ code: number; result: Record<string, unknown> & { error?: { code: ErrorCode } } }> {
  const run = await runCli([...argv, "--json"]);
  const result = JSON.parse(run.stdout);
  const valid = validate(result);
  expect(valid, `${argv.join(" ")}: ${JSON.stringify(validate.errors, null, 1)}`).toBe(true);
  expect(result.schemaVersion).toBe(1);
  if (result.ok === false) expect(run.code, argv.join(" ")).toBe(EXIT_CODES[result.error.code as ErrorCode]);
  return { code: run.code, result };
}

async function compacted(): Promise<string> {
  const dir = await copyOf(EXAMPLE);
  expect((await runCli(["--week", "2026-W14", "--dir", dir, "--quiet"])).code).toBe(0);
  return dir;
}

describe("the schema", () => {
  it("accepts nothing but the contract", () => {
    expect(validate({ schemaVersion: 1, ok: true, command: "search", query: "x", results: [] })).toBe(true);
    expect(validate({ schemaVersion: 1, ok: false, error: { code: "E_USAGE", message: "bad flag" } })).toBe(true);
    expect(validate({ schemaVersion: 2, ok: true, command: "search", query: "x", results: [] })).toBe(false);
    expect(validate({ schemaVersion: 1, ok: true, command: "search", results: [] })).toBe(false);
    expect(validate({ schemaVersion: 1, ok: true, command: "search", query: "x", results: [{ file: "a.md" }] })).toBe(false);
    expect(validate({ schemaVersion: 1, ok: true, command: "nonsense" })).toBe(false);
    expect(validate({ schemaVersion: 1, ok: false, error: { code: "E_NOPE", message: "x" } })).toBe(false);
    expect(validate({ schemaVersion: 1, ok: false, error: { message: "x" } })).toBe(false);
    expect(validate({ schemaVersion: 1, ok: true, command: "status", extra: 1 })).toBe(false);
  });

  it("accepts a failure that names the weeks written before it", () => {
    const failed = errorResult(noteWritten(new ProviderError("anthropic", "HTTP 529"), ["2026-W10", "2026-W11"], true), "auto");
    expect(failed.error.written).toEqual(["2026-W10", "2026-W11"]);
    expect(validate(failed), JSON.stringify(validate.errors)).toBe(true);
  });
});

describe("every command's --json output follows the schema", () => {
  it("--week: a compacted week, a dry run, a week with no logs", async () => {
    const dir = await copyOf(EXAMPLE);
    const dry = await json(["--week", "2026-W14", "--dir", dir, "--dry-run"]);
    expect(dry.result).toMatchObject({ command: "week", dryRun: true });
    const week = await json(["--week", "2026-W14", "--dir", dir]);
    expect(week.result).toMatchObject({ ok: true, command: "week", dryRun: false });
    const empty = await json(["--week", "2026-W20", "--dir", dir]);
    expect(empty).toMatchObject({ code: 0, result: { ok: true, command: "week", logs: [], files: [] } });
  });

  it("--auto, consolidate in each mode, status, search", async () => {
    const dir = await copyOf(EXAMPLE);
    const auto = await json(["--auto", "--force", "--dir", dir]);
    expect(auto.result.command).toBe("auto");
    expect((auto.result.compacted as unknown[]).length).toBeGreaterThan(0);
    for (const flags of [[], ["--dry-run"], ["--yes"], ["--resolve", "newer"], ["--auto"]]) {
      expect((await json(["consolidate", "--dir", dir, ...flags])).result.command).toBe("consolidate");
    }
    expect((await json(["status", "--dir", dir])).result.command).toBe("status");
    const search = await json(["search", "postgres", "--dir", dir]);
    expect((search.result.results as unknown[]).length).toBeGreaterThan(0);
  });

  it("--auto --json keeps stdout to the one object and says each week on stderr; --quiet says nothing", async () => {
    const dir = await copyOf(fixture("auto-weeks"));
    const quietDir = await copyOf(fixture("auto-weeks"));
    const clock = () => new Date("2026-03-18T10:00:00.000Z");
    const run = await runCli(["--auto", "--dir", dir, "--json"], { clock });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.compacted.map((week: { week: string }) => week.week)).toEqual(["2026-W10", "2026-W11"]);
    expect(run.stderr).toMatch(/^compacted 2026-W10 \(no summary\): \d+ logs, \d+ memories$/m);
    expect(run.stderr).toMatch(/^compacted 2026-W11 \(no summary\): \d+ logs, \d+ memories$/m);
    const quiet = await runCli(["--auto", "--dir", quietDir, "--json", "--quiet"], { clock });
    expect(quiet.code).toBe(0);
    expect(quiet.stderr).not.toMatch(/compacted 2026-W1/);
  });

  it("--auto --batch --dry-run: the batch it would submit", async () => {
    const dir = await copyOf(fixture("auto-weeks"));
    const clock = () => new Date("2026-03-18T10:00:00.000Z");
    const run = await runCli(["--auto", "--batch", "--dry-run", "--provider", "anthropic", "--dir", dir, "--json"], {
      clock,
      env: { ANTHROPIC_API_KEY: "" },
    });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(validate(result), JSON.stringify(validate.errors, null, 1)).toBe(true);
    expect(result).toMatchObject({ command: "auto", dryRun: true, batch: { provider: "anthropic", id: null, submitted: false } });
    expect(result.batch.weeks.map((week: { outcome: string }) => week.outcome)).toEqual(["planned", "planned"]);
  });

  it("undo and undo --list", async () => {
    const dir = await compacted();
    expect((await json(["undo", "--list", "--dir", dir])).result).toMatchObject({ command: "undo-list" });
    expect((await json(["undo", "--dir", dir])).result).toMatchObject({ command: "undo" });
  });

  it("probe, config, schedule, migrate, golden", async () => {
    const dir = await compacted();
    await writeFile(path.join(dir, "probes.md"), "Which database? => Postgres\nWho owns billing? => nobody-knows\n");
    const probe = await json(["probe", "--dir", dir]);
    expect(probe).toMatchObject({ code: 1, result: { command: "probe", found: 1, total: 2 } });
    expect((await json(["config", "--dir", dir])).result.command).toBe("config");
    expect((await json(["schedule", "--dir", dir])).result.command).toBe("schedule");
    const project = await tempDir();
    await writeFile(
      path.join(project, ".agents.local.md"),
      "# Notes\n\n## Conventions\n\nRun tests before pushing.\n\n## 2026-03-02\n\nShipped the importer.\n",
    );
    const migrate = await json(["migrate", "--from", path.join(project, ".agents.local.md"), "--dir", path.join(project, ".agents")]);
    expect((migrate.result.written as string[]).length).toBeGreaterThan(0);
    expect((await json(["golden", path.join(REPO_ROOT, "test/golden/none-answer")])).result).toMatchObject({ command: "golden", failed: 0 });
  });

  it("--version and every --help", async () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect((await json(["--version"])).result).toMatchObject({ command: "version", version: pkg.version });
    const main = (await json(["--help"])).result;
    expect(main).toMatchObject({ command: "help" });
    expect(main.text).toContain("Usage: compact --week");
    for (const flag of ["--auto", "--week"]) expect((await json([flag, "--help"])).result, flag).toMatchObject({ command: "help", text: main.text });
    for (const command of ["consolidate", "status", "search", "undo", "probe", "config", "schedule", "migrate", "golden", "mcp"]) {
      const help = (await json([command, "--help"])).result;
      expect(help.command, command).toBe("help");
      expect(help.text, command).toContain(`compact ${command}`);
    }
  });
});

describe("failures print one error object with the documented exit code", () => {
  it("usage errors, named by command when there is one", async () => {
    const dir = await copyOf(EXAMPLE);
    expect((await json(["--weak", "2026-W14", "--dir", dir])).result).toMatchObject({ ok: false, command: "week", error: { code: "E_USAGE" } });
    expect((await json(["--week", "2026-W99", "--dir", dir])).result).toMatchObject({ ok: false, command: "week", error: { code: "E_USAGE" } });
    expect((await json(["status", "--dir", path.join(dir, "missing")])).result).toMatchObject({ ok: false, command: "status", error: { code: "E_USAGE" } });
    expect((await json(["search", "--dir", dir])).result).toMatchObject({ ok: false, command: "search", error: { code: "E_USAGE" } });
    const unknown = await json(["serach", "x"]);
    expect(unknown.result).toMatchObject({ ok: false, error: { code: "E_USAGE" } });
    expect(unknown.result.command).toBeUndefined();
    expect((await json(["undo", "--list", "--limit", "3", "--dir", dir])).result).toMatchObject({ command: "undo-list", error: { code: "E_USAGE" } });
  });

  it("a held lock: ok false, E_LOCKED, exit 0", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, ".compact"), { recursive: true });
    await writeFile(
      path.join(dir, ".compact/lock"),
      JSON.stringify({ pid: process.pid, host: hostname(), startedAt: new Date().toISOString(), command: "compact --auto" }),
    );
    const week = await json(["--week", "2026-W14", "--dir", dir]);
    expect(week).toMatchObject({ code: 0, result: { ok: false, command: "week", error: { code: "E_LOCKED" } } });
    expect((await json(["consolidate", "--auto", "--dir", dir])).result).toMatchObject({ ok: false, command: "consolidate", error: { code: "E_LOCKED" } });
    expect((await json(["--auto", "--dir", dir])).code).toBe(0);
  });

  it("an undo with nothing to undo, and a config file that is not valid", async () => {
    const dir = await copyOf(EXAMPLE);
    expect((await json(["undo", "--dir", dir])).result).toMatchObject({ ok: false, command: "undo", error: { code: "E_UNDO" } });
    await writeFile(path.join(dir, "compact.config.json"), "{ not json");
    const config = path.join(dir, "compact.config.json");
    expect((await json(["status", "--dir", dir])).result).toMatchObject({ ok: false, command: "status", error: { code: "E_CONFIG", file: config } });
  });

  it("an undo stopped by a file changed since, and a migrate from a file that is not there, name the file", async () => {
    const dir = await compacted();
    const memory = (await readdir(dir)).find((file) => /^(project|reference|feedback|user)_.*\.md$/.test(file))!;
    await writeFile(path.join(dir, memory), "edited by hand\n");
    expect((await json(["undo", "--dir", dir])).result).toMatchObject({ ok: false, error: { code: "E_UNDO", file: memory } });
    const missing = path.join(dir, "nope.md");
    expect((await json(["migrate", "--from", missing, "--dir", path.join(dir, ".agents")])).result).toMatchObject({
      ok: false,
      error: { code: "E_USAGE", file: missing },
    });
  });

  it("a config that is a link looping on itself is an error naming it, not a config that is not there", async () => {
    const dir = await copyOf(EXAMPLE);
    await symlink(path.join(dir, ".compactrc.json"), path.join(dir, ".compactrc"));
    await symlink(path.join(dir, ".compactrc"), path.join(dir, ".compactrc.json"));
    const run = await json(["status", "--dir", dir]);
    const file = path.join(dir, ".compactrc");
    expect(run.result).toMatchObject({ ok: false, error: { code: "E_CONFIG", file, message: `${file}: cannot read config (a symbolic link that loops)` } });
  });

  it("a file the run cannot write names the file", async () => {
    const dir = await copyOf(EXAMPLE);
    await mkdir(path.join(dir, "weekly/2026-W14.md"), { recursive: true });
    const failed = await json(["--week", "2026-W14", "--dir", dir]);
    expect(failed.result).toMatchObject({ ok: false, command: "week", error: { code: "E_IO", file: "weekly/2026-W14.md" } });
  });
});
