import type { ProviderError } from "../errors/provider-error.js";
import type { Problem } from "../problems/problem.js";

/**
 * The warning for an embeddings endpoint that did not answer, with what was done instead: a run goes on by the
 * words alone rather than stop. The source is named once (the error's message starts with it too).
 */
export function embeddingsUnavailable(error: ProviderError, instead: string): Problem {
  return { source: "embeddings", ruleId: "embeddings-unavailable", message: `${error.message.replace(/^embeddings: /, "")}; ${instead}` };
}
