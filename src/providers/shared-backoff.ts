/**
 * Longest pause a Retry-After may impose: a provider's own limits reset within minutes, and a
 * bogus header cannot stall a run for hours.
 */
export const MAX_PAUSE_MS = 15 * 60_000;
/** The pause when a 429 names none. */
const DEFAULT_PAUSE_MS = 1_000;

/**
 * One backoff shared by every call of a model: when any answer is a 429,
 * no request of this client leaves until its Retry-After has passed, so
 * several weeks in flight slow down together instead of each hammering the
 * limit. The SDK's own retry (which honours the header too) then goes
 * through the same gate.
 */
export class SharedBackoff {
  private until = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** A fetch that waits out the shared pause before each request and starts one on a 429. */
  wrap(inner: typeof fetch = globalThis.fetch): typeof fetch {
    return async (input, init) => {
      await this.wait(init?.signal ?? undefined);
      const response = await inner(input, init);
      if (response.status === 429) this.pause(retryAfterMs(response.headers, this.now()));
      return response;
    };
  }

  /** Delays every later request until `ms` from now (a later pause already set wins). */
  pause(ms: number): void {
    this.until = Math.max(this.until, this.now() + Math.min(ms, MAX_PAUSE_MS));
  }

  private async wait(signal: AbortSignal | undefined): Promise<void> {
    for (let left = this.until - this.now(); left > 0; left = this.until - this.now()) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        signal?.addEventListener(
          "abort",
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    }
  }
}

/** Milliseconds a 429 asks to wait: `retry-after-ms`, `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers, now: number): number {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.has("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get("retry-after");
  if (value === null) return DEFAULT_PAUSE_MS;
  const seconds = Number(value);
  if (value.trim() !== "" && Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? DEFAULT_PAUSE_MS : Math.max(0, date - now);
}
