/**
 * Base class for problems a user can act on. The CLI prints `message` on one
 * line and exits with `exitCode`; anything that is not a CompactorError is a bug.
 */
export class CompactorError extends Error {
  /** Process exit code the CLI uses for this error. */
  readonly exitCode: number = 1;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}
