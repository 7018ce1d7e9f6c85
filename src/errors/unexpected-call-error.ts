/** A mock model was called more often than it had answers for: a mistake in a test, not a user's. */
export class UnexpectedCallError extends Error {}
