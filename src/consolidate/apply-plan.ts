import { type Memory, memoryId } from "../memory/memory.js";
import type { ConsolidationPlan } from "./plan-types.js";

/** What applying a plan does to the memory set: memories written (by file) and files removed. */
export interface PlanEffect {
  /** New or rewritten memories, by their file. */
  writes: Memory[];
  /** Files removed from the active set (their old text goes to the trash). */
  removes: string[];
}

/**
 * Applies a plan to the memory set, in memory. Pure. A merge rewrites the
 * kept memory and removes the folded one; a superseded memory moves to
 * `archive/` with `valid_to` and `superseded_by`, and its winner gains
 * `supersedes` (unless pinned); a pruned memory is removed; a redated one
 * rewritten.
 */
export function applyPlan(plan: ConsolidationPlan, today: string, archived: Set<string>): PlanEffect {
  const writes = new Map<string, Memory>();
  const removes = new Set<string>();
  const get = (id: string): Memory => {
    const found = plan.memories.get(id);
    if (!found) throw new Error(`plan names unknown memory ${id}`);
    return writes.get(found.file) ?? found;
  };
  for (const merge of plan.merges) {
    writes.set(merge.merged.file, merge.merged);
    removes.add(get(merge.fold).file);
  }
  for (const supersede of plan.supersedes) {
    const winner = get(supersede.winner);
    const loser = get(supersede.loser);
    if (!winner.pinned) writes.set(winner.file, { ...winner, supersedes: [...winner.supersedes, memoryId(loser)] });
    removes.add(loser.file);
    const file = archivePath(loser.file, today, archived);
    writes.set(file, { ...loser, file, status: "superseded", validTo: today, supersededBy: memoryId(winner) });
  }
  for (const prune of plan.prunes) removes.add(get(prune.id).file);
  for (const redate of plan.redates) {
    const redated = get(redate.id);
    writes.set(redated.file, { ...redated, body: redate.body });
  }
  for (const file of removes) writes.delete(file);
  return { writes: [...writes.values()], removes: [...removes] };
}

// archive/<file>, or archive/<name>.<date>.md when a memory of that name was archived before.
function archivePath(filePath: string, today: string, archived: Set<string>): string {
  const file = filePath.slice(filePath.lastIndexOf("/") + 1);
  const plain = `archive/${file}`;
  if (!archived.has(plain)) {
    archived.add(plain);
    return plain;
  }
  for (let n = 1; ; n++) {
    const dated = `archive/${file.replace(/\.md$/, "")}.${today}${n > 1 ? `-${n}` : ""}.md`;
    if (!archived.has(dated)) {
      archived.add(dated);
      return dated;
    }
  }
}
