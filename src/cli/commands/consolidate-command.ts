import type { ConflictProposal } from "../../consolidate/plan-types.js";
import { UsageError } from "../../errors/usage-error.js";
import type { ConsolidateResult } from "../../pipeline/consolidate.js";
import type { CliIo } from "../cli-io.js";
import { CONSOLIDATE_HELP, printHelp } from "../help.js";
import { oneLine } from "../one-line.js";
import { openCompactor } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

const NOTHING_FOUND = "Dream complete. No duplicate, contradictory, or stale memories found.";
const NOTHING_CHANGED = "Nothing changed: memories are already tight.";

/** `compact consolidate`: the report, questions on a terminal, then plan → validate → apply. */
export async function consolidateCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "provider", "model", "config", "dry-run", "yes", "auto", "resolve", "replay", "record"], "compact consolidate");
  const { options } = line;
  if (options.help) {
    printHelp(io, CONSOLIDATE_HELP, line.options.json === true);
    return 0;
  }
  if (options.resolve !== undefined && options.resolve !== "newer")
    throw new UsageError(`--resolve '${options.resolve}': the one way to settle conflicts without a terminal is --resolve newer`);
  const output = new Output(io, options.json === true, options.quiet === true);
  const compactor = await openCompactor(line, io, output);
  const dryRun = options["dry-run"] === true;
  const asking = !dryRun && !options.yes && !options.resolve && !options.auto && !output.json && Boolean(io.interactive);

  if (!dryRun && !options.auto && !options.yes && !options.resolve && !asking) {
    // No one to answer and no flag saying what to do: report only.
    const result = await compactor.consolidate({ mode: "report" });
    output.result(result);
    output.warnAll(result.warnings);
    if (!output.json) {
      printReport(result, output, false);
      if (!result.nothingFound)
        output.say(
          "No terminal to confirm on, so nothing was applied. Run with --yes to apply the merges and prunes, --resolve newer to also settle conflicts, or --auto.",
        );
    }
    return 0;
  }

  const ask = io.ask ?? (async (question: string) => (await import("../ask-terminal.js")).askTerminal(question));
  const result = await compactor.consolidate({
    mode: dryRun ? "report" : options.auto ? "auto" : "apply",
    dryRun,
    ...(options.resolve === "newer" ? { resolve: "newer" as const } : asking ? { resolve: (conflict: ConflictProposal) => askConflict(conflict, ask) } : {}),
    ...(asking ? { confirm: async () => !["n", "no"].includes((await ask("Apply? [Y/n]")).trim().toLowerCase()) } : {}),
    onReport: (report, plan) => {
      if (output.json || (options.auto && !dryRun)) return;
      const empty = plan.merges.length + plan.conflicts.length + plan.prunes.length + plan.redates.length === 0;
      if (!empty) output.say((asking ? report.replace(/\n$/, " Apply? [Y/n]\n") : report).trimEnd());
    },
  });
  output.result(result);
  for (const note of result.recovered) output.note(`warning: ${note}`);
  output.warnAll(result.warnings);
  if (output.json) return 0;
  if (result.mode === "auto") {
    output.say(result.line!);
    return 0;
  }
  if (result.nothingFound) {
    output.say(NOTHING_FOUND);
    output.say(NOTHING_CHANGED);
    return 0;
  }
  if (dryRun) {
    output.say("Dry run: no changes made.");
    return 0;
  }
  if (result.cancelled) {
    output.say("Cancelled. No changes made.");
    return 0;
  }
  const { merged, pruned, conflictsResolved, skipped } = result.counts;
  output.say(`Dream complete — merged: ${merged}, pruned: ${pruned}, conflicts resolved: ${conflictsResolved}, skipped: ${skipped}`);
  output.say(result.improved > 0 ? `Improved ${result.improved} memories. (undo: compact undo ${result.run})` : NOTHING_CHANGED);
  return 0;
}

function printReport(result: ConsolidateResult, output: Output, asking: boolean): void {
  if (result.nothingFound) {
    output.say(NOTHING_FOUND);
    output.say(NOTHING_CHANGED);
    return;
  }
  output.say((asking ? result.report.replace(/\n$/, " Apply? [Y/n]\n") : result.report).trimEnd());
}

// A, B or skip, any case; nothing typed is skip; anything else asks again.
async function askConflict(conflict: ConflictProposal, ask: (question: string) => Promise<string>): Promise<"a" | "b" | "skip"> {
  for (;;) {
    const answer = (
      await ask(
        oneLine(`[${conflict.a}] vs [${conflict.b}] — "${conflict.topic}" [A/B/skip] (proposed: ${conflict.proposedWinner === conflict.a ? "A" : "B"})`),
      )
    )
      .trim()
      .toLowerCase();
    if (answer === "a" || answer === "b") return answer;
    if (answer === "" || answer === "skip") return "skip";
  }
}
