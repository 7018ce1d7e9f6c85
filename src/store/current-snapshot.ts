import type { MemoryDir } from "./memory-dir.js";
import { SharedRead } from "./shared-read.js";
import { readSnapshot, type Snapshot } from "./snapshot.js";
import { SnapshotCache } from "./snapshot-cache.js";

/** A read of the dir as it is on disk now, with the cache that confirmed it. */
export interface CurrentRead {
  snapshot: Snapshot;
  cache: SnapshotCache;
}

// What this process's last read of a dir found: the next one confirms an unchanged file by its size and
// mtime instead of parsing the saved cache and every file again (half a second a read over a year of memories).
// Kept with the number of the read that made it: a read begun before a change and ending after the read
// begun after it leaves the later one's.
const lastReads = new WeakMap<MemoryDir, { number: number; cache: SnapshotCache }>();
let readsBegun = 0;
// A read under way: requests arriving meanwhile share it, rather than each holding a copy of the dir,
// unless the dir has changed since it began.
const reads = new SharedRead(readAgain);

/** The memory dir as it is on disk now, for a process answering read after read (search, `compact mcp`). */
export function currentSnapshot(dir: MemoryDir): Promise<CurrentRead> {
  return reads.get(dir);
}

async function readAgain(dir: MemoryDir): Promise<CurrentRead> {
  const number = ++readsBegun;
  const cache = lastReads.get(dir)?.cache.followOn() ?? (await SnapshotCache.load(dir));
  const snapshot = await readSnapshot(dir, { cache });
  if ((lastReads.get(dir)?.number ?? 0) < number) lastReads.set(dir, { number, cache });
  return { snapshot, cache };
}
