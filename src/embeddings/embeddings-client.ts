import type { EmbeddingsConfig } from "../config/config-schema.js";
import { ConfigError } from "../errors/config-error.js";
import { ProviderError } from "../errors/provider-error.js";
import { redactSecrets } from "../logs/redact-secrets.js";
import { notTheApi } from "../providers/describe-failure.js";
import { requestSignal } from "../providers/request-signal.js";
import { sdkEnvironment } from "../providers/sdk-environment.js";
import { shownEndpoint } from "../text/shown-url.js";

/** Turns texts into unit vectors, one per text, in order. */
export interface Embedder {
  /** The model, part of every cache key: vectors of two models never mix. */
  readonly model: string;
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

// Inputs per request: well under every OpenAI-compatible server's limit.
const BATCH = 128;

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint through the `openai` SDK,
 * loaded only now, so a run without embeddings never loads it. The URL is
 * `baseURL`, else `OPENAI_BASE_URL`, else OpenAI's; the key is
 * `OPENAI_API_KEY` (or the variable `apiKeyEnv` names), needed only for
 * OpenAI's own API: a local server (Ollama, vLLM, LM Studio) takes none.
 */
export async function openAiEmbedder(
  config: EmbeddingsConfig,
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number; maxRetries?: number } = {},
): Promise<Embedder> {
  const baseURL = config.baseURL || env["OPENAI_BASE_URL"] || undefined;
  const keyEnv = config.apiKeyEnv ?? "OPENAI_API_KEY";
  const apiKey = env[keyEnv];
  const official = baseURL === undefined || new URL(baseURL).hostname.endsWith("api.openai.com");
  if (!apiKey && official)
    throw new ConfigError(`embeddings need an API key for api.openai.com: set ${keyEnv} (or point embeddings.baseURL at a local server)`);
  const { default: OpenAI } = await import("openai");
  // Without a key, nothing the SDK would take from the environment on its own goes either (a gateway's header).
  const client = new OpenAI({
    apiKey: apiKey || "no-key",
    timeout: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    ...sdkEnvironment("openai", env, { baseURL, keyless: !apiKey }),
  });
  return {
    model: config.model,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += BATCH) {
        const batch = texts.slice(start, start + BATCH);
        // Texts leave for the endpoint as they leave for a model: a secret written into a memory by hand is redacted.
        const input = await Promise.all(batch.map(async (text) => (await redactSecrets(text)).text));
        let answer: Awaited<ReturnType<typeof client.embeddings.create>>;
        try {
          answer = await client.embeddings.create({ model: config.model, input }, requestSignal(signal));
        } catch (error) {
          const status = (error as { status?: number }).status;
          throw new ProviderError("embeddings", `${baseURL ? shownEndpoint(baseURL) : "api.openai.com"} ${(error as Error).message.split("\n")[0]}`, status, {
            cause: error,
          });
        }
        // A page in place of the API (a proxy's login form) is an endpoint that did not answer, not a crash.
        if (typeof answer !== "object" || answer === null || !Array.isArray(answer.data)) {
          throw notTheApi("embeddings", typeof answer === "string" ? answer : (JSON.stringify(answer) ?? ""), "embeddings.baseURL");
        }
        const data = [...answer.data].sort((x, y) => x.index - y.index);
        if (data.length !== batch.length) throw new ProviderError("embeddings", `asked for ${batch.length} vectors, got ${data.length}`);
        for (const item of data) {
          if (!Array.isArray(item?.embedding)) throw new ProviderError("embeddings", `answered an item with no vector (${JSON.stringify(item)?.slice(0, 80)})`);
          vectors.push(unit(Float32Array.from(item.embedding)));
        }
      }
      return vectors;
    },
  };
}

/** The vector scaled to length 1, so a dot product is the cosine. */
export function unit(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const length = Math.sqrt(sum);
  if (length > 0) for (let i = 0; i < vector.length; i++) vector[i]! /= length;
  return vector;
}
