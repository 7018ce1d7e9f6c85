/**
 * Runs `start` for up to `concurrency` items at once and `finish` for each
 * item strictly in order, one at a time. Item `i` is started once item
 * `i - concurrency` has finished, so with a concurrency of 1 every start sees
 * all the finishes before it, whatever the timing, and at most `concurrency`
 * results are held however long the list.
 * On the first failure nothing more starts; the started items are awaited
 * (their results dropped, `stop` is aborted) and the failure is thrown.
 */
export async function inOrder<T, R>(
  items: readonly T[],
  concurrency: number,
  start: (item: T, stop: AbortSignal) => Promise<R>,
  finish: (item: T, result: R, index: number) => Promise<void>,
): Promise<void> {
  const stop = new AbortController();
  const width = Math.max(1, concurrency);
  // Started items by index; a finished one is let go, so its result (a week's logs) can be collected.
  const started: (Promise<R> | undefined)[] = [];
  const launch = (index: number) => {
    if (index >= items.length) return;
    const promise = (async () => {
      if (stop.signal.aborted) throw stop.signal.reason;
      return start(items[index]!, stop.signal);
    })();
    promise.catch(() => {}); // awaited in order below; an early rejection is not unhandled
    started[index] = promise;
  };
  try {
    for (let i = 0; i < width; i++) launch(i);
    for (let i = 0; i < items.length; i++) {
      const result = await started[i]!;
      started[i] = undefined;
      await finish(items[i]!, result, i);
      launch(i + width);
    }
  } catch (error) {
    stop.abort(error);
    await Promise.allSettled(started.filter((promise) => promise !== undefined));
    throw error;
  }
}
