import type { ModelPrice } from "../config/config-schema.js";
import type { TokenUsage } from "./memory-model.js";

/**
 * US dollars for a usage at a price, rounded to a hundredth of a cent;
 * undefined with no price. `batch` uses the batch prices (the standard ones
 * when a price names none).
 */
export function estimateCost(usage: TokenUsage, price: ModelPrice | undefined, options: { batch?: boolean } = {}): number | undefined {
  if (!price) return undefined;
  const input = options.batch ? (price.batchInputPerMTok ?? price.inputPerMTok) : price.inputPerMTok;
  const output = options.batch ? (price.batchOutputPerMTok ?? price.outputPerMTok) : price.outputPerMTok;
  const dollars = (usage.inputTokens * input + usage.outputTokens * output) / 1_000_000;
  return Math.round(dollars * 10_000) / 10_000;
}
