import type { CompleteOptions, CompletionResult, MemoryModel } from "../../model/memory-model.js";
import { releaseMemory } from "../../model/release-memory.js";
import { estimateTokens } from "../../prompt/render-prompt.js";
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
  readonly modelId = "offline-extractive-1";

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    const logs = readPromptLogs(prompt);
    releaseMemory();
    const text = writeAnswer(logs, readExisting(prompt));
    return {
      text,
      usage: { inputTokens: estimateTokens(options.systemPrompt) + estimateTokens(prompt), outputTokens: estimateTokens(text) },
      warnings: [],
    };
  }
}
