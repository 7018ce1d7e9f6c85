export interface WriteBehindOptions {
  /** Items waiting, at most: the producer waits past this. */
  maxQueued: number;
  /**
   * Milliseconds from the start of one batch to the start of the next, at
   * least (default 0): items produced faster than that are written together,
   * so what several of them rewrite is written once. A full queue, `flush`
   * and the first item all start a batch at once.
   */
  minInterval?: number;
}

/**
 * Writes behind the work that produces what is written: items are queued
 * in order and written in batches, one batch at a time, each batch every
 * item queued while the batch before it was being written (or while the
 * interval between batches ran). The producer goes on meanwhile and waits
 * only when `maxQueued` items are waiting. On the first failure nothing more
 * is written and every later call throws it.
 */
export class WriteBehind<T> {
  private queue: T[] = [];
  private running: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;
  private lastStart = -Infinity;
  private flushing = false;
  private wake: (() => void) | undefined;
  private readonly maxQueued: number;
  private readonly minInterval: number;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    options: WriteBehindOptions,
  ) {
    this.maxQueued = options.maxQueued;
    this.minInterval = options.minInterval ?? 0;
  }

  /** Queues an item; waits while `maxQueued` items wait to be written. */
  async push(item: T): Promise<void> {
    this.throwIfFailed();
    this.queue.push(item);
    this.running ??= this.drain();
    if (this.queue.length >= this.maxQueued) {
      this.wake?.();
      await this.running;
    }
    this.throwIfFailed();
  }

  /** Waits until everything queued is written (or a write failed: then throws its failure). */
  async flush(): Promise<void> {
    this.flushing = true;
    try {
      this.wake?.();
      while (this.running) await this.running;
    } finally {
      this.flushing = false;
    }
    this.throwIfFailed();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.failure) {
        const wait = this.lastStart + this.minInterval - performance.now();
        if (wait > 0 && !this.flushing && this.queue.length < this.maxQueued) await this.pause(wait);
        this.lastStart = performance.now();
        const batch = this.queue;
        this.queue = [];
        await this.write(batch);
      }
    } catch (error) {
      this.failure = { error };
      this.queue = [];
    } finally {
      this.running = undefined;
    }
  }

  // Until the interval has run, or a full queue or a flush cuts it short.
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
