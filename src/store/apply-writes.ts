import pLimit from "p-limit";
import { writeAtomic } from "./atomic-write.js";
import { resolveInside } from "./memory-paths.js";
import type { PlannedWrite } from "./plan-writes.js";

// Each write waits on an fsync; a few at once keep a large backfill from taking minutes.
const CONCURRENT_WRITES = 16;
const ROLE_ORDER: PlannedWrite["role"][] = ["trash", "memory", "weekly", "index"];

/**
 * Writes the planned files, each atomically. Trash copies go first, then
 * memories and the weekly summary, the index last: a run killed half-way
 * leaves an index that points only at files that exist.
 */
export async function applyWrites(dir: string, planned: PlannedWrite[]): Promise<void> {
  const limit = pLimit(CONCURRENT_WRITES);
  for (const role of ROLE_ORDER) {
    const writes = planned.filter((write) => write.role === role && write.action !== "unchanged");
    await Promise.all(writes.map((write) => limit(() => writeAtomic(resolveInside(dir, write.path), write.content))));
  }
}
