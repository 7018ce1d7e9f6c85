import { SharedBackoff } from "./shared-backoff.js";

/** What an SDK-backed provider is built from. */
export interface ProviderSettings {
  apiKey: string;
  /** Name of the variable the key came from, for messages. */
  apiKeyEnv: string;
  baseURL?: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
  /** The name to report, when it is not the SDK's own (`ollama` through the openai SDK). */
  provider?: string;
  /** `apiKey` is a placeholder (ollama with no key variable): the SDK sends nothing it reads from the environment. */
  keyless?: boolean;
  /** Told when a 429 holds every request back for `waitMs` (see `TOLD_PAUSE_MS`). */
  onRateLimited?: ((waitMs: number) => void) | undefined;
}

// A request held back by the shared pause waits in its fetch at most this long before its timeout.
const TIMEOUT_MARGIN_MS = 5_000;

/**
 * The client options both SDKs take: key, endpoint, per-call timeout, their
 * own retry count, and a fetch that shares one 429 backoff between all the
 * calls of the client (weeks compacted at once).
 */
export function sdkClientOptions(
  settings: ProviderSettings,
  backoff: SharedBackoff = new SharedBackoff(),
): { apiKey: string; baseURL?: string; timeout: number; maxRetries: number; fetch: typeof fetch } {
  return {
    apiKey: settings.apiKey,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    fetch: backoff.wrap(globalThis.fetch, { maxWaitMs: Math.max(0, settings.timeoutMs - TIMEOUT_MARGIN_MS) }),
  };
}
