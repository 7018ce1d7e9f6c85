import path from "node:path";
import { findGoldenCases, runGoldenCase } from "../../golden/run-golden-case.js";
import type { CliIo } from "../cli-io.js";
import { GOLDEN_HELP, printHelp } from "../help.js";
import { parseOptions } from "../parse-options.js";

/** `compact golden DIR [--update]`: replays recorded answers and compares every written file with expected/. */
export async function goldenCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["update"], "compact golden", 1);
  if (line.options.help) {
    printHelp(io, GOLDEN_HELP, line.options.json === true);
    return 0;
  }
  const cases = await findGoldenCases(path.resolve(io.cwd, line.positionals[0] ?? "test/golden"));
  const json = line.options.json === true;
  const say = (text: string) => json || io.stdout(text);
  const results: { name: string; ok: boolean; differences: string[] }[] = [];
  let failed = 0;
  for (const caseDir of cases) {
    const outcome = await runGoldenCase(caseDir, { update: line.options.update ?? false, env: io.env });
    results.push({ name: outcome.name, ok: outcome.differences.length === 0, differences: outcome.differences });
    if (outcome.differences.length === 0) {
      if (!line.options.quiet) say(`${line.options.update ? "updated" : "ok"}      ${outcome.name}\n`);
      continue;
    }
    failed++;
    say(`FAIL    ${outcome.name}\n${outcome.differences.map((d) => `  ${d}\n`).join("")}`);
  }
  if (json) io.stdout(`${JSON.stringify({ schemaVersion: 1, ok: true, command: "golden", cases: results, passed: cases.length - failed, failed }, null, 2)}\n`);
  else if (!line.options.quiet || failed > 0) io.stdout(`${cases.length - failed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}
