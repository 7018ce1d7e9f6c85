import { closeSync, fsync, mkdirSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

let counter = 0;

/** Temp files of atomic writes: `.<name>.compact-tmp-<pid>-<n>`. Only a killed process leaves one. */
export const TEMP_FILE = /^\..+\.compact-tmp-\d+-\d+$/;

/**
 * Writes through a temp file beside the target, fsync and a rename, so a
 * run killed at any instant leaves the old file or the new one, never a torn
 * one. For files outside a transaction: the journal itself, state, caches,
 * cassettes. Content given in pieces (each whole, no surrogate pair cut in
 * two) is written as it comes, never held as one string.
 */
export async function writeAtomic(file: string, content: string | Uint8Array | Iterable<string>): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.compact-tmp-${process.pid}-${++counter}`);
  try {
    await writeDurable(temp, typeof content === "string" ? Buffer.from(content, "utf8") : content);
    renameSync(temp, file);
  } catch (error) {
    try {
      rmSync(temp, { force: true });
    } catch {
      // The failure that stopped the write is the one to report; a temp file left is removed by the next run.
    }
    throw error;
  }
}

// Pieces are gathered up to this many characters before each write.
const WRITE_CHUNK = 1 << 20;

/**
 * Writes a new file and flushes it to disk before returning (the file is not
 * in place until renamed). Only the flush waits asynchronously: opening,
 * writing and closing are done in place, as every file-system call of a
 * commit is (see `commitChanges`).
 */
export async function writeDurable(file: string, content: Uint8Array | Iterable<string>): Promise<void> {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, "w", 0o644);
  try {
    if (content instanceof Uint8Array) writeFileSync(fd, content);
    else {
      // Each write to an open descriptor continues where the last one ended.
      let pending: string[] = [];
      let length = 0;
      for (const piece of content) {
        pending.push(piece);
        length += piece.length;
        if (length < WRITE_CHUNK) continue;
        writeFileSync(fd, pending.join(""), "utf8");
        pending = [];
        length = 0;
      }
      if (pending.length > 0) writeFileSync(fd, pending.join(""), "utf8");
    }
    await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
  } finally {
    closeSync(fd);
  }
}
