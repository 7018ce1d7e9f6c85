import type { ModelPrice } from "../config/config-schema.js";

/**
 * List prices in US dollars per million tokens, as the providers published
 * them (November 2026), with their batch prices (half, for both Message
 * Batches and the OpenAI Batch API). The one table of prices: `prices` in
 * the config overrides or adds any model.
 */
export const BUILT_IN_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-opus-4-1": price(15, 75),
  "claude-opus-4-0": price(15, 75),
  "claude-sonnet-4-5": price(3, 15),
  "claude-sonnet-4-0": price(3, 15),
  "claude-3-7-sonnet": price(3, 15),
  "claude-haiku-4-5": price(1, 5),
  "claude-3-5-haiku": price(0.8, 4),
  "gpt-5": price(1.25, 10),
  "gpt-5-mini": price(0.25, 2),
  "gpt-5-nano": price(0.05, 0.4),
  "gpt-4.1": price(2, 8),
  "gpt-4.1-mini": price(0.4, 1.6),
  "gpt-4.1-nano": price(0.1, 0.4),
  "gpt-4o": price(2.5, 10),
  "gpt-4o-mini": price(0.15, 0.6),
  o3: price(2, 8),
  "o4-mini": price(1.1, 4.4),
};

// A dated snapshot is priced as its model: `claude-sonnet-4-5-20250929`, `gpt-4.1-mini-2025-04-14`.
const DATED = /-(?:\d{8}|\d{4}-\d{2}-\d{2})$/;

/** The price of a model: the config's, else the built-in one (also for a dated snapshot of it), else undefined. */
export function priceOf(modelId: string, configured: Record<string, ModelPrice>): ModelPrice | undefined {
  return configured[modelId] ?? BUILT_IN_PRICES[modelId] ?? BUILT_IN_PRICES[modelId.replace(DATED, "")] ?? BUILT_IN_PRICES[modelId.replace(/-latest$/, "")];
}

function price(inputPerMTok: number, outputPerMTok: number): ModelPrice {
  return { inputPerMTok, outputPerMTok, batchInputPerMTok: inputPerMTok / 2, batchOutputPerMTok: outputPerMTok / 2 };
}
