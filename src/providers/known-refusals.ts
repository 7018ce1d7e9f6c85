// Models known to answer 400 to a setting the prompt asks for. Sent without it from the start, a
// week is one call, and a batch does not come back with every request failed. A model not listed
// here that refuses a setting is still asked again without it (one retry, with a warning).

// OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 and its point releases, not gpt-5-chat): no
// temperature, and `max_completion_tokens` instead of `max_tokens`.
const OPENAI_REASONING = /^(?:o\d+|gpt-5(?:\.\d+)?)(?:-(?!chat)[\w.-]*)?$/i;

// Claude from the fifth generation on (and Fable, Mythos) refuses a temperature other than its default.
const CLAUDE_FIXED_SAMPLING = /^claude-(?:(?:sonnet|opus|haiku)-(?:[5-9]|\d{2,})|fable|mythos)(?:-|$)/i;

// A reasoning model's max_completion_tokens covers its hidden reasoning as well as its answer: held
// to the answer's budget alone, a long week's reasoning can spend it all and leave no answer.
export const REASONING_ALLOWANCE = 16_384;

/** Whether an OpenAI model is one of the reasoning models, which take neither temperature nor max_tokens. */
export function isOpenAiReasoningModel(model: string): boolean {
  return OPENAI_REASONING.test(withoutRoute(model));
}

/** Whether a Claude model refuses a temperature other than its own. */
export function claudeRefusesTemperature(model: string): boolean {
  return CLAUDE_FIXED_SAMPLING.test(withoutRoute(model));
}

/** The output tokens a call may use: `maxTokens` for the answer, plus `REASONING_ALLOWANCE` for a reasoning model. */
export function outputTokenLimit(model: string, maxTokens: number): number {
  return isOpenAiReasoningModel(model) ? maxTokens + REASONING_ALLOWANCE : maxTokens;
}

// A router or proxy names a model after its vendor: `openai/gpt-5`, `anthropic/claude-sonnet-5`.
function withoutRoute(model: string): string {
  return model.slice(model.lastIndexOf("/") + 1);
}
