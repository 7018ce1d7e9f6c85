import { ConfigError } from "./config-error.js";

/** A provider needs an API key and its variable is not set. Raised before any work. */
export class MissingKeyError extends ConfigError {
  constructor(
    readonly provider: string,
    readonly variable: string,
  ) {
    super(`the ${provider} provider needs an API key: set ${variable} (or name another variable in model.apiKeyEnv)`);
  }
}
