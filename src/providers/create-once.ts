import type { ProviderError } from "../errors/provider-error.js";
import { retryAfterMs } from "./shared-backoff.js";

// Answers that say the provider created nothing: asking again cannot make a second batch.
const NOT_CREATED = new Set([408, 429, 503, 529]);
const LONGEST_WAIT_MS = 60_000;
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN"]);

interface SdkError {
  status?: number;
  headers?: Headers | Record<string, string> | undefined;
  cause?: unknown;
}

/**
 * Makes a request that creates something billed (a provider batch) at most
 * once. The SDK's own retries are off for it: a timeout, a dropped connection
 * or a 5xx after the provider took the request would otherwise send it again
 * and leave a first batch running, billed and never collected. It is asked
 * again only after an answer that says nothing was created (429, 503, 529, a
 * refused connection, a host name not found), after its Retry-After. Any other failure is one whose
 * outcome is unknown, and `unknown` says so.
 */
export async function createOnce<T>(
  create: (options: { maxRetries: 0 }) => Promise<T>,
  retries: number,
  unknown: (error: unknown) => ProviderError,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await create({ maxRetries: 0 });
    } catch (error) {
      const e = (error ?? {}) as SdkError;
      // No connection made (refused, or no address for the host): nothing can have been sent.
      const refused = e.status === undefined && NOT_CONNECTED.has(causeCode(error) ?? "");
      const notCreated = refused || (e.status !== undefined && NOT_CREATED.has(e.status));
      if (!notCreated && (e.status === undefined || e.status >= 500)) throw unknown(error);
      if (!notCreated || attempt >= retries) throw error;
      const headers = e.headers instanceof Headers ? e.headers : new Headers(e.headers ?? {});
      await sleep(Math.min(retryAfterMs(headers, Date.now()), LONGEST_WAIT_MS));
    }
  }
}

// The system error under an SDK's connection error (the SDK's, then fetch's, then the socket's).
export function causeCode(error: unknown): string | undefined {
  for (let at = error, depth = 0; at && depth < 5; at = (at as { cause?: unknown }).cause, depth++) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}
