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
}

/** The client options both SDKs take: key, endpoint, per-call timeout and their own retry count. */
export function sdkClientOptions(settings: ProviderSettings): { apiKey: string; baseURL?: string; timeout: number; maxRetries: number } {
  return {
    apiKey: settings.apiKey,
    ...(settings.baseURL ? { baseURL: settings.baseURL } : {}),
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
  };
}
