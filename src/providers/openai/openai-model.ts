import OpenAI from "openai";
import { DEFAULT_MODEL } from "../../config/providers.js";
import { throwIfAborted } from "../../errors/aborted-error.js";
import type { CompleteOptions, CompletionResult, MemoryModel } from "../../model/memory-model.js";
import { describeFailure, notTheApi, refusesSetting } from "../describe-failure.js";
import { isOpenAiReasoningModel, outputTokenLimit, REASONING_ALLOWANCE } from "../known-refusals.js";
import { type ProviderSettings, sdkClientOptions } from "../provider-settings.js";
import { requestSignal } from "../request-signal.js";
import { SharedBackoff } from "../shared-backoff.js";

export const OPENAI_DEFAULT_MODEL = DEFAULT_MODEL.openai!;

// What a compatible server without the counting endpoint answers it.
const NO_ENDPOINT = new Set([400, 404, 405, 501]);

/**
 * The Chat Completions request for one prompt, for a single call and a batch alike. A reasoning
 * model gets no temperature, which it would refuse, and `max_completion_tokens` with room for its
 * reasoning beside the answer.
 */
export function chatParams(model: string, prompt: string, options: CompleteOptions): Record<string, unknown> {
  const messages = [
    { role: "system", content: options.systemPrompt },
    { role: "user", content: prompt },
  ];
  if (isOpenAiReasoningModel(model)) return { model, messages, max_completion_tokens: outputTokenLimit(model, options.maxTokens) };
  return { model, messages, temperature: options.temperature, max_tokens: options.maxTokens };
}

/**
 * Chat Completions through the `openai` SDK: OpenAI itself or any
 * compatible server (Ollama, vLLM, LM Studio, OpenRouter) at `baseURL`.
 */
export class OpenAiModel implements MemoryModel {
  readonly provider: string;
  readonly modelId: string;
  private readonly client: OpenAI;
  private readonly backoff: SharedBackoff;
  /** Set once the server has shown it has no counting endpoint, so it is not asked again. */
  private countingMissing: boolean;

  constructor(private readonly settings: ProviderSettings) {
    this.provider = settings.provider ?? "openai";
    this.modelId = settings.model;
    this.backoff = new SharedBackoff(Date.now, settings.onRateLimited);
    this.client = new OpenAI(sdkClientOptions(settings, "openai", this.backoff));
    // Ollama has no counting endpoint; other compatible servers are asked once.
    this.countingMissing = this.provider === "ollama";
  }

  /**
   * The prompt's input tokens from OpenAI's counting endpoint (`POST /responses/input_tokens`,
   * free). Asked once, never retried: a server that shows it has no such endpoint (400, 404, 405,
   * 501, or an answer without a count) is not asked again, and the tokenizer counts instead.
   */
  async countTokens(prompt: string, options: Pick<CompleteOptions, "systemPrompt" | "signal">): Promise<number> {
    if (this.countingMissing) throw new Error(`${this.provider} has no token counting endpoint`);
    let counted: { input_tokens?: unknown };
    try {
      counted = await this.backoff.call(
        () =>
          this.client.responses.inputTokens.count(
            { model: this.settings.model, instructions: options.systemPrompt, input: [{ role: "user", content: prompt }] },
            { ...requestSignal(options.signal), maxRetries: 0 },
          ),
        options.signal,
      );
    } catch (error) {
      if (error instanceof OpenAI.APIError && NO_ENDPOINT.has(error.status ?? 0)) this.countingMissing = true;
      throw error;
    }
    if (typeof counted.input_tokens !== "number") {
      this.countingMissing = true;
      throw new Error("the counting endpoint answered no input_tokens");
    }
    return counted.input_tokens;
  }

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    const warnings: string[] = [];
    const params = chatParams(this.settings.model, prompt, options);
    let response: OpenAI.ChatCompletion | undefined;
    // A model may refuse the temperature, or want max_completion_tokens: each gets one retry without it.
    for (let attempt = 0; response === undefined; attempt++) {
      try {
        response = await this.backoff.call(
          () => this.client.chat.completions.create(params as unknown as OpenAI.ChatCompletionCreateParamsNonStreaming, requestSignal(options.signal)),
          options.signal,
        );
      } catch (error) {
        throwIfAborted(options.signal);
        if (attempt < 2 && "temperature" in params && refusesSetting(error, "temperature")) {
          warnings.push(`model ${this.settings.model} refused temperature ${options.temperature}; asked again with its default`);
          delete params["temperature"];
        } else if (attempt < 2 && "max_tokens" in params && refusesSetting(error, "max_tokens")) {
          warnings.push(`model ${this.settings.model} refused max_tokens; asked again with max_completion_tokens`);
          params["max_completion_tokens"] = options.maxTokens + REASONING_ALLOWANCE;
          delete params["max_tokens"];
        } else {
          throw describeFailure(this.provider, error, this.settings, this.provider === "ollama" ? "OLLAMA_BASE_URL" : "OPENAI_BASE_URL");
        }
      }
    }
    if (typeof response !== "object" || response === null) {
      throw notTheApi(this.provider, String(response), this.provider === "ollama" ? "OLLAMA_BASE_URL" : "OPENAI_BASE_URL");
    }
    // A server that answers no choice (`"choices": null`) gave no answer: the run says so, as for an empty one.
    const choice = response.choices?.[0];
    if (choice?.finish_reason === "length") warnings.push(stoppedAtLimit(params, options.maxTokens));
    return {
      text: choice?.message?.content ?? "",
      usage: { inputTokens: response.usage?.prompt_tokens ?? 0, outputTokens: response.usage?.completion_tokens ?? 0 },
      warnings,
      ...(choice?.finish_reason === "length" ? { stoppedAtLimit: true } : {}),
    };
  }
}

/** The warning for an answer cut at its token limit, which for a reasoning model also held its reasoning. */
function stoppedAtLimit(params: Record<string, unknown>, maxTokens: number): string {
  const limit = params["max_completion_tokens"];
  if (typeof limit !== "number") return `the answer stopped at maxTokens (${maxTokens}); raise model.maxTokens`;
  return `the answer stopped at ${limit} tokens, its reasoning included (maxTokens ${maxTokens} + ${limit - maxTokens} for reasoning); raise model.maxTokens`;
}
