import type { CliIo } from "../cli-io.js";
import { HELP } from "../help.js";
import { compactorOptions, prepareModel } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions, positiveInteger } from "../parse-options.js";
import { progressBar } from "../progress-bar.js";
import { Compactor } from "../../pipeline/compactor.js";

/**
 * `compact --auto`, for cron: every completed week whose summary is missing
 * or out of date, oldest first; then consolidation when the gates are open
 * (`--force` opens the time and session gates, never the lock). No questions;
 * one line per action; exit 0 when there is nothing to do.
 */
export async function autoCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["auto", "force", "concurrency", "dir", "provider", "model", "config"], "compact --auto");
  if (line.options.help) {
    io.stdout(HELP);
    return 0;
  }
  const concurrency = positiveInteger(line.options.concurrency, "concurrency");
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const bar = await progressBar(Boolean(io.stderrIsTerminal) && !output.quiet && !output.json);
  const compactor = await Compactor.open({
    ...compactorOptions(line, io),
    onProgress: (event) => {
      bar.update(event);
      if (event.done > 0) output.say(event.text);
    },
  });
  for (const notice of compactor.notices) output.warn(notice);
  const result = await compactor.runAuto({ force: line.options.force === true, ...(concurrency ? { concurrency } : {}) });
  if (result.compacted.length > 0) {
    bar.stop(`compacted ${result.compacted.length} week${result.compacted.length === 1 ? "" : "s"}`);
    await prepareModel(compactor, output);
  }
  output.result(result);
  for (const note of result.recovered) output.note(`warning: ${note}`);
  output.warnAll(result.warnings);
  for (const text of result.lines.slice(result.compacted.length)) output.say(text);
  return 0;
}
