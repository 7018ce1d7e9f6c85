import type { ModelPrice } from "../config/config-schema.js";
import { batchPrice } from "./batch-price.js";
import type { TokenUsage } from "./memory-model.js";

/**
 * US dollars for a usage at a price, rounded to a hundredth of a cent;
 * undefined with no price. `batch` uses the batch prices (half the standard
 * ones when a price names none, as the batch APIs charge).
 */
export function estimateCost(usage: TokenUsage, price: ModelPrice | undefined, options: { batch?: boolean } = {}): number | undefined {
  const charged = options.batch ? batchPrice(price) : price;
  if (!charged) return undefined;
  const dollars = (usage.inputTokens * charged.inputPerMTok + usage.outputTokens * charged.outputPerMTok) / 1_000_000;
  return Math.round(dollars * 10_000) / 10_000;
}
