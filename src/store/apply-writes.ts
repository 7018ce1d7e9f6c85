import { writeAtomic } from "./atomic-write.js";
import { resolveInside } from "./memory-paths.js";
import type { PlannedWrite } from "./plan-writes.js";

/**
 * Writes the planned files, each atomically. Trash copies go first, then
 * memories and the weekly summary, the index last: a run killed half-way
 * leaves an index that points only at files that exist.
 */
export async function applyWrites(dir: string, planned: PlannedWrite[]): Promise<void> {
  const order = { trash: 0, memory: 1, weekly: 2, index: 3 } as const;
  const writes = planned.filter((write) => write.action !== "unchanged").sort((a, b) => order[a.role] - order[b.role]);
  for (const write of writes) await writeAtomic(resolveInside(dir, write.path), write.content);
}
