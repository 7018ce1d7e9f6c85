/** Requests still being answered: the client may close stdin right after sending one, and still wants the answer. */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  track<A extends unknown[], R>(handler: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args) => {
      const answer = handler(...args);
      this.pending.add(answer);
      const forget = () => this.pending.delete(answer);
      answer.then(forget, forget);
      return answer;
    };
  }

  /** Resolves once no request is being answered; the SDK calls a handler, and writes its answer, a few ticks apart. */
  async settled(): Promise<void> {
    for (;;) {
      await new Promise((resolve) => setImmediate(resolve));
      if (this.pending.size === 0) return;
      await Promise.allSettled([...this.pending]);
    }
  }
}
