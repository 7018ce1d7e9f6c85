import type { TokenUsage } from "../model/memory-model.js";
import { CompactorError } from "./compactor-error.js";

/**
 * The model answered, but not in the format asked for, even after a repair
 * attempt. Kept apart from provider failures: the call itself worked.
 */
export class ModelAnswerError extends CompactorError {
  constructor(
    message: string,
    /** The last answer received (secrets redacted), for diagnosis. */
    readonly answer: string,
    /** The tokens the unusable answers took, which the provider bills all the same. */
    readonly usage?: TokenUsage,
  ) {
    super("E_MODEL_ANSWER", message);
  }
}
