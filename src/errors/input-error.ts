import { CompactorError } from "./compactor-error.js";

/** A file the run must read is unusable: too large, unreadable, not a file. */
export class InputError extends CompactorError {
  constructor(
    readonly file: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super("E_INPUT", `${file}: ${reason}`, options);
  }
}
