/** Providers a config may name. `ollama` is the openai provider aimed at a local Ollama, with no key. */
export const PROVIDERS = ["offline", "anthropic", "openai", "ollama", "replay"] as const;
