import path from "node:path";
import { CompactorError } from "../errors/compactor-error.js";
import { redactSecrets } from "../logs/redact-secrets.js";
import { currentSnapshot } from "../store/current-snapshot.js";
import type { MemoryDir } from "../store/memory-dir.js";
import type { Snapshot } from "../store/snapshot.js";

// Longer than any path the system can open (Linux's PATH_MAX is 4096 bytes).
const MAX_PATH_CHARS = 4096;

/** A memory or summary file's text, or why it is not handed out. */
export type MemoryFileRead = { file: string; text: string } | { refused: string };

/**
 * The text of one active memory (a topic file) or period summary, by its
 * path in the memory dir. Anything else is refused: a path leaving the dir,
 * a symlink whose real path is outside it (the snapshot never reads those),
 * the lock, journals, logs, config. Read again each time (unchanged files
 * confirmed by their stat), so a run that just finished is seen.
 */
export async function readMemoryFile(dir: MemoryDir, file: string): Promise<MemoryFileRead> {
  const outside = { refused: `'${shown(file)}' is not a path inside the memory directory` };
  // Normalising a path of megabytes held the server for seconds; no file of the dir has one.
  if (file.length > MAX_PATH_CHARS) return outside;
  try {
    dir.resolve(file);
  } catch (error) {
    if (error instanceof CompactorError) return outside;
    throw error;
  }
  const { snapshot } = await currentSnapshot(dir);
  const clean = await fileNamed(path.posix.normalize(file), snapshot);
  const known = snapshot.memories.some((m) => m.file === clean) || snapshot.summaries.some((s) => s.file === clean);
  const text = snapshot.texts.get(clean);
  if (!known || text === undefined) return { refused: `'${shown(file)}' is not a memory or summary file of this memory directory (search_memory lists them)` };
  // Handed to an agent's model: a secret written into the file by hand is redacted, as everything that leaves is.
  return { file: clean, text: (await redactSecrets(text)).text };
}

// Search hands out a file whose name holds a secret under its redacted name: that name reads the file.
async function fileNamed(file: string, snapshot: Snapshot): Promise<string> {
  if (!file.includes("[REDACTED:")) return file;
  for (const candidate of [...snapshot.memories, ...snapshot.summaries]) {
    if ((await redactSecrets(candidate.file)).text === file) return candidate.file;
  }
  return file;
}

/** The index file's text (MEMORY.md, or local.md in the `.agents` layout), or undefined before the first run. */
export async function readIndexFile(dir: MemoryDir): Promise<string | undefined> {
  const read = await dir.readInput(dir.layout.indexFile);
  return "bytes" in read ? (await redactSecrets(read.bytes.toString("utf8"))).text : undefined;
}

// A refused path as the answer quotes it: its start, not a megabyte sent back.
const SHOWN_CHARS = 200;

// Cut at a character, never inside one (half an emoji is not text), with what cannot be printed as escapes.
function shown(file: string): string {
  const start =
    file.length <= SHOWN_CHARS
      ? file
      : Array.from(file.slice(0, SHOWN_CHARS + 1))
          .slice(0, -1)
          .join("");
  const printable = start.replace(UNPRINTABLE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return file.length <= SHOWN_CHARS ? printable : `${printable}… (${file.length} characters)`;
}

// Controls, and the marks that turn text around (a path quoted back must read as it was sent).
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
