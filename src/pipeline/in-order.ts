/**
 * Runs `start` for up to `concurrency` items at once and `finish` for each
 * item strictly in order, one at a time, as soon as its start and every
 * earlier finish are done. At most `2 × concurrency` items are started ahead
 * of the last finished one, so memory stays bounded however long the list.
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
  const ahead = Math.max(1, concurrency) * 2;
  // Started items by index; a finished one is let go, so its result (a week's logs) can be collected.
  const started: (Promise<R> | undefined)[] = [];
  let running = 0;
  const waiting: (() => void)[] = [];
  const slot = async () => {
    while (running >= concurrency) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const launch = (item: T) => {
    const promise = (async () => {
      await slot();
      try {
        if (stop.signal.aborted) throw stop.signal.reason;
        return await start(item, stop.signal);
      } finally {
        release();
      }
    })();
    promise.catch(() => {}); // awaited in order below; an early rejection is not unhandled
    started.push(promise);
  };
  try {
    for (let i = 0; i < items.length; i++) {
      while (started.length < items.length && started.length <= i + ahead) launch(items[started.length]!);
      const result = await started[i]!;
      started[i] = undefined;
      await finish(items[i]!, result, i);
    }
  } catch (error) {
    stop.abort(error);
    await Promise.allSettled(started);
    throw error;
  }
}
