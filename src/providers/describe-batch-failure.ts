import { ProviderError } from "../errors/provider-error.js";
import { causeCode } from "./create-once.js";
import { describeFailure, isTimeout } from "./describe-failure.js";
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

/**
 * A batch submission that failed with no word on whether the provider took
 * it (a timeout, a dropped connection, a 5xx): it may exist there, running
 * and billed, so the user looks before anything is submitted again.
 */
export function describeUnknownSubmit(provider: string, error: unknown, settings: ProviderSettings): ProviderError {
  const e = (error ?? {}) as { status?: number; message?: string };
  const what = isTimeout(error)
    ? `no answer within ${settings.timeoutMs} ms`
    : e.status !== undefined
      ? `HTTP ${e.status}`
      : `the connection failed (${causeCode(error) ?? (e.message ?? "no detail").replace(/\s+/g, " ").slice(0, 80)})`;
  return new ProviderError(
    provider,
    `submitting the batch: ${what}, and the provider may have created it anyway — look at its list of batches (and cancel a stray one) before running again, or the weeks may be billed twice; nothing written`,
    e.status,
    { cause: error },
  );
}
