/** Settings of one model call. */
export interface CompleteOptions {
  systemPrompt: string;
  temperature: number;
  maxTokens: number;
  /** Ends the call early when the run is interrupted. */
  signal?: AbortSignal | undefined;
}

/** Tokens a call used, as the provider reported them (or estimated, for `offline`). */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** What a model answered. */
export interface CompletionResult {
  text: string;
  usage: TokenUsage;
  /** Settings the provider could not honour, and similar notes, as data rather than errors. */
  warnings: string[];
  /** The answer stopped at the output limit (`maxTokens`): its last block may be cut short. */
  stoppedAtLimit?: boolean;
}

/**
 * The one seam between the compactor and a language model. A provider
 * wraps an SDK (or none, for `offline`) behind this single call.
 */
export interface MemoryModel {
  /** Registry name: `offline`, `anthropic`, `openai`, `replay`, `mock`. */
  readonly provider: string;
  /** Model identifier sent to the provider. */
  readonly modelId: string;
  complete(prompt: string, options: CompleteOptions): Promise<CompletionResult>;
  /** Input tokens of a call, from the provider's own counting endpoint, for models that have one. */
  countTokens?(prompt: string, options: Pick<CompleteOptions, "systemPrompt" | "signal">): Promise<number>;
}

/** Adds two usages. */
export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens };
}
