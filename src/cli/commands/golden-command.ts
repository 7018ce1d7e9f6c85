import path from "node:path";
import type { CliIo } from "../cli-io.js";
import { findGoldenCases, runGoldenCase } from "../../golden/run-golden-case.js";
import { GOLDEN_HELP } from "../help.js";
import { parseOptions } from "../parse-options.js";

/** `compact golden DIR [--update]`: replays recorded answers and compares every written file with expected/. */
export async function goldenCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["update"], "compact golden", 1);
  if (line.options.help) {
    io.stdout(GOLDEN_HELP);
    return 0;
  }
  const cases = await findGoldenCases(path.resolve(io.cwd, line.positionals[0] ?? "test/golden"));
  let failed = 0;
  for (const caseDir of cases) {
    const outcome = await runGoldenCase(caseDir, { update: line.options.update ?? false, env: io.env });
    if (outcome.differences.length === 0) {
      if (!line.options.quiet) io.stdout(`${line.options.update ? "updated" : "ok"}      ${outcome.name}\n`);
      continue;
    }
    failed++;
    io.stdout(`FAIL    ${outcome.name}\n${outcome.differences.map((d) => `  ${d}\n`).join("")}`);
  }
  if (!line.options.quiet || failed > 0) io.stdout(`${cases.length - failed} passed, ${failed} failed\n`);
  return failed === 0 ? 0 : 1;
}
