import type { MemoryDir } from "./memory-dir.js";
import { readSnapshot, type Snapshot } from "./snapshot.js";
import { SnapshotCache } from "./snapshot-cache.js";

/** A read of the dir as it is on disk now, with the cache that confirmed it. */
export interface CurrentRead {
  snapshot: Snapshot;
  cache: SnapshotCache;
}

// What this process's last read of a dir found: the next one confirms an unchanged file by its size and
// mtime instead of parsing the saved cache and every file again (half a second a read over a year of memories).
const lastReads = new WeakMap<MemoryDir, SnapshotCache>();
// A read under way: requests arriving meanwhile share it, rather than each holding a copy of the dir.
const underWay = new WeakMap<MemoryDir, Promise<CurrentRead>>();

/** The memory dir as it is on disk now, for a process answering read after read (search, `compact mcp`). */
export function currentSnapshot(dir: MemoryDir): Promise<CurrentRead> {
  const shared = underWay.get(dir);
  if (shared) return shared;
  const read = readAgain(dir).finally(() => underWay.delete(dir));
  underWay.set(dir, read);
  return read;
}

async function readAgain(dir: MemoryDir): Promise<CurrentRead> {
  const cache = lastReads.get(dir)?.followOn() ?? (await SnapshotCache.load(dir));
  const snapshot = await readSnapshot(dir, { cache });
  lastReads.set(dir, cache);
  return { snapshot, cache };
}
