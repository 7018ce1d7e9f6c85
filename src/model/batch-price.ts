import type { ModelPrice } from "../config/config-schema.js";

/** What the batch APIs of Anthropic and OpenAI charge, against their standard price. */
export const BATCH_DISCOUNT = 0.5;

/**
 * The price of a call made through a batch: the configured batch prices
 * when given, else half the standard ones. Undefined with no price.
 */
export function batchPrice(price: ModelPrice | undefined): ModelPrice | undefined {
  if (!price) return undefined;
  return {
    inputPerMTok: price.batchInputPerMTok ?? price.inputPerMTok * BATCH_DISCOUNT,
    outputPerMTok: price.batchOutputPerMTok ?? price.outputPerMTok * BATCH_DISCOUNT,
  };
}
