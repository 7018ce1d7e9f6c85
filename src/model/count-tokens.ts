import { throwIfAborted } from "../errors/aborted-error.js";
import type { MemoryModel } from "./memory-model.js";

/** A prompt's size in tokens, and who counted it. */
export interface TokenCount {
  tokens: number;
  /** `provider`: the provider's counting endpoint; `tokenizer`: a BPE tokenizer here. */
  countedBy: "provider" | "tokenizer";
}

/**
 * Counts a prompt's input tokens the way its provider will bill them: the
 * provider's counting endpoint when the model has one (Anthropic's
 * `messages.countTokens`), else OpenAI's o200k_base encoding (exact for
 * OpenAI's current models, a close estimate in real tokens for the others).
 * A counting endpoint that fails falls back to the tokenizer: an estimate
 * never stops a run.
 */
export async function countPromptTokens(
  model: Pick<MemoryModel, "countTokens">,
  prompt: { system: string; user: string },
  signal?: AbortSignal,
): Promise<TokenCount> {
  if (model.countTokens) {
    try {
      return { tokens: await model.countTokens(prompt.user, { systemPrompt: prompt.system, signal }), countedBy: "provider" };
    } catch {
      // Counted here instead, unless the run was stopped.
      throwIfAborted(signal);
    }
  }
  return { tokens: (await countTokens(prompt.system)) + (await countTokens(prompt.user)), countedBy: "tokenizer" };
}

/** Tokens of a text in the o200k_base encoding; the tokenizer (a few MB of ranks) is loaded on first use. */
export async function countTokens(text: string): Promise<number> {
  const { countTokens: count } = await import("gpt-tokenizer/encoding/o200k_base");
  return count(text);
}
