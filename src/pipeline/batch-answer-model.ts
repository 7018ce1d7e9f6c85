import type { CompleteOptions, CompletionResult, MemoryModel } from "../model/memory-model.js";

/**
 * Answers a week's compaction with what its batch request returned, so the
 * batch reuses the single-call steps as they are (call → repair → parse).
 * Only a repair request, when the batch answer is not in the format, goes
 * to the live model, at its standard price.
 */
export class BatchAnswerModel implements MemoryModel {
  private answered = false;

  constructor(
    private readonly answer: CompletionResult,
    private readonly live: () => Promise<MemoryModel>,
    readonly provider: string,
    readonly modelId: string,
  ) {}

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    if (this.answered) return (await this.live()).complete(prompt, options);
    this.answered = true;
    return this.answer;
  }
}
