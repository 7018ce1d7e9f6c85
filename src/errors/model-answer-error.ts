import { CompactorError } from "./compactor-error.js";

/**
 * The model answered, but not in the format seed 002 asks for, even after a
 * repair attempt. Kept apart from provider failures: the call itself worked.
 */
export class ModelAnswerError extends CompactorError {
  constructor(
    message: string,
    /** The last answer received, for diagnosis. */
    readonly answer: string,
  ) {
    super(message);
  }
}
