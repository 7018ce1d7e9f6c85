import { CompactorError } from "./compactor-error.js";

/** A write that would leave the memory directory or go through a symlink. Nothing is written. */
export class UnsafePathError extends CompactorError {
  constructor(
    readonly file: string,
    reason: string,
  ) {
    super("E_UNSAFE_PATH", `refusing to write ${file}: ${reason}; nothing changed`);
  }
}
