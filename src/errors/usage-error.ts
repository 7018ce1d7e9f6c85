import { CompactorError } from "./compactor-error.js";

/** A wrong argument: a flag, a week label, a directory that does not exist. */
export class UsageError extends CompactorError {
  /** The file the argument named, when it names one that cannot be used. */
  readonly file?: string;

  constructor(message: string, options?: { cause?: unknown; file?: string }) {
    super("E_USAGE", message, options);
    if (options?.file !== undefined) this.file = options.file;
  }
}
