import type { Problem } from "../problems/problem.js";
import { normaliseLineEndings } from "../text/clean-text.js";
import { extractWeeklySummary, type WeeklySummaryText } from "./extract-weekly-summary.js";
import { findTypedMemoryBlocks } from "./find-typed-memory-blocks.js";
import { type MemoryCandidate, parseTypedMemoryBlock } from "./parse-typed-memory.js";

/** An answer read as seed 002 describes. */
export interface ParsedAnswer {
  /** Undefined when the answer has no weekly summary in the format. */
  summary?: WeeklySummaryText;
  /** Why there is no summary, when there is none. */
  summaryProblem?: string;
  candidates: MemoryCandidate[];
  /** Invalid blocks (skipped) and softer warnings. */
  problems: Problem[];
  /** The answer said `NONE` and had no blocks. */
  none: boolean;
}

/**
 * Splits a model's answer into the weekly summary and validated memory
 * candidates. Pure. `cut`: the answer stopped at the output limit, so a last
 * block with no closing fence was cut short, and is skipped (a complete
 * answer's last block may lack its fence: it is read to the end).
 */
export function parseAnswer(answer: string, options: { cut?: boolean } = {}): ParsedAnswer {
  const text = normaliseLineEndings(answer).replace(/^\uFEFF/, "");
  const { blocks, outside } = findTypedMemoryBlocks(text);
  const candidates: MemoryCandidate[] = [];
  const problems: Problem[] = [];
  for (const block of blocks) {
    if (options.cut && !block.closed && block === blocks.at(-1)) {
      problems.push({
        source: `answer block ${block.index}`,
        ruleId: "invalid-memory",
        message: "the answer stopped at the output limit inside this block (model.maxTokens); block skipped",
      });
      continue;
    }
    const parsed = parseTypedMemoryBlock(block);
    if (parsed.ok) {
      candidates.push(parsed.candidate);
      problems.push(...parsed.problems);
    } else {
      problems.push(parsed.problem);
    }
  }
  const extracted = extractWeeklySummary(outside);
  const none = blocks.length === 0 && outside.some((line) => line.trim() === "NONE");
  return extracted.ok ? { summary: extracted.summary, candidates, problems, none } : { summaryProblem: extracted.reason, candidates, problems, none };
}
