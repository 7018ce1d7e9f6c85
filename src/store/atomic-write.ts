import { randomBytes } from "node:crypto";
import { closeSync, constants, fsync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { makeFolders } from "./make-folders.js";

let counter = 0;

/** Temp files of atomic writes: `.<name>.compact-tmp-<pid>-<n><random hex>`. Only a killed process leaves one. */
export const TEMP_FILE = /^\..+\.compact-tmp-\d+-[0-9a-f]+$/;
// A new file is never opened through a link: one planted where a file is about to be written (a temp file's
// name, a stage) would have the write land wherever it points, outside the memory dir.
const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0);

/**
 * Writes through a temp file beside the target, fsync and a rename, so a
 * run killed at any instant leaves the old file or the new one, never a torn
 * one. For files outside a transaction: the journal itself, state, caches,
 * cassettes. Content given in pieces (each whole, no surrogate pair cut in
 * two) is written as it comes, never held as one string.
 */
export async function writeAtomic(file: string, content: string | Uint8Array | Iterable<string>): Promise<void> {
  // Not a name another user of the dir can guess ahead of the write (a process id and a count are).
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.compact-tmp-${process.pid}-${(++counter).toString(16)}${randomBytes(6).toString("hex")}`);
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

// Pieces are copied into a buffer of this many bytes as they come, and written when it is full. Held
// as strings until each write, they outlived the young generation and stayed in the heap until the
// next full collection: the snapshot cache of a ten-year backfill made its peak 19 MiB higher.
const WRITE_CHUNK = 1 << 20;

/**
 * Writes a new file and flushes it to disk before returning (the file is not
 * in place until renamed). Only the flush waits asynchronously: opening,
 * writing and closing are done in place, as every file-system call of a
 * commit is (see `commitChanges`).
 */
export async function writeDurable(file: string, content: Uint8Array | Iterable<string>): Promise<void> {
  makeFolders(path.dirname(file));
  const fd = openSync(file, NEW_FILE, 0o644);
  try {
    if (content instanceof Uint8Array) writeFileSync(fd, content);
    else writePieces(fd, content);
    await new Promise<void>((resolve, reject) => fsync(fd, (error) => (error ? reject(error) : resolve())));
  } finally {
    closeSync(fd);
  }
}

// Each write to an open descriptor continues where the last one ended.
function writePieces(fd: number, pieces: Iterable<string>): void {
  const chunk = Buffer.allocUnsafe(WRITE_CHUNK);
  let used = 0;
  for (const piece of pieces) {
    const bytes = Buffer.byteLength(piece, "utf8");
    if (used + bytes > WRITE_CHUNK && used > 0) {
      writeFileSync(fd, chunk.subarray(0, used));
      used = 0;
    }
    if (bytes > WRITE_CHUNK) writeFileSync(fd, piece, "utf8");
    else used += chunk.write(piece, used, "utf8");
  }
  if (used > 0) writeFileSync(fd, chunk.subarray(0, used));
}
