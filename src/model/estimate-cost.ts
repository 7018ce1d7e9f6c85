import type { ModelPrice } from "../config/config-schema.js";
import type { TokenUsage } from "./memory-model.js";

/** US dollars for a usage at a price, rounded to a hundredth of a cent; undefined with no price. */
export function estimateCost(usage: TokenUsage, price: ModelPrice | undefined): number | undefined {
  if (!price) return undefined;
  const dollars = (usage.inputTokens * price.inputPerMTok + usage.outputTokens * price.outputPerMTok) / 1_000_000;
  return Math.round(dollars * 10_000) / 10_000;
}
