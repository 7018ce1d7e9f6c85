/**
 * Stable codes of the problems a user can act on. Callers (and `--json`
 * readers) match on these, never on message text.
 */
export type ErrorCode =
  | "E_USAGE"
  | "E_CONFIG"
  | "E_INPUT"
  | "E_UNSAFE_PATH"
  | "E_IO"
  | "E_PROVIDER"
  | "E_MODEL_ANSWER"
  | "E_UNTRACED"
  | "E_LOCKED"
  | "E_PLAN_REFUSED"
  | "E_UNDO"
  | "E_ABORTED";

/**
 * Base class for problems a user can act on: a one-line message and a stable
 * code. Anything thrown that is not a CompactorError is a bug.
 */
export class CompactorError extends Error {
  readonly code: ErrorCode;
  /** What a run wrote before it failed (weeks, by label): set by `noteWritten`. */
  written?: string[];

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/**
 * Says in a failure's message which weeks a run committed before it: they
 * stay written, and "nothing changed" would no longer be true. `step` names
 * what failed when it was not a week (the consolidation after them); `rest`
 * says weeks were left for the next run.
 */
export function noteWritten(error: CompactorError, weeks: string[], indexed: boolean, options: { step?: string; rest?: boolean } = {}): CompactorError {
  if (weeks.length === 0) {
    if (options.step) error.message = `${options.step} failed: ${error.message}`;
    return error;
  }
  const which = weeks.length === 1 ? weeks[0] : `${weeks[0]} … ${weeks.at(-1)}`;
  const rest = options.rest ?? true;
  const note = `${weeks.length} week${weeks.length === 1 ? "" : "s"} written before it (${which}${indexed ? ", in the index" : ""})${rest ? ", the rest left for the next run" : ""}`;
  const bare = error.message.replace(/[;,]?\s*nothing changed\s*$/, "");
  error.message = `${options.step ? `${options.step} failed: ` : ""}${bare}; ${note}`;
  error.written = weeks;
  return error;
}
