import { missingProbes, readProbes } from "../../consolidate/probes.js";
import { readMemories } from "../../consolidate/read-memories.js";
import type { CliIo } from "../cli-io.js";
import { PROBE_HELP } from "../messages.js";
import { parseOptions } from "../parse-options.js";
import { resolveRun } from "../resolve-run.js";

/** `compact probe`: checks each probe's phrase is findable in the active memories. */
export async function probeCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config", "help"], "compact probe");
  if (line.options.help) {
    io.stdout(PROBE_HELP);
    return 0;
  }
  const { settings, layout } = await resolveRun(line, io);
  const probes = await readProbes(settings.dir);
  if (probes.length === 0) {
    io.stdout(`no probes: add lines "question => phrase" to ${settings.dir}/probes.md\n`);
    return 0;
  }
  const texts = (await readMemories(settings.dir, layout)).map((m) => `${m.name}\n${m.description}\n${m.body}`);
  const missing = new Set(missingProbes(probes, texts));
  for (const probe of probes) io.stdout(`${missing.has(probe) ? "MISSING" : "found  "}  ${probe.question} => ${probe.phrase}\n`);
  io.stdout(`${probes.length - missing.size} of ${probes.length} probes found\n`);
  return missing.size === 0 ? 0 : 1;
}
