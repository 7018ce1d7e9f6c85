import { CompactorError } from "./compactor-error.js";

/** A config file that cannot be read or does not validate, or a setting that cannot work (a missing API key). */
export class ConfigError extends CompactorError {
  constructor(message: string, options?: { cause?: unknown }) {
    super("E_CONFIG", message, options);
  }
}
