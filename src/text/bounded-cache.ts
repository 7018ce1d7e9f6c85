import { forgettableCache } from "./forget-caches.js";
import { ownCopy } from "./own-copy.js";

/**
 * A memo of at most `limit` entries, by text: when full, the quarter set
 * longest ago goes. A key (and a value that is text) is kept as a copy of its
 * own, so a line cut from a long text never keeps that text alive (a long run
 * would otherwise hold every version of every memory body it has seen).
 * Registered with `forgetCaches`, unless `kept`: a record that saves a
 * later phase its work (which texts hold no secret) outlives the phase.
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, V>();

  constructor(
    private readonly limit: number,
    options: { kept?: boolean } = {},
  ) {
    if (!options.kept) forgettableCache(this);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  /** Sets a value; setting a key again makes it the newest. */
  set(key: string, value: V): void {
    if (!this.entries.delete(key) && this.entries.size >= this.limit) this.dropOldest();
    this.entries.set(ownCopy(key), typeof value === "string" ? (ownCopy(value) as V) : value);
  }

  // A quarter at a time, in one walk: a Map keeps deleted entries as holes until it is rebuilt, so
  // finding the oldest entry anew after each deletion would walk ever more holes.
  private dropOldest(): void {
    let left = Math.ceil(this.limit / 4);
    for (const key of this.entries.keys()) {
      this.entries.delete(key);
      if (--left === 0) break;
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Empties the cache (see `forgetCaches`). */
  forget(): void {
    this.entries.clear();
  }
}
