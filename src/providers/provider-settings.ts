/** What an SDK-backed provider is built from. */
export interface ProviderSettings {
  apiKey: string;
  /** Name of the variable the key came from, for messages. */
  apiKeyEnv: string;
  baseURL?: string | undefined;
  model: string;
  timeoutMs: number;
  maxRetries: number;
}
