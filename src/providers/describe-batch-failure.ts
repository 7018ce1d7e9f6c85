import { ProviderError } from "../errors/provider-error.js";
import { describeFailure } from "./describe-failure.js";
import type { ProviderSettings } from "./provider-settings.js";

/**
 * A failed batch call as one line. A 404 on a batch means the saved batch is
 * unknown there (another key, account or endpoint), not a missing model.
 */
export function describeBatchFailure(provider: string, error: unknown, settings: ProviderSettings, baseUrlEnv: string, batchId?: string): ProviderError {
  const status = (error as { status?: number } | undefined)?.status;
  if (status === 404 && batchId) {
    return new ProviderError(
      provider,
      `HTTP 404: batch ${batchId} is unknown at this endpoint — was it submitted with another key or base URL? Delete .compact/batch.json to abandon it`,
      404,
      { cause: error },
    );
  }
  return describeFailure(provider, error, settings, baseUrlEnv);
}
