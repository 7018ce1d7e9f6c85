import { DEFAULT_MODEL } from "../../config/providers.js";
import type { CompleteOptions, CompletionResult, MemoryModel } from "../../model/memory-model.js";
import { releaseMemory } from "../../model/release-memory.js";
import { approximateTokens } from "../../text/approximate-tokens.js";
import { readExisting } from "./match-existing.js";
import { readPromptLogs } from "./read-prompt-logs.js";
import { writeAnswer } from "./write-answer.js";

/**
 * The built-in model: deterministic and extractive, no network, no key. It
 * reads the same prompt an LLM gets (the week's logs and the existing
 * memories shown beside them) and answers in the same format, choosing and
 * quoting the logs' own sentences rather than writing new ones.
 */
export class OfflineModel implements MemoryModel {
  readonly provider = "offline";
  readonly modelId = DEFAULT_MODEL.offline!;

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    const logs = readPromptLogs(prompt);
    releaseMemory();
    const text = writeAnswer(logs, readExisting(prompt));
    return {
      text,
      usage: { inputTokens: tokensOf(options.systemPrompt) + tokensOf(prompt), outputTokens: tokensOf(text) },
      warnings: [],
    };
  }
}

// What the same prompt and answer would be to a hosted model, counted by script without loading a
// tokenizer (mostly within a tenth of o200k_base on real logs, at most about a quarter; Chinese and
// Japanese ones included, which characters / 4 counted at half).
function tokensOf(text: string): number {
  return Math.ceil(approximateTokens(text));
}
