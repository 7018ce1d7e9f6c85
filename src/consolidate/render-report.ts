import type { ConsolidationPlan } from "./plan-types.js";

const PREVIEW = 100;

/**
 * Seed 003's report, its words and line formats exactly; empty sections are
 * left out. The closing `Proposed:` line carries `Apply? [Y/n]` only when
 * the run will ask.
 */
export function renderReport(plan: ConsolidationPlan, options: { asking: boolean }): string {
  const lines = ["## dream — consolidation report"];
  if (plan.merges.length > 0) {
    lines.push(`Merges (${plan.merges.length}):`);
    for (const merge of plan.merges) lines.push(`[${merge.keep}] + [${merge.fold}] → "${preview(merge.merged.body)}"`);
  }
  if (plan.conflicts.length > 0) {
    lines.push(`Conflicts (${plan.conflicts.length}):`);
    for (const conflict of plan.conflicts) lines.push(`[${conflict.a}] vs [${conflict.b}] — "${conflict.topic}" [A/B/skip]`);
  }
  if (plan.prunes.length > 0) {
    lines.push(`Prune (${plan.prunes.length}):`);
    for (const prune of plan.prunes) lines.push(`[${prune.id}] — ${prune.type}, ${prune.ageDays}d old`);
  }
  if (plan.redates.length > 0) {
    lines.push(`Redate (${plan.redates.length}):`);
    for (const redate of plan.redates) lines.push(`[${redate.id}] — relative dates made absolute`);
  }
  const proposed = `Proposed: ${plan.merges.length} merges, ${plan.prunes.length} prunes, ${plan.conflicts.length} conflicts.`;
  lines.push(options.asking ? `${proposed} Apply? [Y/n]` : proposed);
  return `${lines.join("\n")}\n`;
}

/** True when the plan proposes nothing at all. */
export function isEmptyPlan(plan: ConsolidationPlan): boolean {
  return plan.merges.length + plan.conflicts.length + plan.prunes.length + plan.redates.length === 0;
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return [...flat].length <= PREVIEW ? flat : `${[...flat].slice(0, PREVIEW - 1).join("")}…`;
}
