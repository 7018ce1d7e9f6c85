import type { Memory } from "../memory/memory.js";
import type { TokenUsage } from "../model/memory-model.js";
import type { WeeklySummaryText } from "../parse/extract-weekly-summary.js";
import type { Period } from "../period/period.js";
import type { Problem } from "../problems/problem.js";

/** A daily log a compaction read. */
export interface SourceLog {
  /** Relative to the memory dir. */
  file: string;
  date: string;
  /** sha256 of the file's bytes, to notice later edits. */
  sha256: string;
}

/** A `typed_memory` block that was not accepted, and why. */
export interface SkippedCandidate {
  /** `answer block 3` */
  source: string;
  reason: string;
}

/**
 * What `Compactor.compactDaily` returns: everything needed to write the
 * period, computed without writing anything.
 */
export interface CompactionResult {
  period: Period;
  provider: string;
  model: string;
  sources: SourceLog[];
  /** The summary (secrets redacted, relative dates made absolute). */
  summary: WeeklySummaryText;
  /** Accepted memories, traced to the entries they came from; not yet placed in files. */
  memories: Memory[];
  skipped: SkippedCandidate[];
  /** Problems in the logs and the answer, and notes from the provider. */
  warnings: Problem[];
  usage: TokenUsage;
  /** Characters of log text sent, and of the summary kept: their ratio is the compression. */
  inputChars: number;
  summaryChars: number;
  /** Secrets redacted from the logs before the call, and from the answer before it was read. */
  redactions: { logs: number; answer: number };
  /** The answer needed the one repair attempt. */
  repaired: boolean;
  /** Summary section → anchors of the entries its bullets came from. */
  trace: Record<string, string[]>;
  /** What the provider said it could not honour (e.g. a refused temperature); kept in the summary's front matter. */
  providerWarnings: string[];
  /** Estimated US dollars, when a price for the model is configured. */
  costUsd?: number;
}

/** Summary size over log size, two decimals. */
export function compressionRatio(result: Pick<CompactionResult, "inputChars" | "summaryChars">): number {
  return result.inputChars === 0 ? 0 : Math.round((result.summaryChars / result.inputChars) * 100) / 100;
}
