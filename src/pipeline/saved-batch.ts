import { rm } from "node:fs/promises";
import { z } from "zod";
import { InputError } from "../errors/input-error.js";
import { IoError } from "../errors/io-error.js";
import { writeAtomic } from "../store/atomic-write.js";
import { STATE_DIR } from "../store/journal.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { decodeText } from "../text/decode-text.js";

/** Where a submitted batch waits to be collected, relative to the memory dir. */
export const SAVED_BATCH_FILE = `${STATE_DIR}/batch.json`;

const savedBatchSchema = z.object({
  version: z.literal(1),
  provider: z.string().min(1),
  model: z.string().min(1),
  id: z.string().min(1),
  submittedAt: z.string(),
  weeks: z.array(
    z.object({
      week: z.string().regex(/^\d{4}-W\d{2}$/),
      customId: z.string().min(1),
      /** sha256 of the request's parameters as sent. */
      requestHash: z.string().regex(/^[0-9a-f]{64}$/),
      /** The logs the request was made from: results of a week whose logs changed since are not applied. */
      logs: z.array(z.object({ file: z.string(), sha256: z.string() })),
    }),
  ),
});

/** A batch submitted and not yet collected: what `compact --auto --batch` resumes. */
export type SavedBatch = z.infer<typeof savedBatchSchema>;

/** The saved batch, if there is one. A file that is not one is an error: guessing could pay for the same weeks twice. */
export async function readSavedBatch(dir: MemoryDir): Promise<SavedBatch | undefined> {
  if ((await dir.list([SAVED_BATCH_FILE])).files.length === 0) return undefined;
  const read = await dir.readInput(SAVED_BATCH_FILE);
  if ("skipped" in read) throw new InputError(SAVED_BATCH_FILE, read.skipped.message);
  let parsed: ReturnType<typeof savedBatchSchema.safeParse>;
  try {
    parsed = savedBatchSchema.safeParse(JSON.parse(decodeText(read.bytes, SAVED_BATCH_FILE).text));
  } catch (error) {
    throw new InputError(SAVED_BATCH_FILE, `not JSON (${(error as Error).message}); delete it to submit a new batch`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new InputError(SAVED_BATCH_FILE, `not a saved batch (${issue.path.join(".") || "(top)"}: ${issue.message}); delete it to submit a new batch`);
  }
  return parsed.data;
}

/** Bookkeeping, not memory: written atomically, outside the undoable runs. */
export async function writeSavedBatch(dir: MemoryDir, saved: SavedBatch): Promise<void> {
  await dir.assertWritable(SAVED_BATCH_FILE);
  await writeAtomic(dir.resolve(SAVED_BATCH_FILE), `${JSON.stringify(saved, null, 2)}\n`);
}

/** Forgets the batch once its results are applied. */
export async function removeSavedBatch(dir: MemoryDir): Promise<void> {
  await rm(dir.resolve(SAVED_BATCH_FILE), { force: true }).catch((error: unknown) => {
    throw IoError.from(SAVED_BATCH_FILE, "remove", error);
  });
}
