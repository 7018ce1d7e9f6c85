import { CompactorError } from "./compactor-error.js";

/** A run cannot be undone: none left, a file changed since, a damaged journal or saved copy. */
export class UndoError extends CompactorError {
  constructor(message: string) {
    super("E_UNDO", message);
  }
}
