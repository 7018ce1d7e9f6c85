import { DEFAULT_BASE_URL, DEFAULT_MODEL } from "../config/providers.js";
import type { Settings } from "../config/settings.js";
import { MissingKeyError } from "../errors/missing-key-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { MemoryModel } from "../model/memory-model.js";

/** Providers this build knows, by the name used in config and `--provider`. */
export const PROVIDER_NAMES = ["offline", "anthropic", "openai", "ollama", "replay"] as const;

/** Where a local Ollama serves its OpenAI-compatible API. */
export const OLLAMA_BASE_URL = DEFAULT_BASE_URL.ollama!;

/** What a model is built from: the resolved settings, and where replay reads cassettes. */
export type ModelSettings = Pick<Settings, "provider" | "model" | "baseURL" | "apiKeyEnv" | "timeoutMs" | "maxRetries"> & { replayDir?: string | undefined };

/**
 * Turns settings into a model. A provider's SDK is loaded only when that
 * provider is used. A missing API key is an error here, before any log is
 * read; an unknown provider lists the known ones.
 */
export async function createModel(
  settings: ModelSettings,
  env: Record<string, string | undefined>,
  options: {
    /** For a dry run: a missing key gives a model that names the provider and model but never calls it. */
    withoutKey?: boolean;
    /** Told when the provider's 429 holds every request back for `waitMs`. */
    onRateLimited?: (waitMs: number) => void;
  } = {},
): Promise<{ model: MemoryModel; warnings: string[] }> {
  switch (settings.provider) {
    case "offline": {
      const { OfflineModel } = await import("./offline/offline-model.js");
      const model = new OfflineModel();
      const warnings =
        settings.model && settings.model !== model.modelId ? [`the offline model has one model, ${model.modelId}; '${settings.model}' ignored`] : [];
      return { model, warnings };
    }
    case "anthropic":
    case "openai": {
      const apiKey = env[settings.apiKeyEnv];
      const modelId = settings.model ?? (await defaultModel(settings.provider));
      if (!apiKey && options.withoutKey) {
        const { KeylessModel } = await import("./keyless-model.js");
        return { model: new KeylessModel(settings.provider, modelId, settings.apiKeyEnv), warnings: [] };
      }
      if (!apiKey) throw new MissingKeyError(settings.provider, settings.apiKeyEnv);
      const common = {
        apiKey,
        apiKeyEnv: settings.apiKeyEnv,
        baseURL: settings.baseURL,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        onRateLimited: options.onRateLimited,
        env,
      };
      if (settings.provider === "anthropic") {
        const { AnthropicModel } = await import("./anthropic/anthropic-model.js");
        return { model: new AnthropicModel({ ...common, model: modelId }), warnings: [] };
      }
      const { OpenAiModel } = await import("./openai/openai-model.js");
      return { model: new OpenAiModel({ ...common, model: modelId }), warnings: [] };
    }
    case "ollama": {
      // Ollama ignores the key; the SDK wants one, so a key is sent only when one is set.
      const { OpenAiModel } = await import("./openai/openai-model.js");
      const key = settings.apiKeyEnv ? env[settings.apiKeyEnv] : undefined;
      const model = new OpenAiModel({
        apiKey: key || "ollama",
        keyless: !key,
        apiKeyEnv: settings.apiKeyEnv || "(none needed)",
        baseURL: settings.baseURL ?? OLLAMA_BASE_URL,
        timeoutMs: settings.timeoutMs,
        maxRetries: settings.maxRetries,
        model: settings.model ?? DEFAULT_MODEL.ollama!,
        provider: "ollama",
        onRateLimited: options.onRateLimited,
        env,
      });
      return { model, warnings: [] };
    }
    case "replay": {
      if (!settings.replayDir) throw new UsageError("the replay provider needs a cassette directory: --replay DIR");
      const { ReplayModel } = await import("./replay/replay-model.js");
      return { model: new ReplayModel(settings.replayDir, settings.model), warnings: [] };
    }
    default:
      throw new UsageError(`unknown provider '${String(settings.provider)}' (known: ${PROVIDER_NAMES.join(", ")})`);
  }
}

/** The model a provider uses when none is configured. */
export async function defaultModel(provider: "anthropic" | "openai"): Promise<string> {
  if (provider === "anthropic") return (await import("./anthropic/anthropic-model.js")).ANTHROPIC_DEFAULT_MODEL;
  return (await import("./openai/openai-model.js")).OPENAI_DEFAULT_MODEL;
}
