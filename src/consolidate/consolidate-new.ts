import type { Problem } from "../problems/problem.js";
import { planConsolidation } from "./plan-consolidation.js";
import { readMemories } from "./read-memories.js";
import { applyConsolidation } from "./run-consolidation.js";
import type { MemoryLayout } from "../store/memory-layout.js";
import { PlanRefusedError, type PlanLimits } from "./validate-plan.js";

/** What the pass over a week's new memories did. */
export interface NewMemoryConsolidation {
  merged: { keep: string; fold: string }[];
  /** The journaled run, when something was applied: `compact undo RUN` reverses it. */
  run?: string;
  warnings: Problem[];
}

/**
 * After `compact --week`: the consolidation pass, limited to the memories that
 * run wrote. Their near-duplicates are merged and their relative dates made
 * absolute (journaled, undoable); their contradictions are reported for
 * `compact consolidate`, never settled here; nothing else is touched.
 */
export async function consolidateNewMemories(
  dir: string,
  written: string[],
  options: { now: Date; today: string; retention: Record<string, number | null>; limits: PlanLimits; layout: MemoryLayout },
): Promise<NewMemoryConsolidation> {
  const fresh = new Set(written.map((file) => file.slice(file.lastIndexOf("/") + 1).replace(/\.md$/, "")));
  if (fresh.size === 0) return { merged: [], warnings: [] };
  const plan = planConsolidation(await readMemories(dir, options.layout), { today: options.today, retention: options.retention, justWritten: fresh });
  plan.merges = plan.merges.filter((m) => fresh.has(m.keep) || fresh.has(m.fold));
  plan.redates = plan.redates.filter((r) => fresh.has(r.id));
  plan.conflicts = plan.conflicts.filter((c) => fresh.has(c.a) || fresh.has(c.b));
  plan.prunes = [];
  const warnings: Problem[] = plan.conflicts.map((c) => ({
    source: "consolidation",
    ruleId: "contradiction",
    message: `[${c.a}] vs [${c.b}] — "${c.topic}": run compact consolidate to resolve`,
  }));
  if (plan.merges.length + plan.redates.length === 0) return { merged: [], warnings };
  try {
    const applied = await applyConsolidation(dir, plan, { now: options.now, today: options.today, command: "compact --week", limits: options.limits, layout: options.layout });
    return { merged: plan.merges.map(({ keep, fold }) => ({ keep, fold })), run: applied.journal.run, warnings };
  } catch (error) {
    if (!(error instanceof PlanRefusedError)) throw error;
    return { merged: [], warnings: [...warnings, { source: "consolidation", ruleId: "plan-refused", message: error.message }] };
  }
}
