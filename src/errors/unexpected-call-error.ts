import { CompactorError } from "./compactor-error.js";

/** A mock model was called more often than it had answers for. */
export class UnexpectedCallError extends CompactorError {}
