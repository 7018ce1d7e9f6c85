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
  return { tokens: (await countTokens(prompt.system, signal)) + (await countTokens(prompt.user, signal)), countedBy: "tokenizer" };
}

// BPE merges a run of characters with no space (or of spaces alone) in the square of its length (a line of 150 KB of `=` took
// 24 s): a longer run is counted a slice at a time, a few tokens off at most per slice.
const LONGEST_RUN = 256;
const LONG_RUN = new RegExp(`\\S{${LONGEST_RUN + 1},}|\\s{${LONGEST_RUN + 1},}`, "g");
// Text is counted a part at a time, each ending before a letter or digit that starts a line (where the
// encoding's own split falls, so the sum is exact), with a turn of the event loop between: an interrupt is heard.
const PART_CHARS = 64 * 1024;

/**
 * Tokens of a text in the o200k_base encoding; the tokenizer (a few MB of ranks) is loaded on first use.
 * Exact, but for runs of more than 256 characters with no space (a pasted blob), counted in slices.
 */
export async function countTokens(text: string, signal?: AbortSignal): Promise<number> {
  const { countTokens: count } = await import("gpt-tokenizer/encoding/o200k_base");
  let tokens = 0;
  for (const part of parts(text)) {
    throwIfAborted(signal);
    let at = 0;
    for (const run of part.matchAll(LONG_RUN)) {
      tokens += count(part.slice(at, run.index));
      for (let slice = 0; slice < run[0].length; slice += LONGEST_RUN) tokens += count(run[0].slice(slice, slice + LONGEST_RUN));
      at = run.index + run[0].length;
    }
    tokens += count(part.slice(at));
    if (text.length > PART_CHARS) await new Promise((resolve) => setImmediate(resolve));
  }
  throwIfAborted(signal);
  return tokens;
}

function* parts(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > PART_CHARS) {
    const cut = /\n(?=[\p{L}\p{N}])/gu;
    cut.lastIndex = start + PART_CHARS;
    const found = cut.exec(text);
    if (!found) break;
    yield text.slice(start, found.index + 1);
    start = found.index + 1;
  }
  yield text.slice(start);
}
