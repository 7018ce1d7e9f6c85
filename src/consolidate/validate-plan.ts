import { PlanRefusedError } from "../errors/plan-refused-error.js";
import type { ConsolidationPlan } from "./plan-types.js";

export interface PlanLimits {
  /** Share of the active memories one run may remove (merged away, superseded, pruned). */
  maxRemoveFraction: number;
}

export const DEFAULT_LIMITS: PlanLimits = { maxRemoveFraction: 0.25 };

/**
 * Checks a plan's invariants; throws PlanRefusedError with the reason when
 * one breaks. No merge across types; a merge keeps every source of its
 * parts; pinned memories are untouched; at most `maxRemoveFraction` of the
 * active memories go in one run (at least one may always go).
 */
export function validatePlan(plan: ConsolidationPlan, limits: PlanLimits = DEFAULT_LIMITS): void {
  const get = (id: string) => {
    const memory = plan.memories.get(id);
    if (!memory) throw new PlanRefusedError(`plan refused: it names ${id}, which is not an active memory`);
    return memory;
  };
  for (const merge of plan.merges) {
    const [keep, fold] = [get(merge.keep), get(merge.fold)];
    if (keep.type !== fold.type) throw new PlanRefusedError(`plan refused: merge of ${merge.keep} (${keep.type}) and ${merge.fold} (${fold.type}) crosses types`);
    const sources = new Set(merge.merged.sources);
    const lost = [...keep.sources, ...fold.sources].filter((source) => !sources.has(source));
    if (lost.length > 0) throw new PlanRefusedError(`plan refused: merge into ${merge.keep} drops source ${lost[0]}`);
  }
  const touched = [...plan.merges.flatMap((m) => [m.keep, m.fold]), ...plan.supersedes.map((s) => s.loser), ...plan.prunes.map((p) => p.id), ...plan.redates.map((r) => r.id)];
  const pinned = touched.find((id) => get(id).pinned);
  if (pinned) throw new PlanRefusedError(`plan refused: it changes ${pinned}, which is pinned`);

  const removed = plan.merges.length + plan.supersedes.length + plan.prunes.length;
  const allowed = Math.max(1, Math.floor(plan.memories.size * limits.maxRemoveFraction));
  if (removed > allowed) {
    throw new PlanRefusedError(
      `plan refused: it would remove ${removed} of ${plan.memories.size} active memories, more than ${Math.round(limits.maxRemoveFraction * 100)}% (consolidation.maxRemoveFraction); nothing changed`,
    );
  }
}
