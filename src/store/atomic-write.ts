import { mkdir, open } from "node:fs/promises";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";

/**
 * Writes through a temp file, fsync and a rename, so a run killed at any
 * instant leaves the old file or the new one, never a torn one. For files
 * outside a transaction: the journal itself, state, caches, cassettes.
 */
export async function writeAtomic(file: string, content: string | Uint8Array): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, typeof content === "string" ? content : Buffer.from(content), { fsync: true });
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

/** write-file-atomic's temp files: `<name>.<hex>` beside the target. Left only by a killed process. */
export const ATOMIC_TEMP = /\.[0-9a-f]{6,}$/;
