import { CompactorError } from "./compactor-error.js";

/** The run was interrupted (SIGINT, SIGTERM, an AbortSignal) before it committed: nothing changed (`--auto`: see `noteWritten`). */
export class AbortedError extends CompactorError {
  constructor(readonly reason: string) {
    super("E_ABORTED", `interrupted (${reason}); nothing changed`);
  }
}

/** Throws AbortedError when the run's signal has fired; called between steps, never while files are put in place. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError(typeof signal.reason === "string" ? signal.reason : "aborted");
}
