import { MissingKeyError } from "../errors/missing-key-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { BatchClient } from "../model/batch-client.js";
import { defaultModel, type ModelSettings } from "./create-model.js";

/** Providers with a batch API. */
export const BATCH_PROVIDERS = ["anthropic", "openai"] as const;

/**
 * The batch client of the configured provider, its SDK loaded only now.
 * A provider without a batch API is a usage error: asking for a batch and
 * silently getting something else would surprise.
 */
export async function createBatchClient(
  settings: ModelSettings,
  env: Record<string, string | undefined>,
  options: {
    /** For a dry run, which submits nothing: a missing key is no error. */
    withoutKey?: boolean;
  } = {},
): Promise<BatchClient> {
  const provider = settings.provider;
  if (provider !== "anthropic" && provider !== "openai") {
    throw new UsageError(
      `--batch needs a provider with a batch API (${BATCH_PROVIDERS.join(" or ")}), not '${provider}' — pass --provider anthropic or --provider openai, or drop --batch`,
    );
  }
  // A dry run's client only shapes requests: the key it is given is never sent.
  const apiKey = env[settings.apiKeyEnv] || (options.withoutKey ? "(not set)" : undefined);
  if (!apiKey) throw new MissingKeyError(provider, settings.apiKeyEnv);
  const common = { apiKey, apiKeyEnv: settings.apiKeyEnv, baseURL: settings.baseURL, timeoutMs: settings.timeoutMs, maxRetries: settings.maxRetries, env };
  const model = settings.model ?? (await defaultModel(provider));
  if (provider === "anthropic") {
    const { AnthropicBatchClient } = await import("./anthropic/anthropic-batch.js");
    return new AnthropicBatchClient({ ...common, model });
  }
  const { OpenAiBatchClient } = await import("./openai/openai-batch.js");
  return new OpenAiBatchClient({ ...common, model });
}
