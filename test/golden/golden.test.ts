import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MockMemoryModel } from "../../src/model/mock-model.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf } from "../helpers/temp-dir.js";

/**
 * Each case: case.json ({ week, input?, answer? }), its input logs, and
 * expected/ — every file `compact` writes plus report.json (its --json output).
 * Regenerate deliberately with `npm run golden:update` (sets GOLDEN_UPDATE=1).
 */
const GOLDEN = import.meta.dirname;
const UPDATE = process.env["GOLDEN_UPDATE"] === "1";

interface GoldenCase {
  week: string;
  input?: string;
  answer?: string;
}

const cases = (await readdir(GOLDEN, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name).sort();

describe.each(cases)("golden case %s", async (name) => {
  const caseDir = path.join(GOLDEN, name);
  const spec = JSON.parse(await readFile(path.join(caseDir, "case.json"), "utf8")) as GoldenCase;
  const answer = spec.answer ? await readFile(path.join(caseDir, spec.answer), "utf8") : undefined;

  const dir = await copyOf(path.resolve(caseDir, spec.input ?? "input"));
  const inputs = await snapshotDir(dir);
  const run = await runCli(["--week", spec.week, "--dir", dir, "--json"], answer === undefined ? {} : { createModel: () => new MockMemoryModel(answer) });
  // Everything is read now: temp dirs are removed after each test.
  const after = await snapshotDir(dir);
  const written = Object.keys(after).filter((file) => !(file in inputs));
  const actual = new Map<string, string>(await Promise.all(written.map(async (file) => [file, await readFile(path.join(dir, file), "utf8")] as [string, string])));
  actual.set("report.json", run.stdout);
  const expectedDir = path.join(caseDir, "expected");

  if (UPDATE) {
    await rm(expectedDir, { recursive: true, force: true });
    for (const [file, content] of actual) {
      await mkdir(path.dirname(path.join(expectedDir, file)), { recursive: true });
      await writeFile(path.join(expectedDir, file), content);
    }
  }

  it("exits 0 and leaves its inputs untouched", () => {
    expect(run.code, run.stderr).toBe(0);
    for (const [file, hash] of Object.entries(inputs)) expect(after[file]).toBe(hash);
  });

  it("writes exactly the expected files", async () => {
    expect(existsSync(expectedDir), "no expected/ yet: run npm run golden:update").toBe(true);
    const expected = Object.keys(await snapshotDir(expectedDir)).sort();
    expect([...actual.keys()].sort()).toEqual(expected);
  });

  it.each([...actual.keys()].sort())("%s matches byte for byte", async (file) => {
    const expectedFile = path.join(expectedDir, file);
    expect(existsSync(expectedFile), `${file} is new: review it and run npm run golden:update`).toBe(true);
    expect(actual.get(file)).toBe(await readFile(expectedFile, "utf8"));
  });
});
