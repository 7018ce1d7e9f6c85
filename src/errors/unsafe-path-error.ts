import { CompactorError } from "./compactor-error.js";

/** A write (or a read of logs) that would leave the memory directory or go through a symlink. Nothing is written. */
export class UnsafePathError extends CompactorError {
  constructor(
    readonly file: string,
    readonly reason: string,
    action: "write" | "read" = "write",
  ) {
    super("E_UNSAFE_PATH", `refusing to ${action} ${file}: ${reason}; nothing changed`);
  }
}
