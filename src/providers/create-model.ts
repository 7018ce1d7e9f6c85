import { UsageError } from "../errors/usage-error.js";
import type { MemoryModel } from "../model/memory-model.js";
import { OfflineModel } from "./offline/offline-model.js";

/** Providers this build knows, by the name used in config and `--provider`. */
export const PROVIDER_NAMES = ["offline"] as const;

export interface ModelSettings {
  /** Model name to ask the provider for. */
  name?: string;
}

/** Turns a provider name into a model; an unknown name lists the known ones. */
export function createModel(provider: string, settings: ModelSettings = {}): { model: MemoryModel; warnings: string[] } {
  switch (provider) {
    case "offline": {
      const model = new OfflineModel();
      const warnings = settings.name && settings.name !== model.modelId ? [`the offline model has one model, ${model.modelId}; '${settings.name}' ignored`] : [];
      return { model, warnings };
    }
    default:
      throw new UsageError(`unknown provider '${provider}' (known: ${PROVIDER_NAMES.join(", ")})`);
  }
}
