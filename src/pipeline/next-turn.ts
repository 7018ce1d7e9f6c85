/**
 * Lets the event loop take a turn: callbacks of finished disk work (a
 * flush done, a file read) run before the caller goes on. A long run's steps
 * mostly await work that is already done, which resolves without the loop
 * turning; without a turn between them, a week's commit written behind the
 * next week's work would only move on once that work stops for good.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
