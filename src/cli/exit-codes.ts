import type { ErrorCode } from "../errors/compactor-error.js";

/** The one place an error code becomes a process exit code. */
export const EXIT_CODES: Record<ErrorCode, number> = {
  E_USAGE: 2,
  E_CONFIG: 2,
  E_INPUT: 1,
  E_UNSAFE_PATH: 1,
  E_IO: 1,
  E_PROVIDER: 1,
  E_MODEL_ANSWER: 1,
  E_UNTRACED: 1,
  // Another run holds the lock: a scheduled run simply skips.
  E_LOCKED: 0,
  E_PLAN_REFUSED: 1,
  E_UNDO: 1,
  E_ABORTED: 130,
};

/** 130 for SIGINT, 143 for SIGTERM, as shells report them. */
export function abortExitCode(reason: string): number {
  return reason === "SIGTERM" ? 143 : 130;
}
