import type { Settings } from "../config/settings.js";
import { MissingKeyError } from "../errors/missing-key-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { MemoryModel } from "../model/memory-model.js";
import { ANTHROPIC_DEFAULT_MODEL, AnthropicModel } from "./anthropic/anthropic-model.js";
import { OfflineModel } from "./offline/offline-model.js";
import { OPENAI_DEFAULT_MODEL, OpenAiModel } from "./openai/openai-model.js";
import { ReplayModel } from "./replay/replay-model.js";

/** Providers this build knows, by the name used in config and `--provider`. */
export const PROVIDER_NAMES = ["offline", "anthropic", "openai", "replay"] as const;

/** What a model is built from: the resolved settings, and where replay reads cassettes. */
export type ModelSettings = Pick<Settings, "provider" | "model" | "baseURL" | "apiKeyEnv" | "timeoutMs" | "maxRetries"> & { replayDir?: string | undefined };

/**
 * Turns settings into a model. A missing API key is an error here, before
 * any log is read; an unknown provider lists the known ones.
 */
export function createModel(settings: ModelSettings, env: Record<string, string | undefined>): { model: MemoryModel; warnings: string[] } {
  switch (settings.provider) {
    case "offline": {
      const model = new OfflineModel();
      const warnings = settings.model && settings.model !== model.modelId ? [`the offline model has one model, ${model.modelId}; '${settings.model}' ignored`] : [];
      return { model, warnings };
    }
    case "anthropic":
    case "openai": {
      const apiKey = env[settings.apiKeyEnv];
      if (!apiKey) throw new MissingKeyError(settings.provider, settings.apiKeyEnv);
      const common = { apiKey, apiKeyEnv: settings.apiKeyEnv, baseURL: settings.baseURL, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries };
      const model =
        settings.provider === "anthropic"
          ? new AnthropicModel({ ...common, model: settings.model ?? ANTHROPIC_DEFAULT_MODEL })
          : new OpenAiModel({ ...common, model: settings.model ?? OPENAI_DEFAULT_MODEL });
      return { model, warnings: [] };
    }
    case "replay": {
      if (!settings.replayDir) throw new UsageError("the replay provider needs a cassette directory: --replay DIR");
      return { model: new ReplayModel(settings.replayDir, settings.model), warnings: [] };
    }
    default:
      throw new UsageError(`unknown provider '${String(settings.provider)}' (known: ${PROVIDER_NAMES.join(", ")})`);
  }
}
