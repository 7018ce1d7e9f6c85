/** Providers a config may name. `ollama` is the openai provider aimed at a local Ollama, with no key. */
export const PROVIDERS = ["offline", "anthropic", "openai", "ollama", "replay"] as const;

export type ProviderName = (typeof PROVIDERS)[number];

/** Each provider's standard API key variable; empty when it needs none. */
export const KEY_ENV: Record<ProviderName, string> = { offline: "", replay: "", ollama: "", anthropic: "ANTHROPIC_API_KEY", openai: "OPENAI_API_KEY" };

/** Each provider's standard base URL variable. */
export const BASE_URL_ENV: Record<ProviderName, string> = {
  offline: "",
  replay: "",
  ollama: "OLLAMA_BASE_URL",
  anthropic: "ANTHROPIC_BASE_URL",
  openai: "OPENAI_BASE_URL",
};

/** The host a provider's SDK calls when no base URL is set; ollama's default is local. */
export const DEFAULT_HOST: Partial<Record<ProviderName, string>> = { anthropic: "api.anthropic.com", openai: "api.openai.com" };

/** The model each provider uses when none is named. */
export const DEFAULT_MODEL: Partial<Record<ProviderName, string>> = {
  offline: "offline-extractive-1",
  anthropic: "claude-sonnet-4-6",
  openai: "gpt-4.1-mini",
  ollama: "llama3.1",
};

/** Where each provider's requests go when no base URL is set. */
export const DEFAULT_BASE_URL: Partial<Record<ProviderName, string>> = {
  anthropic: "https://api.anthropic.com",
  openai: "https://api.openai.com/v1",
  ollama: "http://localhost:11434/v1",
};
