import { mkdir } from "node:fs/promises";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";

/**
 * Writes through a temp file and a rename, so a run killed at any instant
 * leaves the old file or the new one, never a torn one.
 */
export async function writeAtomic(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, content, { encoding: "utf8", fsync: true });
}
