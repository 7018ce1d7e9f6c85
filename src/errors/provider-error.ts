import { CompactorError } from "./compactor-error.js";

/** A provider call failed for good: retries ran out, a timeout, a refused key. */
export class ProviderError extends CompactorError {
  constructor(
    readonly provider: string,
    message: string,
    /** HTTP status, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super("E_PROVIDER", `${provider}: ${message}`, options);
  }
}
