import { CompactorError } from "./compactor-error.js";

const CAUSES: Record<string, string> = {
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  EIO: "input/output error",
  EISDIR: "a directory is in the way",
  ENOTDIR: "a file is in the way of a directory",
  EEXIST: "a file is in the way",
  EMFILE: "too many open files",
  ENAMETOOLONG: "name too long",
};

/** The file system refused a read or write: disk full, permissions, a directory in the way. */
export class IoError extends CompactorError {
  constructor(
    readonly file: string,
    readonly errno: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super("E_IO", `${file}: ${detail}`, options);
  }

  /** From a Node file-system error: `weekly/2026-W14.md: cannot write: no space left on device (ENOSPC)`. */
  static from(file: string, verb: string, error: unknown, tail = ""): IoError {
    const code = (error as NodeJS.ErrnoException | undefined)?.code ?? "EIO";
    const cause = CAUSES[code] ?? (error as Error | undefined)?.message?.split("\n")[0] ?? "failed";
    return new IoError(file, code, `cannot ${verb}: ${cause} (${code})${tail}`, { cause: error });
  }
}

/** True for an error thrown by Node's file system with an errno code. */
export function isFsError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === "string" && typeof (error as NodeJS.ErrnoException).syscall === "string";
}
