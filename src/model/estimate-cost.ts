import type { ModelPrice } from "../config/config-schema.js";
import { batchPrice } from "./batch-price.js";
import type { TokenUsage } from "./memory-model.js";

/**
 * US dollars for a usage at a price, to a millionth of a cent (a cheap
 * model's week costs less than a hundredth of one); undefined with no price.
 * `batch` uses the batch prices (half the standard ones when a price names
 * none, as the batch APIs charge).
 */
export function estimateCost(usage: TokenUsage, price: ModelPrice | undefined, options: { batch?: boolean } = {}): number | undefined {
  const charged = options.batch ? batchPrice(price) : price;
  if (!charged) return undefined;
  return roundUsd((usage.inputTokens * charged.inputPerMTok + usage.outputTokens * charged.outputPerMTok) / 1_000_000);
}

/** Dollars to a millionth of a cent: sums of costs are added unrounded and rounded once, so no week's rounding adds up. */
export function roundUsd(dollars: number): number {
  return Math.round(dollars * 1e8) / 1e8;
}

/**
 * Dollars as people read them: `$0.0043`, four places from a hundredth of a
 * cent; below it, two significant digits (`$0.000043`), so a cost is never
 * shown as nothing when there is one.
 */
export function formatUsd(dollars: number): string {
  if (dollars === 0 || Math.abs(dollars) >= 0.0001) return `$${dollars.toFixed(4)}`;
  const places = Math.min(10, 1 - Math.floor(Math.log10(Math.abs(dollars))));
  return `$${dollars.toFixed(places).replace(/\.?0+$/, "")}`;
}
