import type { ModelPrice } from "../config/config-schema.js";

/**
 * List prices in US dollars per million tokens, as the providers published
 * them (November 2026), with their batch prices (half, for both Message
 * Batches and the OpenAI Batch API). The one table of prices: `prices` in
 * the config overrides or adds any model.
 */
export const BUILT_IN_PRICES: Readonly<Record<string, ModelPrice>> = {
  "claude-fable-5-2": price(8, 40),
  "claude-fable-5-1": price(10, 50),
  "claude-opus-5-5": price(4, 20),
  "claude-opus-5": price(5, 25),
  "claude-sonnet-5-5": price(2, 10),
  "claude-sonnet-5": price(2, 10),
  "claude-opus-4-6": price(5, 25),
  "claude-opus-4-5": price(5, 25),
  "claude-sonnet-4-6": price(3, 15),
  "claude-opus-4-1": price(15, 75),
  "claude-opus-4-0": price(15, 75),
  "claude-opus-4": price(15, 75),
  "claude-sonnet-4-5": price(3, 15),
  "claude-sonnet-4-0": price(3, 15),
  "claude-sonnet-4": price(3, 15),
  "claude-3-7-sonnet": price(3, 15),
  "claude-haiku-4-5": price(1, 5),
  "claude-3-5-haiku": price(0.8, 4),
  "gpt-5.2": price(1.75, 14),
  "gpt-5.1": price(1.25, 10),
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

/**
 * The price of a model: the config's, else the built-in one, else undefined. A dated snapshot or
 * a `-latest` alias is priced as its model when it has no price of its own, in the config too.
 */
export function priceOf(modelId: string, configured: Record<string, ModelPrice>): ModelPrice | undefined {
  const names = [modelId, modelId.replace(DATED, ""), modelId.replace(/-latest$/, "")];
  for (const table of [configured, BUILT_IN_PRICES]) {
    for (const name of names) if (Object.hasOwn(table, name)) return table[name];
  }
  return undefined;
}

function price(inputPerMTok: number, outputPerMTok: number): ModelPrice {
  return { inputPerMTok, outputPerMTok, batchInputPerMTok: inputPerMTok / 2, batchOutputPerMTok: outputPerMTok / 2 };
}
