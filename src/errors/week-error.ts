import { UsageError } from "./usage-error.js";

/** A period label that is malformed or names a week that does not exist. */
export class WeekError extends UsageError {
  constructor(
    readonly label: string,
    reason: string,
  ) {
    super(`invalid week '${label}': ${reason}`);
  }
}
