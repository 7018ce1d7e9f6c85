import { CompactorError } from "./compactor-error.js";

/** A file in the memory directory could not be read or is unusable. */
export class InputError extends CompactorError {
  constructor(
    readonly file: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${file}: ${reason}`, options);
  }
}
