import type { MemoryLayout } from "../store/memory-layout.js";
import { planConsolidation } from "./plan-consolidation.js";
import type { ConsolidationPlan } from "./plan-types.js";
import { readMemories } from "./read-memories.js";
import { applyConsolidation } from "./run-consolidation.js";
import type { PlanLimits } from "./validate-plan.js";

export interface AutoConsolidation {
  merged: number;
  pruned: number;
  conflictsSkipped: number;
  /** Seed 003's --auto line: `[compact --auto] dir=<dir> merged=N pruned=N conflicts_skipped=N`. */
  line: string;
}

/**
 * Seed 003's --auto: apply the merges, prunes and redates; leave the
 * contradictions to a person, with one reminder memory that changes only when they do.
 */
export async function autoConsolidate(
  dir: string,
  options: { now: Date; layout: MemoryLayout; retention: Record<string, number | null>; limits: PlanLimits; judge?: (plan: ConsolidationPlan) => Promise<void> },
): Promise<AutoConsolidation> {
  const today = options.now.toISOString().slice(0, 10);
  const plan = planConsolidation(await readMemories(dir, options.layout), { today, retention: options.retention });
  await options.judge?.(plan);
  await applyConsolidation(dir, plan, { now: options.now, today, command: "compact --auto", limits: options.limits, reminder: plan.conflicts, layout: options.layout });
  const result = { merged: plan.merges.length, pruned: plan.prunes.length, conflictsSkipped: plan.conflicts.length };
  return { ...result, line: `[compact --auto] dir=${dir} merged=${result.merged} pruned=${result.pruned} conflicts_skipped=${result.conflictsSkipped}` };
}
