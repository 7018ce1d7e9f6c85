import { mkdir, open, rename, rm } from "node:fs/promises";
import path from "node:path";

let counter = 0;

/** Temp files of atomic writes: `.<name>.compact-tmp-<pid>-<n>`. Only a killed process leaves one. */
export const TEMP_FILE = /^\..+\.compact-tmp-\d+-\d+$/;

/**
 * Writes through a temp file beside the target, fsync and a rename, so a
 * run killed at any instant leaves the old file or the new one, never a torn
 * one. For files outside a transaction: the journal itself, state, caches,
 * cassettes. Everything goes through `node:fs/promises`, so tests can make
 * any write fail.
 */
export async function writeAtomic(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.compact-tmp-${process.pid}-${++counter}`);
  try {
    await writeDurable(temp, typeof content === "string" ? Buffer.from(content, "utf8") : content);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
}

/** Writes a new file and flushes it to disk before returning (the file is not in place until renamed). */
export async function writeDurable(file: string, content: Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "w", 0o644);
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
}
