import { UsageError } from "../../errors/usage-error.js";
import { formatProblem } from "../../problems/problem.js";
import type { CliIo } from "../cli-io.js";
import { printHelp, UNDO_HELP } from "../help.js";
import { oneLine } from "../one-line.js";
import { openCompactor } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

/** `compact undo [RUN] [--list]`: restores the memory dir as it was before a run, or lists the runs. */
export async function undoCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config", "list"], "compact undo", 1);
  if (line.options.help) {
    printHelp(io, UNDO_HELP, line.options.json === true);
    return 0;
  }
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const compactor = await openCompactor(line, io, output);
  if (line.options.list) {
    if (line.positionals.length > 0) throw new UsageError(`undo --list lists every run; it takes no run '${line.positionals[0]}' (see compact undo --help)`);
    const list = await compactor.listRuns();
    output.result(list);
    if (list.runs.length === 0) output.say("no runs journaled yet");
    for (const run of list.runs) output.say(`${run.run}  ${run.status.padEnd(9)}  ${oneLine(run.command)} (${run.files} file${run.files === 1 ? "" : "s"})`);
    for (const warning of list.warnings) output.say(`damaged   ${formatProblem(warning)}`);
    return 0;
  }
  const undone = await compactor.undo(line.positionals[0]);
  output.result(undone);
  for (const note of undone.recovered) output.note(`warning: ${note}`);
  for (const log of undone.kept ?? []) output.note(`warning: left ${log.path} where it is: ${log.reason}`);
  for (const file of undone.redacted ?? []) output.note(`warning: ${file} is back with the secrets it held redacted: the trash keeps none`);
  output.say(`Restored ${undone.restored.length} files as they were before run ${undone.run}.`);
  return 0;
}
