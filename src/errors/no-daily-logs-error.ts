import { CompactorError } from "./compactor-error.js";

/** The week has no daily logs: nothing to do. Not a failure, so the CLI exits 0. */
export class NoDailyLogsError extends CompactorError {
  override readonly exitCode = 0;
}
