import { CompactorError } from "./compactor-error.js";

/** `strict`: some summary bullets or memories trace to no daily entry. Nothing is written. */
export class UntracedOutputError extends CompactorError {
  constructor(message: string) {
    super("E_UNTRACED", message);
  }
}
