import { type Sdk, type SdkEnvironmentOptions, sdkEnvironment } from "./sdk-environment.js";
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
  /** The run's environment, which the SDK reads instead of `process.env` (its base URL, headers, organization). */
  env?: Record<string, string | undefined>;
}

// A request held back by the shared pause waits in its fetch at most this long before its timeout.
const TIMEOUT_MARGIN_MS = 5_000;

/**
 * The client options both SDKs take: key, endpoint, per-call timeout, their
 * own retry count, a fetch that shares one 429 backoff between all the calls
 * of the client (weeks compacted at once), and what they would otherwise read
 * from `process.env` read from the run's environment instead.
 */
export function sdkClientOptions(
  settings: ProviderSettings,
  sdk: Sdk,
  backoff: SharedBackoff = new SharedBackoff(),
): { apiKey: string; timeout: number; maxRetries: number; fetch: typeof fetch } & SdkEnvironmentOptions {
  return {
    apiKey: settings.apiKey,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    fetch: backoff.wrap(globalThis.fetch, { maxWaitMs: Math.max(0, settings.timeoutMs - TIMEOUT_MARGIN_MS) }),
    ...sdkEnvironment(sdk, settings.env ?? process.env, { baseURL: settings.baseURL, keyless: settings.keyless === true }),
  };
}
