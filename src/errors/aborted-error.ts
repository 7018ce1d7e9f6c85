import { CompactorError } from "./compactor-error.js";

/** The run was interrupted (SIGINT, SIGTERM, an AbortSignal) before it committed: nothing changed (`--auto`: see `noteWritten`). */
export class AbortedError extends CompactorError {
  constructor(readonly reason: string) {
    super("E_ABORTED", `interrupted (${reason}); nothing changed`);
  }
}

/** Throws AbortedError when the run's signal has fired; called between steps, never while files are put in place. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new AbortedError(abortReason(signal));
}

/** Why a signal fired, in words: `SIGINT`, `timed out` (`AbortSignal.timeout`), an Error's message, else `aborted`. */
export function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (typeof reason === "string") return reason;
  if (reason instanceof Error) {
    if (reason.name === "TimeoutError") return "timed out";
    if (reason.name !== "AbortError" && reason.message) return reason.message;
  }
  return "aborted";
}
