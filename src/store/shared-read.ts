import { stat } from "node:fs/promises";
import path from "node:path";
import type { MemoryDir } from "./memory-dir.js";
import { SUMMARY_GLOBS } from "./snapshot.js";

// The folders a read of the dir lists: the topics folder, the archive, the summaries, the index's.
function foldersRead(dir: MemoryDir): string[] {
  const folders = [dir.layout.topicsDir || ".", "archive", "memory-index", path.posix.dirname(dir.layout.indexFile)];
  for (const glob of SUMMARY_GLOBS) folders.push(path.posix.dirname(glob));
  return [...new Set(folders)];
}

/**
 * What the folders a read lists look like now: their inode, change and
 * modification times. A commit puts each file in place by a rename, and a
 * file added or removed by hand changes its folder too: either changes this.
 * (A file rewritten in place by hand changes no folder: the next read sees it.)
 */
export async function foldersStamp(dir: MemoryDir): Promise<string> {
  const stamps = await Promise.all(
    foldersRead(dir).map(async (folder) => {
      const found = await stat(path.join(dir.root, folder), { bigint: true }).catch(() => undefined);
      return found ? `${found.ino}:${found.mtimeNs}:${found.ctimeNs}` : "-";
    }),
  );
  return stamps.join(" ");
}

/**
 * One read of a memory dir shared by the requests that ask for it while it
 * is under way, rather than each holding a copy of the dir; a request that
 * comes after a folder it lists has changed (a commit, a file added) does not
 * join a read that began before the change, but starts the next one.
 */
export class SharedRead<T> {
  private readonly underWay = new WeakMap<MemoryDir, { stamp: string; read: Promise<T> }>();

  constructor(private readonly read: (dir: MemoryDir) => Promise<T>) {}

  async get(dir: MemoryDir): Promise<T> {
    const stamp = await foldersStamp(dir);
    const shared = this.underWay.get(dir);
    if (shared?.stamp === stamp) return shared.read;
    const started = { stamp, read: this.read(dir) };
    const forget = () => {
      if (this.underWay.get(dir) === started) this.underWay.delete(dir);
    };
    started.read.then(forget, forget);
    this.underWay.set(dir, started);
    return started.read;
  }
}
