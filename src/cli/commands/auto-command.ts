import { MAX_CONCURRENCY } from "../../config/config-schema.js";
import { UsageError } from "../../errors/usage-error.js";
import { Compactor } from "../../pipeline/compactor.js";
import type { CliIo } from "../cli-io.js";
import { HELP, printHelp } from "../help.js";
import { compactorOptions, prepareModel } from "../open-compactor.js";
import { Output } from "../output.js";
import { type CommandLine, parseOptions, positiveInteger } from "../parse-options.js";
import { progressBar } from "../progress-bar.js";

/**
 * `compact --auto`, for cron: every completed week whose summary is missing
 * or out of date, oldest first; then consolidation when the gates are open
 * (`--force` opens the time and session gates, never the lock). No questions;
 * one line per action; exit 0 when there is nothing to do. With `--batch`,
 * the weeks go to the provider as one batch.
 */
export async function autoCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(
    argv,
    ["auto", "force", "batch", "poll-interval", "dry-run", "concurrency", "dir", "provider", "model", "config", "record", "replay"],
    "compact --auto",
  );
  if (line.options.help) {
    printHelp(io, HELP, line.options.json === true);
    return 0;
  }
  const batch = batchOptions(line);
  const concurrency = positiveInteger(line.options.concurrency, "concurrency");
  if (concurrency !== undefined && concurrency > MAX_CONCURRENCY) {
    throw new UsageError(`--concurrency '${line.options.concurrency}': at most ${MAX_CONCURRENCY} weeks at once`);
  }
  if (concurrency !== undefined && batch) throw new UsageError("--concurrency and --batch cannot be used together: a batch sends every week at once");
  const cassettes = line.options.record ? "--record" : line.options.replay ? "--replay" : undefined;
  if (cassettes && batch) throw new UsageError(`${cassettes} and --batch cannot be used together: cassettes hold single calls, not a batch`);
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const bar = await progressBar(Boolean(io.stderrIsTerminal) && !output.quiet);
  // Each line once, as it happens: a batch may be waited on for hours.
  const printed = new Set<string>();
  const compactor = await Compactor.open({
    ...compactorOptions(line, io),
    onProgress: (event) => {
      bar.update(event);
      if (batch ? printed.has(event.text) : event.done === 0) return;
      printed.add(event.text);
      // On a terminal the bar shows each week: printed beside it (on the terminal's stdout, or on stderr with
      // --json), the lines would break into it.
      if (bar.drawing && (io.stdoutIsTerminal || output.json) && event.done > 0) return;
      output.progress(event.text);
    },
  });
  for (const notice of compactor.notices) output.warn(notice);
  if (batch) {
    const result = await compactor.runBatch({ ...batch, ...(line.options.force ? { force: true } : {}) });
    bar.stop(`compacted ${result.compacted.length} week${result.compacted.length === 1 ? "" : "s"}`);
    output.result(result);
    for (const note of result.recovered) output.note(`warning: ${note}`);
    output.warnAll(result.warnings);
    for (const text of result.lines) if (!printed.has(text)) output.say(text);
    return 0;
  }
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

/** `--batch`, `--poll-interval` and `--dry-run`, checked together: the last two only mean something with the first. */
function batchOptions(line: CommandLine): { pollInterval?: number; dryRun?: boolean } | undefined {
  const { options } = line;
  if (!options.batch) {
    for (const flag of ["poll-interval", "dry-run"] as const)
      if (options[flag] !== undefined) throw new UsageError(`--${flag} goes with --auto --batch (see compact --help)`);
    return undefined;
  }
  const raw = options["poll-interval"];
  const seconds = raw === undefined ? undefined : Number(raw);
  // Decimal, with an exponent if need be (`1e-3`); Number() alone would also take `0x10` and `Infinity`.
  if (raw !== undefined && (!/^\s*(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(raw) || !(seconds! > 0) || seconds! > 86_400)) {
    throw new UsageError(`--poll-interval '${raw}': expected a number of seconds greater than 0 and at most 86400, such as 30 or 0.5`);
  }
  return { ...(seconds === undefined ? {} : { pollInterval: seconds }), ...(options["dry-run"] ? { dryRun: true } : {}) };
}
