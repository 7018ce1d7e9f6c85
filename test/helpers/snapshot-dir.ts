import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { glob } from "tinyglobby";

/**
 * Every file under a directory (dot files included) with a hash of its bytes.
 * `{ state: false }` leaves out compact's own bookkeeping in `.compact/`
 * (journal, trash), to compare what a user sees.
 */
export async function snapshotDir(dir: string, options: { state?: boolean } = {}): Promise<Record<string, string>> {
  const files = await glob(["**/*"], { cwd: dir, dot: true, onlyFiles: true });
  const snapshot: Record<string, string> = {};
  for (const file of files.sort()) {
    if (options.state === false && file.startsWith(".compact/")) continue;
    snapshot[file] = createHash("sha256")
      .update(await readFile(`${dir}/${file}`))
      .digest("hex");
  }
  return snapshot;
}
