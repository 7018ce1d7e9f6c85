import { planConsolidation } from "../../consolidate/plan-consolidation.js";
import type { ConflictProposal, ConsolidationPlan } from "../../consolidate/plan-types.js";
import { readMemories } from "../../consolidate/read-memories.js";
import { isEmptyPlan, renderReport } from "../../consolidate/render-report.js";
import { autoConsolidate } from "../../consolidate/auto-consolidate.js";
import { applyConsolidation } from "../../consolidate/run-consolidation.js";
import { askTerminal } from "../ask-terminal.js";
import type { CliIo } from "../cli-io.js";
import { CONSOLIDATE_HELP } from "../messages.js";
import { type CommandLine, parseOptions } from "../parse-options.js";
import { type ResolvedRun, resolveRun } from "../resolve-run.js";
import { judgePairs, pairsToJudge } from "../../consolidate/judge-pairs.js";
import { formatProblem } from "../../problems/problem.js";
import { buildModel } from "./week-command.js";
import { assertDirectory, withLock } from "../with-lock.js";

const NOTHING_FOUND = "Dream complete. No duplicate, contradictory, or stale memories found.";
const NOTHING_CHANGED = "Nothing changed: memories are already tight.";

/** `compact consolidate`: seed 000's pass, seed 003's report and questions; plan → validate → apply. */
export async function consolidateCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "provider", "model", "config", "dry-run", "yes", "auto", "json", "quiet", "help"], "compact consolidate");
  const { options } = line;
  if (options.help) {
    io.stdout(CONSOLIDATE_HELP);
    return 0;
  }
  const run = await resolveRun(line, io);
  const { settings, layout } = run;
  const dir = settings.dir;
  await assertDirectory(dir);
  const say = (text: string) => options.quiet || options.json || io.stdout(`${text}\n`);
  const now = io.clock?.() ?? new Date();
  const today = now.toISOString().slice(0, 10);
  const command = `compact consolidate${options.auto ? " --auto" : options.yes ? " --yes" : ""}`;

  const work = async (): Promise<number> => {
    const judge = options["dry-run"] ? undefined : modelJudge(run, line, io);
    if (options.auto && !options["dry-run"]) {
      io.stdout(`${(await autoConsolidate(dir, { now, layout, retention: settings.retention, limits: settings, ...(judge ? { judge } : {}) })).line}\n`);
      return 0;
    }
    const plan = planConsolidation(await readMemories(dir, layout), { today, retention: settings.retention });
    await judge?.(plan);
    const asking = !options["dry-run"] && !options.yes && !options.json && Boolean(io.interactive);

    if (isEmptyPlan(plan)) {
      if (options.json) io.stdout(`${JSON.stringify({ dir, plan: planJson(plan), applied: false }, null, 2)}\n`);
      say(NOTHING_FOUND);
      say(NOTHING_CHANGED);
      return 0;
    }
    if (!options.json) say(renderReport(plan, { asking }).trimEnd());
    if (options["dry-run"]) {
      if (options.json) io.stdout(`${JSON.stringify({ dir, dryRun: true, plan: planJson(plan), applied: false }, null, 2)}\n`);
      say("Dry run: no changes made.");
      return 0;
    }
    if (!options.yes && !io.interactive) {
      if (options.json) io.stdout(`${JSON.stringify({ dir, plan: planJson(plan), applied: false }, null, 2)}\n`);
      say("No terminal to confirm on, so nothing was applied. Run with --yes to apply the merges and prunes, or --auto.");
      return 0;
    }

    let skipped = plan.conflicts.length;
    if (asking) {
      const ask = io.ask ?? askTerminal;
      plan.supersedes = [];
      for (const conflict of plan.conflicts) {
        const winner = await resolveConflict(conflict, ask);
        if (winner) plan.supersedes.push({ kind: "supersede", winner, loser: winner === conflict.a ? conflict.b : conflict.a });
      }
      skipped = plan.conflicts.length - plan.supersedes.length;
      const apply = (await ask("Apply? [Y/n]")).trim().toLowerCase();
      if (apply === "n" || apply === "no") {
        say("Cancelled. No changes made.");
        return 0;
      }
    }
    const applied = await applyConsolidation(dir, plan, { now, today, command, limits: settings, layout });
    if (options.json) {
      io.stdout(`${JSON.stringify({ dir, plan: planJson(plan), applied: true, run: applied.journal.run, improved: applied.improved }, null, 2)}\n`);
      return 0;
    }
    say(`Dream complete — merged: ${plan.merges.length}, pruned: ${plan.prunes.length}, conflicts resolved: ${plan.supersedes.length}, skipped: ${skipped}`);
    say(applied.improved > 0 ? `Improved ${applied.improved} memories. (undo: compact undo ${applied.journal.run})` : NOTHING_CHANGED);
    return 0;
  };
  return options["dry-run"] ? work() : withLock(dir, layout.lockFile, command, io, work);
}

// With an LLM configured, it judges the pairs the code could not decide and writes merged text; offline, the code alone decides.
function modelJudge(run: ResolvedRun, line: CommandLine, io: CliIo): ((plan: ConsolidationPlan) => Promise<void>) | undefined {
  if (run.settings.provider === "offline") return undefined;
  const model = buildModel(run, line, io);
  return async (plan) => {
    const problems = await judgePairs(plan, pairsToJudge(plan), model, run.settings.promptsDir ? { promptsDir: run.settings.promptsDir } : {});
    for (const problem of problems) if (!line.options.quiet) io.stderr(`warning: ${formatProblem(problem)}\n`);
  };
}

// Seed 003: A, B or skip, any case; nothing typed is skip; anything else asks again.
async function resolveConflict(conflict: ConflictProposal, ask: (question: string) => Promise<string>): Promise<string | undefined> {
  for (;;) {
    const answer = (await ask(`[${conflict.a}] vs [${conflict.b}] — "${conflict.topic}" [A/B/skip] (proposed: ${conflict.proposedWinner === conflict.a ? "A" : "B"})`)).trim().toLowerCase();
    if (answer === "a") return conflict.a;
    if (answer === "b") return conflict.b;
    if (answer === "" || answer === "skip") return undefined;
  }
}

function planJson(plan: ConsolidationPlan) {
  return {
    merges: plan.merges.map((m) => ({ keep: m.keep, fold: m.fold })),
    conflicts: plan.conflicts.map(({ a, b, topic, proposedWinner, reason }) => ({ a, b, topic, proposedWinner, reason })),
    prunes: plan.prunes.map(({ id, type, ageDays }) => ({ id, type, ageDays })),
    redates: plan.redates.map((r) => r.id),
    supersedes: plan.supersedes.map(({ winner, loser }) => ({ winner, loser })),
  };
}
