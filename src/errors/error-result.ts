import { CompactorError, type ErrorCode } from "./compactor-error.js";

/** A failure as data: what `--json` prints when a command fails. */
export interface ErrorResult {
  schemaVersion: 1;
  ok: false;
  error: { code: ErrorCode | "E_INTERNAL"; message: string };
}

export function errorResult(error: unknown): ErrorResult {
  if (error instanceof CompactorError) return { schemaVersion: 1, ok: false, error: { code: error.code, message: error.message } };
  return { schemaVersion: 1, ok: false, error: { code: "E_INTERNAL", message: (error as Error)?.message ?? String(error) } };
}
