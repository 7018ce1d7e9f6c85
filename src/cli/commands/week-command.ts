import { UsageError } from "../../errors/usage-error.js";
import { formatUsd } from "../../model/estimate-cost.js";
import { parseWeek } from "../../period/period.js";
import type { CompactWeekResult } from "../../pipeline/compact-week.js";
import type { CliIo } from "../cli-io.js";
import { HELP, printHelp } from "../help.js";
import { openCompactor, prepareModel } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

/** `compact --week`: flags → Compactor.compactWeek → printed report. */
export async function weekCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["week", "dir", "provider", "model", "config", "record", "replay", "dry-run", "strict", "version"], "compact");
  const { options } = line;
  if (options.help) {
    printHelp(io, HELP, line.options.json === true);
    return 0;
  }
  if (!options.week) throw new UsageError("--week is required, e.g. --week 2026-W14 (see compact --help)");
  parseWeek(options.week);
  if (options.record && options.replay) throw new UsageError("--record and --replay cannot be used together");
  const output = new Output(io, options.json === true, options.quiet === true);
  const compactor = await openCompactor(line, io, output);
  await prepareModel(compactor, output, { dryRun: options["dry-run"] === true });
  const result = await compactor.compactWeek(options.week, { dryRun: options["dry-run"] === true, strict: options.strict === true });
  output.result(result);
  // Warnings go where every command's go, with --json too: stderr.
  for (const note of result.recovered) output.note(`warning: ${note}`);
  output.warnAll(result.warnings);
  for (const skip of result.memories.skipped) output.note(`skipped: ${skip.source}: ${skip.reason}`);
  if (!output.json) printWeek(result, output);
  return 0;
}

function printWeek(result: CompactWeekResult, output: Output): void {
  if (result.logs.length === 0 && !result.estimate) {
    // Said even with --quiet: a scheduled run over an empty week should leave a trace in its log.
    for (const note of result.notes) output.always(`compact: ${note}`);
    return;
  }
  if (result.estimate) {
    const { estimate } = result;
    const cost =
      estimate.costUsd !== undefined
        ? `at most ${formatUsd(estimate.costUsd)}`
        : result.provider === "offline"
          ? "free: the offline model runs here"
          : `no price known for this model (add it under "prices" in the config)`;
    const counted = estimate.countedBy === "provider" ? `counted by ${result.provider}` : "counted with the o200k tokenizer";
    output.say(
      `estimate for ${result.week}: ${estimate.logs} logs, ${estimate.inputTokens} input tokens (${counted}) + up to ${estimate.maxOutputTokens} output tokens to ${result.provider} ${result.model}; ${cost}`,
    );
    if (!result.preview) {
      for (const note of result.notes) output.say(note);
      return;
    }
  }
  const redacted = result.redactions.logs + result.redactions.answer;
  output.say(
    `${result.week} (${result.firstDate} … ${result.lastDate}): read ${result.logs.length} daily log${result.logs.length === 1 ? "" : "s"}; ${redacted} secret${redacted === 1 ? "" : "s"} redacted`,
  );
  const verb = (action: string) =>
    action === "unchanged"
      ? action
      : result.dryRun
        ? `would ${action}`
        : action === "create"
          ? "created"
          : action === "update"
            ? "updated"
            : action === "remove"
              ? "removed"
              : action;
  for (const file of result.files) output.say(`${verb(file.action).padEnd(result.dryRun ? 12 : 9)} ${file.path}`);
  for (const block of result.preview ?? []) output.say(`\n===== ${block.path} (${block.action}) =====\n${block.content}`);
  for (const file of result.recorded ?? []) output.say(`recorded  ${file}`);
  for (const merge of result.merged) output.say(`merged    ${merge.fold} into ${merge.keep}${result.run ? ` (undo: compact undo ${result.run})` : ""}`);
  const changed = result.files.filter((file) => file.action !== "unchanged").length;
  const tail = changed === 0 ? "nothing changed" : `${changed} file${changed === 1 ? "" : "s"} ${result.dryRun ? "would change" : "written"}`;
  const cost = result.costUsd === undefined ? "" : ` (~${formatUsd(result.costUsd)})`;
  const undo = result.run ? ` (undo: compact undo ${result.run})` : "";
  output.say(
    `${result.week}: ${result.memories.accepted.length} memories accepted, ${result.memories.skipped.length} skipped; ${result.usage.inputTokens} → ${result.usage.outputTokens} tokens${cost}; compression ${result.compressionRatio}; ${tail}${undo}`,
  );
}
