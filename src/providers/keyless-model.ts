import { MissingKeyError } from "../errors/missing-key-error.js";
import type { CompletionResult, MemoryModel } from "../model/memory-model.js";

/**
 * A provider's model as a dry run sees it when its API key is not set: it
 * names the provider and model for the estimate, counts nothing (the
 * tokenizer does, and nothing is sent), and refuses to answer.
 */
export class KeylessModel implements MemoryModel {
  constructor(
    readonly provider: string,
    readonly modelId: string,
    private readonly apiKeyEnv: string,
  ) {}

  complete(): Promise<CompletionResult> {
    return Promise.reject(new MissingKeyError(this.provider, this.apiKeyEnv));
  }
}
