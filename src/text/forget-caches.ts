/**
 * The memos a run keeps to avoid doing work twice (words of lines seen,
 * facts of memories read, cues of statements weighed) register here, so a
 * long run can let them all go between phases: what helped one week after
 * another helps nothing in the final pass over every memory, and held until
 * the end they add tens of megabytes to its peak.
 */
const caches = new Set<WeakRef<{ forget(): void }>>();

/** A cache that can be emptied; held weakly (one that is gone needs no emptying). */
export function forgettableCache(cache: { forget(): void }): void {
  caches.add(new WeakRef(cache));
}

/** Empties every registered memo. Answers stay the same; only work done before is done again. */
export function forgetCaches(): void {
  for (const ref of caches) {
    const cache = ref.deref();
    if (cache) cache.forget();
    else caches.delete(ref);
  }
}
