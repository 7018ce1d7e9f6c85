// Models known to answer 400 to a setting the prompt asks for. Sent without it from the start, a
// week is one call, and a batch does not come back with every request failed. A model not listed
// here that refuses a setting is still asked again without it (one retry, with a warning).

// OpenAI's reasoning models (o1, o3, o4-mini, gpt-5 and its point releases, not gpt-5-chat): no
// temperature, and `max_completion_tokens` instead of `max_tokens`.
const OPENAI_REASONING = /^(?:o\d+|gpt-5(?:\.\d+)?)(?:-(?!chat)[\w.-]*)?$/i;

// Claude from the fifth generation on (and Fable, Mythos) refuses a temperature other than its default.
const CLAUDE_FIXED_SAMPLING = /^claude-(?:(?:sonnet|opus|haiku)-(?:[5-9]|\d{2,})|fable|mythos)(?:-|$)/i;

/** Whether an OpenAI model is one of the reasoning models, which take neither temperature nor max_tokens. */
export function isOpenAiReasoningModel(model: string): boolean {
  return OPENAI_REASONING.test(model);
}

/** Whether a Claude model refuses a temperature other than its own. */
export function claudeRefusesTemperature(model: string): boolean {
  return CLAUDE_FIXED_SAMPLING.test(model);
}
