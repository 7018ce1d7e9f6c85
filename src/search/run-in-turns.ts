/** Work written as steps: each `yield` is a point where it may pause (after a document, after a few thousand terms). */
export type Steps<T> = Generator<void, T, void>;

// How long work in turns holds the thread before the event loop takes a turn: short enough for a signal, a
// timer or a new request to be seen at once, long enough for the turns to cost nothing measurable.
const SLICE_MS = 15;

// The slice is the process's, not each run's: twenty searches resumed in one turn would each take a slice,
// and the loop would turn only once all twenty had. Runs whose slice ran out wait in line for the next one.
let sliceStart = performance.now();
const waiting: (() => void)[] = [];
let handOver: NodeJS.Immediate | undefined;

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
 * every search is done. A run whose slice runs out goes to the back of the line; each slice is one run's.
 */
export async function runInTurns<T>(steps: Steps<T>, signal?: AbortSignal): Promise<T> {
  try {
    for (;;) {
      if (performance.now() - sliceStart >= SLICE_MS) await nextTurn(signal);
      signal?.throwIfAborted();
      const next = steps.next();
      if (next.done) return next.value;
    }
  } finally {
    // The rest of this run's slice, if it ends early, goes to the next in line.
    passTurn();
  }
}

// Waits in line for a slice of its own; an aborted signal leaves the line at once.
function nextTurn(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const take = () => {
      signal?.removeEventListener("abort", leave);
      resolve();
    };
    const leave = () => {
      const at = waiting.indexOf(take);
      if (at >= 0) waiting.splice(at, 1);
      resolve();
    };
    signal?.addEventListener("abort", leave, { once: true });
    waiting.push(take);
    passTurn();
  });
}

// The next slice goes to the first in line, after the event loop has had its turn.
function passTurn(): void {
  if (handOver !== undefined || waiting.length === 0) return;
  handOver = setImmediate(() => {
    handOver = undefined;
    const first = waiting.shift();
    if (!first) return;
    sliceStart = performance.now();
    first();
  });
}
