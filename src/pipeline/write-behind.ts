/**
 * Writes behind the work that produces what is written: items are queued
 * in order and written in batches, one batch at a time, each batch every
 * item queued while the batch before it was being written. The producer
 * goes on meanwhile and waits only when `maxQueued` items are waiting. On
 * the first failure nothing more is written and every later call throws it.
 */
export class WriteBehind<T> {
  private queue: T[] = [];
  private running: Promise<void> | undefined;
  private failure: { error: unknown } | undefined;

  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly maxQueued: number,
  ) {}

  /** Queues an item; waits while `maxQueued` items wait to be written. */
  async push(item: T): Promise<void> {
    this.throwIfFailed();
    this.queue.push(item);
    this.running ??= this.drain();
    if (this.queue.length >= this.maxQueued) await this.running;
    this.throwIfFailed();
  }

  /** Waits until everything queued is written (or a write failed: then throws its failure). */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    this.throwIfFailed();
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.failure) {
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

  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }
}
