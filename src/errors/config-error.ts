import { UsageError } from "./usage-error.js";

/** A config file that cannot be read or does not validate. */
export class ConfigError extends UsageError {}
