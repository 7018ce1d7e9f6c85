import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

/**
 * `mkdir -p`: makes a folder and the parents it lacks, and returns the
 * outermost folder it made (undefined when none was missing), as
 * `mkdirSync(folder, { recursive: true })` does. Node's recursive mkdir
 * tries again, forever, a folder that the file system refuses with "no such
 * file" under a parent that exists (any folder under /proc): here each folder
 * is made once, and that refusal is an error.
 */
export function makeFolders(folder: string): string | undefined {
  const missing: string[] = [];
  for (let current = path.resolve(folder); ; ) {
    try {
      if (statSync(current).isDirectory()) break;
      throw Object.assign(new Error(`ENOTDIR: not a directory, mkdir '${current}'`), { code: "ENOTDIR", path: current });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      missing.push(current);
      const parent = path.dirname(current);
      if (parent === current) throw error;
      current = parent;
    }
  }
  for (const made of missing.toReversed()) {
    try {
      mkdirSync(made);
    } catch (error) {
      // Made meanwhile by another run: as good.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return missing.at(-1);
}
