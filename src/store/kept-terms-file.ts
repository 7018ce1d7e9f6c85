import { existsSync } from "node:fs";
import path from "node:path";
import { decodeKeptTerms, encodeKeptTerms, type KeptTerms } from "../search/kept-terms.js";
import { writeAtomic } from "./atomic-write.js";
import type { MemoryDir } from "./memory-dir.js";

/** The memories' terms as a run's index counted them (name, description and text). */
export const MEMORY_TERMS_FILE = ".compact/memory-terms.bin";
/** The terms of what search ranks: memories and summaries, their name and description weighed twice. */
export const SEARCH_TERMS_FILE = ".compact/search-terms.bin";

/** The terms kept in `file`, or undefined when there are none to trust (missing, unreadable, another format or tokenizer). */
export async function loadKeptTerms(dir: MemoryDir, file: string): Promise<KeptTerms | undefined> {
  const read = await dir.readInput(file, Number.MAX_SAFE_INTEGER).catch(() => undefined);
  return read && "bytes" in read ? decodeKeptTerms(read.bytes) : undefined;
}

/**
 * Keeps terms for the next run, atomically. Only in a dir a run has
 * worked in (its `.compact/` exists): a search of memories written by hand
 * leaves the dir as it found it. A file that cannot be written costs the
 * next run time, never this one its result.
 */
export async function saveKeptTerms(dir: MemoryDir, file: string, kept: KeptTerms): Promise<void> {
  if (!existsSync(dir.resolve(path.posix.dirname(file)))) return;
  try {
    await dir.assertWritable(file);
    await writeAtomic(dir.resolve(file), encodeKeptTerms(kept));
  } catch {
    // Kept terms only spare time.
  }
}
