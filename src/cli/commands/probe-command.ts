import { missingProbes, readProbes } from "../../consolidate/probes.js";
import { readSnapshot } from "../../store/snapshot.js";
import type { CliIo } from "../cli-io.js";
import { PROBE_HELP, printHelp } from "../help.js";
import { openCompactor } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

/** `compact probe`: checks each probe's phrase is findable in the active memories. */
export async function probeCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config"], "compact probe");
  if (line.options.help) {
    printHelp(io, PROBE_HELP, line.options.json === true);
    return 0;
  }
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const compactor = await openCompactor(line, io, output);
  const probes = await readProbes(compactor.dir);
  const missing = new Set(missingProbes(probes, (await readSnapshot(compactor.dir)).memories));
  const results = probes.map((probe) => ({ line: probe.line, question: probe.question, phrase: probe.phrase, found: !missing.has(probe) }));
  output.result({ schemaVersion: 1, ok: true, command: "probe", probes: results, found: probes.length - missing.size, total: probes.length });
  if (probes.length === 0) output.say(`no probes: add lines "question => phrase" to ${compactor.dir.given}/probes.md`);
  else {
    for (const probe of results) output.say(`${probe.found ? "found  " : "MISSING"}  ${probe.question} => ${probe.phrase}`);
    output.say(`${probes.length - missing.size} of ${probes.length} probes found`);
  }
  return missing.size === 0 ? 0 : 1;
}
