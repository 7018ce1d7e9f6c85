import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { glob } from "tinyglobby";
import { errorResult } from "../errors/error-result.js";
import { UsageError } from "../errors/usage-error.js";
import type { MemoryModel } from "../model/memory-model.js";
import { MockMemoryModel } from "../model/mock-model.js";
import { Compactor } from "../pipeline/compactor.js";

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

const GENERATED = /(^|\/)(weekly|memory-index|\.compact)(\/|$)|(^|\/)(MEMORY\.md|(user|feedback|project|reference)_[^/]*\.md)$/;
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
    const record = await runOn(caseDir, spec, { recordDir: cassettes, model: new MockMemoryModel(answer, "hand-written") }, options.env);
    if (record.code !== 0)
      return { name: path.basename(caseDir), differences: [`recording answer.md failed: ${record.stderr.trim()}`], actual: new Map(), stderr: record.stderr };
  }
  const replay = await readdir(cassettes).then(
    () => ({ replayDir: cassettes }),
    () => ({}),
  );
  const run = await runOn(caseDir, spec, replay, options.env);
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

// Paths that depend on where the case ran (temp dir, case dir) are replaced, so expected files are stable.
function stable(text: string, dir: string, caseDir: string): string {
  return text.split(dir).join("<dir>").split(caseDir).join("<case>");
}

async function runOn(
  caseDir: string,
  spec: GoldenCaseSpec,
  how: { replayDir?: string; recordDir?: string; model?: MemoryModel },
  env: Record<string, string | undefined> = {},
) {
  const dir = await mkdtemp(path.join(tmpdir(), "compact-golden-"));
  try {
    const input = path.resolve(caseDir, spec.input ?? "input");
    // Only the inputs: a case may point at a folder a person has already compacted into (memory.example).
    await cp(input, dir, { recursive: true, filter: (from) => !GENERATED.test(path.relative(input, from)) });
    const before = new Set(await glob(["**/*"], { cwd: dir, dot: true, onlyFiles: true }));
    let stdout = "";
    let stderr = "";
    let code = 0;
    try {
      const compactor = await Compactor.open({ dir, cwd: caseDir, env, clock: GOLDEN_CLOCK, ...how });
      const result = await compactor.compactWeek(spec.week);
      stdout = `${JSON.stringify(result, null, 2)}\n`;
    } catch (error) {
      code = 1;
      stdout = `${JSON.stringify(errorResult(error), null, 2)}\n`;
      stderr = (error as Error).message;
    }
    stdout = stable(stdout, dir, caseDir);
    // What the run wrote (its own state in .compact/ is bookkeeping, not output).
    const written = (await glob(["**/*"], { cwd: dir, dot: true, onlyFiles: true }))
      .filter((file) => !before.has(file) && !file.startsWith(".compact/"))
      .sort();
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
