import { CompactorError } from "./compactor-error.js";

/** A config file that cannot be read or does not validate, or a setting that cannot work (a missing API key). */
export class ConfigError extends CompactorError {
  /** The config file the error is about, when there is one (`error.file` in `--json`). */
  readonly file?: string;

  constructor(message: string, options?: { cause?: unknown; file?: string | undefined }) {
    super("E_CONFIG", message, options);
    if (options?.file !== undefined) this.file = options.file;
  }
}
