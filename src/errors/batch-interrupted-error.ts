import { AbortedError } from "./aborted-error.js";

/** Interrupted while waiting for a provider batch: nothing changed, and the batch stays saved to be collected. */
export class BatchInterruptedError extends AbortedError {
  constructor(
    reason: string,
    readonly batchId: string,
    /** Where the batch is saved, relative to the memory dir. */
    readonly savedIn: string,
  ) {
    super(reason);
    this.message = `interrupted (${reason}) while waiting for batch ${batchId}; nothing changed — it stays saved in ${savedIn}: run compact --auto --batch again to collect it`;
  }
}
