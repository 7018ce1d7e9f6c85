/** Work written as steps: each `yield` is a point where it may pause (after a document, after a few thousand terms). */
export type Steps<T> = Generator<void, T, void>;

// How long work in turns holds the thread before the event loop takes a turn: short enough for a signal, a
// timer or a new request to be seen at once, long enough for the turns to cost nothing measurable.
const SLICE_MS = 15;

// The slice is the process's, not each run's: twenty searches resumed in one turn would each take a slice,
// and the loop would turn only once all twenty had.
let sliceStart = performance.now();
let turn: Promise<void> | undefined;

/** Runs the steps to the end at once: for callers that want the answer now (tests, one-off rankings). */
export function runAtOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs the steps in slices of a few milliseconds shared by every run under way, letting the event loop take
 * a turn between them, and stops with the signal's reason once it is aborted: a server ranking for many
 * requests at once still sees a signal, its shutdown timer and a cancellation, instead of ranking on until
 * every search is done. Runs waiting for the same turn go on in the order they waited.
 */
export async function runInTurns<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  for (;;) {
    if (performance.now() - sliceStart >= SLICE_MS) await nextTurn();
    signal?.throwIfAborted();
    const next = steps.next();
    if (next.done) return next.value;
  }
}

function nextTurn(): Promise<void> {
  turn ??= new Promise((resolve) =>
    setImmediate(() => {
      turn = undefined;
      sliceStart = performance.now();
      resolve();
    }),
  );
  return turn;
}
