import { setTimeout as sleep } from "node:timers/promises";
import { abortReason } from "../errors/aborted-error.js";
import { BatchInterruptedError } from "../errors/batch-interrupted-error.js";
import { ProviderError } from "../errors/provider-error.js";
import type { BatchClient, BatchStatus } from "../model/batch-client.js";
import { SAVED_BATCH_FILE } from "./saved-batch.js";

/**
 * Looks at the batch every `intervalMs` until the provider has ended it. An
 * interrupt or a failed look leaves the batch saved: the next run resumes.
 * `onChange` hears each status that differs from the last.
 */
export async function pollBatch(
  client: BatchClient,
  id: string,
  intervalMs: number,
  signal: AbortSignal | undefined,
  onChange: (status: BatchStatus) => void,
): Promise<BatchStatus> {
  let last = "";
  for (;;) {
    const status = await guarded(() => client.status(id, signal), id, signal);
    const seen = `${status.status} ${status.done}/${status.total}`;
    if (seen !== last) onChange(status);
    last = seen;
    if (status.ended) return status;
    await guarded(() => sleep(intervalMs, undefined, signal ? { signal } : {}), id, signal);
  }
}

/** Runs one step of a wait on a saved batch, saying in any error that the batch is kept. */
export async function guarded<T>(step: () => Promise<T>, id: string, signal: AbortSignal | undefined): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (signal?.aborted) throw new BatchInterruptedError(abortReason(signal), id, SAVED_BATCH_FILE);
    // A batch the provider does not know cannot be collected by running again: that error says what to do.
    if (error instanceof ProviderError && error.status !== 404) {
      const message = error.message.slice(error.provider.length + 2);
      throw new ProviderError(error.provider, `${message}; batch ${id} stays saved in ${SAVED_BATCH_FILE}: run again to collect it`, error.status, {
        cause: error,
      });
    }
    throw error;
  }
}
