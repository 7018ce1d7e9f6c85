import { z } from "zod";

import { PROVIDERS } from "./providers.js";

export { PROVIDERS };

/** The longest delay setTimeout keeps (2^31 - 1 ms); a longer one is a TimeoutOverflowWarning and a 1 ms timer. */
export const MAX_TIMER_MS = 2_147_483_647;

const modelSchema = z.strictObject({
  /** `offline` (default), `anthropic`, `openai`, `ollama` or `replay`. */
  provider: z.enum(PROVIDERS).optional(),
  /** Model name sent to the provider. */
  name: z.string().min(1).optional(),
  /** API endpoint; for `openai`, any OpenAI-compatible server. */
  baseURL: z.url().optional(),
  /** Name of the environment variable that holds the API key. */
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "must be an environment variable name" })
    .optional(),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
  /** Per-call timeout in milliseconds; at most what a timer holds (about 24.8 days): past it, Node fires the timer at once. */
  timeoutMs: z.number().int().positive().max(MAX_TIMER_MS).optional(),
  /** Retries the SDK makes on 408/409/429/5xx and connection errors. */
  maxRetries: z.number().int().min(0).max(10).optional(),
});

const priceSchema = z.strictObject({
  /** US dollars per million input tokens. */
  inputPerMTok: z.number().min(0),
  /** US dollars per million output tokens. */
  outputPerMTok: z.number().min(0),
  /** Batch prices, when the provider offers them. */
  batchInputPerMTok: z.number().min(0).optional(),
  batchOutputPerMTok: z.number().min(0).optional(),
});

const embeddingsSchema = z.strictObject({
  /** Any OpenAI-compatible `/v1/embeddings` endpoint. */
  provider: z.enum(["openai"]),
  model: z.string().min(1),
  baseURL: z.url().optional(),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: "must be an environment variable name" })
    .optional(),
});

/** Most weeks compacted at once, from the config or `--concurrency`. */
export const MAX_CONCURRENCY = 64;

/** The config file's shape. Every key is optional; defaults apply. */
export const configSchema = z.strictObject({
  /** Memory directory, relative to the config file. */
  dir: z.string().min(1).optional(),
  model: modelSchema.optional(),
  prompts: z.strictObject({ dir: z.string().min(1).optional() }).optional(),
  logs: z
    .strictObject({
      include: z.array(z.string().min(1)).optional(),
      exclude: z.array(z.string().min(1)).optional(),
      /** Largest log read, in bytes. */
      maxBytes: z.number().int().positive().optional(),
    })
    .optional(),
  /** Per-model prices, for the cost estimate: `{ "claude-sonnet-4-5": { "inputPerMTok": 3, "outputPerMTok": 15 } }`. */
  prices: z.record(z.string().min(1), priceSchema).optional(),
  /** Days a memory of each type is kept before it is a prune candidate (used by consolidation). */
  retention: z.record(z.string().min(1), z.number().int().positive().nullable()).optional(),
  consolidation: z.strictObject({ maxRemoveFraction: z.number().gt(0).max(1).optional() }).optional(),
  /** Gates of scheduled consolidation (seed 001): hours since the last one, sessions since then. */
  schedule: z.strictObject({ minHours: z.number().min(0).optional(), minSessions: z.number().int().min(0).optional() }).optional(),
  /** Memory directory layout. */
  layout: z.enum(["default", "agents"]).optional(),
  /** Weeks compacted at once by `--auto`. */
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).optional(),
  /** Vectors for finding duplicates and for search, from an OpenAI-compatible embeddings endpoint. */
  embeddings: embeddingsSchema.optional(),
});

export type CompactConfig = z.infer<typeof configSchema>;
export type ModelPrice = z.infer<typeof priceSchema>;
export type EmbeddingsConfig = z.infer<typeof embeddingsSchema>;
