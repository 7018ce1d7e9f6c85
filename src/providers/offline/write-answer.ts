import { releaseMemory } from "../../model/release-memory.js";
import { buildMemories } from "./build-memories.js";
import type { ExistingMemories } from "./match-existing.js";
import type { PromptLogs } from "./read-prompt-logs.js";
import { renderMemoryBlock } from "./render-memory-block.js";
import { selectForBudget } from "./select-for-budget.js";
import { weighUnits } from "./weigh-units.js";
import { writeSummary } from "./write-summary.js";

// Seed 002: the weekly summary is roughly 30% of the input.
const COMPRESSION_TARGET = 0.3;

/** The offline model's whole answer, in seed 002's format. */
export function writeAnswer(logs: PromptLogs, existing: ExistingMemories): string {
  const units = weighUnits(logs.entries, existing);
  releaseMemory();
  const summary = writeSummary(logs.weekLabel, selectForBudget(units, logs.inputChars * COMPRESSION_TARGET));
  const blocks = buildMemories(units, logs.entries, existing).map(renderMemoryBlock);
  return `${summary}\n${blocks.length > 0 ? blocks.join("\n") : "NONE\n"}`;
}
