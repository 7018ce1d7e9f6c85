import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { glob } from "tinyglobby";
import { UsageError } from "../errors/usage-error.js";
import { MockMemoryModel } from "../model/mock-model.js";
import type { CliIo } from "./cli-io.js";
import { main } from "./main.js";

/**
 * A golden case is a folder: `case.json` (`{ "week", "input"? }`), the input
 * logs (`input/` unless `input` says where), `cassettes/` (recorded model
 * answers; without it the offline model answers), optionally `answer.md` (a
 * hand-written answer that `--update` records as a cassette), and
 * `expected/`: every file compact writes plus `report.json`.
 */
export interface GoldenCaseSpec {
  week: string;
  input?: string;
}

export interface GoldenOutcome {
  name: string;
  /** One line per difference; empty when the case passes. */
  differences: string[];
  /** What the run wrote, by path relative to the memory dir, plus report.json. */
  actual: Map<string, string>;
  stderr: string;
}

const GOLDEN_CLOCK = () => new Date("2026-04-06T10:00:00.000Z");

/** Folders below `dir` holding a case.json (or `dir` itself). */
export async function findGoldenCases(dir: string): Promise<string[]> {
  const specs = await glob(["case.json", "*/case.json"], { cwd: dir, onlyFiles: true });
  if (specs.length === 0) throw new UsageError(`no golden cases in ${dir} (a case is a folder with case.json)`);
  return specs.map((spec) => path.join(dir, path.dirname(spec))).sort();
}

/** Runs one case against its expected files; with `update`, rewrites them instead (and records answer.md). */
export async function runGoldenCase(caseDir: string, options: { update?: boolean; env?: Record<string, string | undefined> } = {}): Promise<GoldenOutcome> {
  const spec = JSON.parse(await readFile(path.join(caseDir, "case.json"), "utf8")) as GoldenCaseSpec;
  const cassettes = path.join(caseDir, "cassettes");
  const answer = await readFile(path.join(caseDir, "answer.md"), "utf8").catch(() => undefined);
  if (options.update && answer !== undefined) {
    await rm(cassettes, { recursive: true, force: true });
    const record = await runOn(caseDir, spec, ["--record", cassettes], { createModel: () => new MockMemoryModel(answer, "hand-written") }, options.env);
    if (record.code !== 0) return { name: path.basename(caseDir), differences: [`recording answer.md failed: ${record.stderr.trim()}`], actual: new Map(), stderr: record.stderr };
  }
  const replay = await readdir(cassettes).then(() => ["--replay", cassettes], () => []);
  const run = await runOn(caseDir, spec, replay, {}, options.env);
  const expectedDir = path.join(caseDir, "expected");
  if (options.update) {
    await rm(expectedDir, { recursive: true, force: true });
    for (const [file, content] of run.actual) {
      await mkdir(path.dirname(path.join(expectedDir, file)), { recursive: true });
      await writeFile(path.join(expectedDir, file), content);
    }
  }
  return { name: path.basename(caseDir), differences: await compare(expectedDir, run.actual, run.code), actual: run.actual, stderr: run.stderr };
}

async function runOn(caseDir: string, spec: GoldenCaseSpec, extra: string[], io: Partial<CliIo>, env: Record<string, string | undefined> = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), "compact-golden-"));
  try {
    await cp(path.resolve(caseDir, spec.input ?? "input"), dir, { recursive: true });
    const before = new Set(await glob(["**/*"], { cwd: dir, dot: true, onlyFiles: true }));
    let stdout = "";
    let stderr = "";
    const code = await main(["--week", spec.week, "--dir", dir, "--json", ...extra], {
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
      cwd: caseDir,
      env,
      clock: GOLDEN_CLOCK,
      ...io,
    });
    const written = (await glob(["**/*"], { cwd: dir, dot: true, onlyFiles: true })).filter((file) => !before.has(file)).sort();
    const actual = new Map<string, string>();
    for (const file of written) actual.set(file, await readFile(path.join(dir, file), "utf8"));
    actual.set("report.json", stdout);
    return { code, actual, stderr };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function compare(expectedDir: string, actual: Map<string, string>, code: number): Promise<string[]> {
  const differences: string[] = code === 0 ? [] : [`compact exited ${code}`];
  const expectedFiles = await glob(["**/*"], { cwd: expectedDir, dot: true, onlyFiles: true }).catch(() => [] as string[]);
  if (expectedFiles.length === 0) return [...differences, `no expected files in ${expectedDir} (run with --update)`];
  for (const file of expectedFiles.filter((f) => !actual.has(f)).sort()) differences.push(`${file}: expected but not written`);
  for (const [file, content] of [...actual].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const expected = await readFile(path.join(expectedDir, file), "utf8").catch(() => undefined);
    if (expected === undefined) differences.push(`${file}: written but not expected`);
    else if (expected !== content) differences.push(`${file}: ${firstDifference(expected, content)}`);
  }
  return differences;
}

function firstDifference(expected: string, actual: string): string {
  const a = expected.split("\n");
  const b = actual.split("\n");
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `differs at line ${at + 1}: expected ${JSON.stringify(a[at] ?? "<end of file>")}, got ${JSON.stringify(b[at] ?? "<end of file>")}`;
}
