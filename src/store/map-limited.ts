/**
 * `fn` over every item, at most `limit` at once, results in the items'
 * order. After a failure no new item starts; once every started call has
 * settled (nothing is still writing when the caller cleans up), the failure
 * of the earliest item is thrown: the one a loop one at a time would throw.
 */
export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const failed: { index: number; error: unknown }[] = [];
  const worker = async () => {
    while (failed.length === 0 && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failed.length > 0) throw failed.reduce((first, failure) => (failure.index < first.index ? failure : first)).error;
  return results;
}
