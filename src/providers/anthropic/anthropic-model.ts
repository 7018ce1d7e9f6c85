import Anthropic from "@anthropic-ai/sdk";
import { DEFAULT_MODEL } from "../../config/providers.js";
import { throwIfAborted } from "../../errors/aborted-error.js";
import type { CompleteOptions, CompletionResult, MemoryModel } from "../../model/memory-model.js";
import { describeFailure, notTheApi, refusesSetting } from "../describe-failure.js";
import { claudeRefusesTemperature } from "../known-refusals.js";
import { type ProviderSettings, sdkClientOptions } from "../provider-settings.js";
import { requestSignal } from "../request-signal.js";
import { SharedBackoff } from "../shared-backoff.js";

// Sonnet 4.5 reaches its end of life on 2026-11-30; 4.6 still takes the prompt's temperature.
export const ANTHROPIC_DEFAULT_MODEL = DEFAULT_MODEL.anthropic!;

/**
 * The Messages API request for one prompt, for a single call and a batch alike. Built apart from
 * the SDK's types: 1.x no longer lists temperature, the API still takes it (except from the models
 * that refuse one: they are sent none).
 */
export function messageParams(model: string, prompt: string, options: CompleteOptions): Record<string, unknown> {
  return {
    model,
    max_tokens: options.maxTokens,
    system: options.systemPrompt,
    messages: [{ role: "user", content: prompt }],
    ...(claudeRefusesTemperature(model) ? {} : { temperature: options.temperature }),
  };
}

/** Claude through the Messages API of `@anthropic-ai/sdk`. Retries are the SDK's own. */
export class AnthropicModel implements MemoryModel {
  readonly provider = "anthropic";
  readonly modelId: string;
  private readonly client: Anthropic;
  private readonly backoff: SharedBackoff;

  constructor(private readonly settings: ProviderSettings) {
    this.modelId = settings.model;
    this.backoff = new SharedBackoff(Date.now, settings.onRateLimited);
    this.client = new Anthropic(sdkClientOptions(settings, "anthropic", this.backoff));
  }

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    const warnings: string[] = [];
    const params = messageParams(this.settings.model, prompt, options);
    let response: Anthropic.Message;
    try {
      response = await this.create(params, options.signal);
    } catch (error) {
      throwIfAborted(options.signal);
      if (!("temperature" in params) || !refusesSetting(error, "temperature")) throw describeFailure(this.provider, error, this.settings, "ANTHROPIC_BASE_URL");
      warnings.push(`model ${this.settings.model} refused temperature ${options.temperature}; asked again with its default`);
      delete params["temperature"];
      try {
        response = await this.create(params, options.signal);
      } catch (retryError) {
        throwIfAborted(options.signal);
        throw describeFailure(this.provider, retryError, this.settings, "ANTHROPIC_BASE_URL");
      }
    }
    if (typeof response !== "object" || response === null || !Array.isArray(response.content)) {
      throw notTheApi(this.provider, typeof response === "string" ? response : (JSON.stringify(response) ?? ""), "ANTHROPIC_BASE_URL");
    }
    if (response.stop_reason === "max_tokens") warnings.push(`the answer stopped at maxTokens (${options.maxTokens}); raise model.maxTokens`);
    const text = response.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    const usage = { inputTokens: response.usage.input_tokens, outputTokens: response.usage.output_tokens };
    return { text, usage, warnings, ...(response.stop_reason === "max_tokens" ? { stoppedAtLimit: true } : {}) };
  }

  /** Input tokens through the Messages API's counting endpoint (free, not billed as a call). */
  async countTokens(prompt: string, options: Pick<CompleteOptions, "systemPrompt" | "signal">): Promise<number> {
    const counted = await this.backoff.call(
      () =>
        this.client.messages.countTokens(
          { model: this.settings.model, system: options.systemPrompt, messages: [{ role: "user", content: prompt }] },
          requestSignal(options.signal),
        ),
      options.signal,
    );
    if (typeof counted.input_tokens !== "number") throw new Error("the counting endpoint answered no input_tokens");
    return counted.input_tokens;
  }

  private create(params: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Anthropic.Message> {
    return this.backoff.call(() => this.client.messages.create(params as unknown as Anthropic.MessageCreateParamsNonStreaming, requestSignal(signal)), signal);
  }
}
