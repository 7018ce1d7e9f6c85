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
 * any write fail. Content given in pieces (each whole, no surrogate pair cut
 * in two) is written as it comes, never held as one string.
 */
export async function writeAtomic(file: string, content: string | Uint8Array | Iterable<string>): Promise<void> {
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

// Pieces are gathered up to this many characters before each write.
const WRITE_CHUNK = 1 << 20;

/** Writes a new file and flushes it to disk before returning (the file is not in place until renamed). */
export async function writeDurable(file: string, content: Uint8Array | Iterable<string>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "w", 0o644);
  try {
    if (content instanceof Uint8Array) await handle.writeFile(content);
    else {
      // Each writeFile on an open handle continues where the last one ended.
      let pending: string[] = [];
      let length = 0;
      for (const piece of content) {
        pending.push(piece);
        length += piece.length;
        if (length < WRITE_CHUNK) continue;
        await handle.writeFile(pending.join(""), "utf8");
        pending = [];
        length = 0;
      }
      if (pending.length > 0) await handle.writeFile(pending.join(""), "utf8");
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
}
