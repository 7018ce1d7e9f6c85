import { CompactorError } from "./compactor-error.js";

/** The command line or an argument to the library was wrong (exit code 2). */
export class UsageError extends CompactorError {
  override readonly exitCode = 2;
}
