import { CompactorError, type ErrorCode } from "./compactor-error.js";

/** A failure as data: what `--json` prints when a command fails. */
export interface ErrorResult {
  schemaVersion: 1;
  ok: false;
  /** The command that failed, when the command line named one. */
  command?: string;
  error: {
    code: ErrorCode | "E_INTERNAL";
    message: string;
    /** The file the failure is about (relative to the memory dir when it is in it), when there is one. */
    file?: string;
    /** Weeks the run wrote before it failed, which stay written. */
    written?: string[];
  };
}

export function errorResult(error: unknown, command?: string): ErrorResult {
  const head = { schemaVersion: 1 as const, ok: false as const, ...(command ? { command } : {}) };
  if (error instanceof CompactorError) {
    const file = (error as { file?: unknown }).file;
    const written = error.written ? { written: error.written } : {};
    return { ...head, error: { code: error.code, message: error.message, ...(typeof file === "string" ? { file } : {}), ...written } };
  }
  return { ...head, error: { code: "E_INTERNAL", message: (error as Error)?.message ?? String(error) } };
}
