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

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}
