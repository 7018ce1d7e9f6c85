import { CompactorError } from "./compactor-error.js";

/** Another run holds the memory dir's lock. Not a failure for a scheduled run: it simply skips. */
export class LockedError extends CompactorError {
  constructor(readonly holder: { pid: number; host: string; startedAt: string; command: string }) {
    super("E_LOCKED", "Another run in progress — skipping.");
  }
}
