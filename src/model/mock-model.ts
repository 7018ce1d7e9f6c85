import { UnexpectedCallError } from "../errors/unexpected-call-error.js";
import type { CompleteOptions, CompletionResult, MemoryModel } from "./memory-model.js";

/** One recorded call to a MockMemoryModel. */
export interface RecordedCall {
  prompt: string;
  options: CompleteOptions;
}

type MockAnswer = string | CompletionResult;
type MockAnswerFn = (prompt: string, options: CompleteOptions, callIndex: number) => MockAnswer | Promise<MockAnswer>;

/**
 * A MemoryModel for tests. Give it one answer (returned every time), a list
 * (one per call; a call past the end throws), or a function. Every call is recorded.
 */
export class MockMemoryModel implements MemoryModel {
  readonly provider = "mock";
  readonly calls: RecordedCall[] = [];

  constructor(
    private readonly answers: MockAnswer | MockAnswer[] | MockAnswerFn,
    readonly modelId = "mock-model",
  ) {}

  async complete(prompt: string, options: CompleteOptions): Promise<CompletionResult> {
    const callIndex = this.calls.length;
    this.calls.push({ prompt, options });
    const answer = await this.answerFor(prompt, options, callIndex);
    if (typeof answer !== "string") return answer;
    return { text: answer, usage: { inputTokens: Math.ceil(prompt.length / 4), outputTokens: Math.ceil(answer.length / 4) }, warnings: [] };
  }

  private answerFor(prompt: string, options: CompleteOptions, callIndex: number): MockAnswer | Promise<MockAnswer> {
    if (typeof this.answers === "function") return this.answers(prompt, options, callIndex);
    if (!Array.isArray(this.answers)) return this.answers;
    const answer = this.answers[callIndex];
    if (answer === undefined) {
      throw new UnexpectedCallError(`mock model called ${callIndex + 1} times but has ${this.answers.length} answers`);
    }
    return answer;
  }
}
