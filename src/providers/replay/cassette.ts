import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import YAML from "yaml";
import { InputError } from "../../errors/input-error.js";
import type { CompleteOptions, CompletionResult } from "../../model/memory-model.js";

/** What determines an answer; its hash names the cassette. */
export interface CassetteRequest {
  model: string;
  system: string;
  prompt: string;
  temperature: number;
  maxTokens: number;
}

/** One recorded exchange, stored as readable YAML. */
export interface Cassette {
  key: string;
  provider: string;
  request: CassetteRequest;
  response: CompletionResult;
}

export function cassetteRequest(model: string, prompt: string, options: Omit<CompleteOptions, "signal">): CassetteRequest {
  return { model, system: options.systemPrompt, prompt, temperature: options.temperature, maxTokens: options.maxTokens };
}

/** sha256 of the request's fields in a fixed order. */
export function cassetteKey(request: CassetteRequest): string {
  const { model, system, prompt, temperature, maxTokens } = request;
  return createHash("sha256")
    .update(JSON.stringify([model, system, prompt, temperature, maxTokens]))
    .digest("hex");
}

/** `<first 16 hex of the key>.yaml` */
export function cassetteFileName(key: string): string {
  return `${key.slice(0, 16)}.yaml`;
}

export function renderCassette(cassette: Cassette): string {
  return YAML.stringify(
    {
      key: cassette.key,
      provider: cassette.provider,
      request: {
        model: cassette.request.model,
        temperature: cassette.request.temperature,
        max_tokens: cassette.request.maxTokens,
        system: cassette.request.system,
        prompt: cassette.request.prompt,
      },
      response: {
        text: cassette.response.text,
        usage: { input_tokens: cassette.response.usage.inputTokens, output_tokens: cassette.response.usage.outputTokens },
        warnings: cassette.response.warnings,
        // Only when it did: cassettes recorded before stay byte for byte what they were.
        ...(cassette.response.stoppedAtLimit ? { stopped_at_limit: true } : {}),
      },
    },
    { lineWidth: 0 },
  );
}

interface RawCassette {
  key: string;
  provider: string;
  request: { model: string; temperature: number; max_tokens: number; system: string; prompt: string };
  response: { text: string; usage: { input_tokens: number; output_tokens: number }; warnings?: string[]; stopped_at_limit?: boolean };
}

/** Every cassette in a directory, by key. A file that is not a cassette is named in the error. */
export async function readCassettes(dir: string): Promise<Map<string, Cassette & { file: string }>> {
  const files = await glob(["*.yaml"], { cwd: dir, onlyFiles: true });
  const cassettes = new Map<string, Cassette & { file: string }>();
  for (const file of files.sort()) {
    let raw: RawCassette;
    try {
      raw = YAML.parse(await readFile(path.join(dir, file), "utf8"), { schema: "core" }) as RawCassette;
    } catch (error) {
      throw new InputError(path.join(dir, file), `not a cassette (${(error as Error).message.split("\n")[0]})`);
    }
    if (!raw?.request || !raw.response || typeof raw.response.text !== "string") throw new InputError(path.join(dir, file), "not a cassette");
    const request: CassetteRequest = {
      model: raw.request.model,
      system: raw.request.system,
      prompt: raw.request.prompt,
      temperature: raw.request.temperature,
      maxTokens: raw.request.max_tokens,
    };
    const response: CompletionResult = {
      text: raw.response.text,
      usage: { inputTokens: raw.response.usage?.input_tokens ?? 0, outputTokens: raw.response.usage?.output_tokens ?? 0 },
      warnings: raw.response.warnings ?? [],
      ...(raw.response.stopped_at_limit === true ? { stoppedAtLimit: true } : {}),
    };
    cassettes.set(cassetteKey(request), { key: cassetteKey(request), provider: raw.provider, request, response, file });
  }
  return cassettes;
}
