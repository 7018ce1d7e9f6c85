import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `mkdir -p`: makes a folder and the parents it lacks, and returns the
 * outermost folder it made (undefined when none was missing), as
 * `mkdirSync(folder, { recursive: true })` does. Node's recursive mkdir
 * tries again, forever, a folder that the file system refuses with "no such
 * file" under a parent that exists (any folder under /proc): here each folder
 * is made once, and that refusal is an error. A link to nothing where a
 * folder should be is an error, as it is to mkdir.
 */
export function makeFolders(folder: string): string | undefined {
  const target = path.resolve(folder);
  const missing: string[] = [];
  for (let current = target; ; ) {
    try {
      if (statSync(current).isDirectory()) break;
      // A file in the way: where the folder itself should be, as mkdir says it; above it, as a path lookup does.
      const code = current === target ? "EEXIST" : "ENOTDIR";
      throw Object.assign(new Error(`${code}: ${current === target ? "file already exists" : "not a directory"}, mkdir '${target}'`), { code, path: current });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      missing.push(current);
      const parent = path.dirname(current);
      if (parent === current) throw error;
      current = parent;
    }
  }
  // Only a folder made here is returned: one another run made meanwhile is not this run's to remove.
  let made: string | undefined;
  for (const next of missing.toReversed()) {
    try {
      mkdirSync(next);
      made ??= next;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || !isFolder(next)) throw error;
    }
  }
  return made;
}

function isFolder(folder: string): boolean {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
}
