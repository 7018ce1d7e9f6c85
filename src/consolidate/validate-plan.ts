import { PlanRefusedError } from "../errors/plan-refused-error.js";
import type { ConsolidationPlan, PruneOperation, SupersedeOperation } from "./plan-types.js";

export interface PlanLimits {
  /** Share of the active memories whose facts one run may take out of the active set (superseded, pruned). */
  maxRemoveFraction: number;
}

export const DEFAULT_LIMITS: PlanLimits = { maxRemoveFraction: 0.25 };

/**
 * Checks a plan's invariants; throws PlanRefusedError with the reason when
 * one breaks. No merge across types; a merge keeps every source of its
 * parts; pinned memories are untouched. The loss budget is `fitBudget`'s.
 */
export function validatePlan(plan: ConsolidationPlan): void {
  const get = (id: string) => {
    const memory = plan.memories.get(id);
    if (!memory) throw new PlanRefusedError(`plan refused: it names ${id}, which is not an active memory`);
    return memory;
  };
  for (const merge of plan.merges) {
    const [keep, fold] = [get(merge.keep), get(merge.fold)];
    if (keep.type !== fold.type)
      throw new PlanRefusedError(`plan refused: merge of ${merge.keep} (${keep.type}) and ${merge.fold} (${fold.type}) crosses types`);
    const sources = new Set(merge.merged.sources);
    const lost = [...keep.sources, ...fold.sources].filter((source) => !sources.has(source));
    if (lost.length > 0) throw new PlanRefusedError(`plan refused: merge into ${merge.keep} drops source ${lost[0]}`);
  }
  const touched = [
    ...plan.merges.flatMap((m) => [m.keep, m.fold]),
    ...plan.supersedes.map((s) => s.loser),
    ...plan.prunes.map((p) => p.id),
    ...plan.redates.map((r) => r.id),
  ];
  const pinned = touched.find((id) => get(id).pinned);
  if (pinned) throw new PlanRefusedError(`plan refused: it changes ${pinned}, which is pinned`);
}

/** What one run may take out of the active set: at least one memory, else `maxRemoveFraction` of them. */
export function lossBudget(plan: ConsolidationPlan, limits: PlanLimits = DEFAULT_LIMITS): number {
  return Math.max(1, Math.floor(plan.memories.size * limits.maxRemoveFraction));
}

/**
 * Cuts a plan to its loss budget, in place, and returns what was cut. Only
 * operations whose facts leave the active set count: supersessions (the
 * loser goes to archive/) and prunes (to the trash). Merges keep every fact
 * and redates change none, so they always stay. Kept first: supersessions
 * said in words, then other supersessions, then prunes, oldest first — the
 * cut part waits for a later run.
 */
export function fitBudget(plan: ConsolidationPlan, limits: PlanLimits = DEFAULT_LIMITS): (SupersedeOperation | PruneOperation)[] {
  const allowed = lossBudget(plan, limits);
  if (plan.supersedes.length + plan.prunes.length <= allowed) return [];
  const reasonOf = (op: SupersedeOperation) =>
    plan.conflicts.find((c) => (c.a === op.loser || c.b === op.loser) && (c.a === op.winner || c.b === op.winner))?.reason;
  const supersedes = [...plan.supersedes].sort((x, y) => Number(reasonOf(y) === "explicit-supersession") - Number(reasonOf(x) === "explicit-supersession"));
  const prunes = [...plan.prunes].sort((x, y) => y.ageDays - x.ageDays);
  const ordered: (SupersedeOperation | PruneOperation)[] = [...supersedes, ...prunes];
  const kept = new Set(ordered.slice(0, allowed));
  plan.supersedes = plan.supersedes.filter((op) => kept.has(op));
  plan.prunes = plan.prunes.filter((op) => kept.has(op));
  return ordered.slice(allowed);
}
