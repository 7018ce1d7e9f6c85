/**
 * Longest pause a Retry-After may impose: a provider's own limits reset within minutes, and a
 * bogus header cannot stall a run for hours.
 */
export const MAX_PAUSE_MS = 15 * 60_000;
/** The pause when a 429 names none. */
const DEFAULT_PAUSE_MS = 1_000;
/** A pause this long is told (`onPause`): a run that waits minutes in silence looks hung. */
export const TOLD_PAUSE_MS = 10_000;

// Calls made again once the pause has passed, after the SDK gave up on a 429 during it.
const CALLS_AFTER_PAUSE = 3;

/**
 * One backoff shared by every call of a model: when any answer is a 429,
 * no request of this client leaves until its Retry-After has passed, so
 * several weeks in flight slow down together instead of each hammering the
 * limit. Each call first waits out the pause (`call`, outside the SDK's
 * timeout); a request the SDK sends itself, such as its own retry, waits
 * too inside its fetch, as long as that fits in the call's timeout, and is
 * otherwise answered 429 at once without leaving: the SDK then gives up, and
 * `call` makes the call again once the pause has passed.
 */
export class SharedBackoff {
  private until = 0;

  /** `onPause`: told of each pause of `TOLD_PAUSE_MS` or more that a 429 starts or lengthens by as much. */
  constructor(
    private readonly now: () => number = Date.now,
    private readonly onPause?: (waitMs: number) => void,
  ) {}

  /**
   * A fetch that waits out the shared pause before each request and starts one on a 429.
   * `maxWaitMs`: the longest it waits in a fetch (the call's timeout runs meanwhile).
   */
  wrap(inner: typeof fetch = globalThis.fetch, options: { maxWaitMs?: number } = {}): typeof fetch {
    const maxWaitMs = options.maxWaitMs ?? Number.POSITIVE_INFINITY;
    return async (input, init) => {
      const left = this.until - this.now();
      if (left > maxWaitMs) return stillLimited(left);
      await this.wait(init?.signal ?? undefined);
      const response = await inner(input, init);
      if (response.status === 429) this.pause(retryAfterMs(response.headers, this.now()));
      return response;
    };
  }

  /** Runs a call once the pause has passed; refused with a 429 while a pause is on, it is made again after it. */
  async call<T>(run: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    for (let again = 0; ; again++) {
      await this.wait(signal);
      try {
        return await run();
      } catch (error) {
        if (again >= CALLS_AFTER_PAUSE || (error as { status?: unknown }).status !== 429 || this.until <= this.now()) throw error;
      }
    }
  }

  /** Delays every later request until `ms` from now (a later pause already set wins). */
  pause(ms: number): void {
    const now = this.now();
    const until = now + Math.min(ms, MAX_PAUSE_MS);
    if (until - Math.max(this.until, now) >= TOLD_PAUSE_MS) this.onPause?.(until - now);
    this.until = Math.max(this.until, until);
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

// What a request the pause holds back gets instead of leaving: a 429 with the time left.
function stillLimited(leftMs: number): Response {
  const body = { type: "error", error: { type: "rate_limit_error", message: `rate limited: waiting ${Math.ceil(leftMs / 1000)} s as the provider asked` } };
  return new Response(JSON.stringify(body), {
    status: 429,
    headers: { "content-type": "application/json", "retry-after": String(Math.ceil(leftMs / 1000)), "retry-after-ms": String(Math.ceil(leftMs)) },
  });
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
