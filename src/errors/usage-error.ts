import { CompactorError } from "./compactor-error.js";

/** A wrong argument: a flag, a week label, a directory that does not exist. */
export class UsageError extends CompactorError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("E_USAGE", message, options);
  }
}
