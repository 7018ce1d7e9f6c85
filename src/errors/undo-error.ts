import { CompactorError } from "./compactor-error.js";

/** A run cannot be undone: none left, a file changed since, a damaged journal or saved copy. */
export class UndoError extends CompactorError {
  /** The file that stops the undo (changed since the run, its saved copy damaged), when one does. */
  readonly file?: string;

  constructor(message: string, options?: { file?: string }) {
    super("E_UNDO", message);
    if (options?.file !== undefined) this.file = options.file;
  }
}
