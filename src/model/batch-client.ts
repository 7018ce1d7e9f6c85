import type { CompleteOptions, CompletionResult } from "./memory-model.js";

/** One call of a batch: the same prompt and settings `MemoryModel.complete` takes, under an id. */
export interface BatchRequest {
  /** Matches the result to its request; letters, digits, `-` and `_`, at most 64. */
  customId: string;
  prompt: string;
  options: Omit<CompleteOptions, "signal">;
}

/** Where a submitted batch stands. */
export interface BatchStatus {
  id: string;
  /** True once the provider will do no more work on it (done, expired, cancelled or failed). */
  ended: boolean;
  /** The provider's own word: `in_progress`, `ended`, `completed`, `expired`… */
  status: string;
  /** Requests finished so far (succeeded or not), of all. */
  done: number;
  total: number;
}

/** The outcome of one request of an ended batch. */
export type BatchItemResult = { customId: string; ok: true; completion: CompletionResult } | { customId: string; ok: false; reason: string };

/** What an ended batch returned. */
export interface BatchResults {
  items: BatchItemResult[];
  /** Why a request without a result has none (a batch that failed as a whole says why). */
  missingReason: string;
}

/**
 * A provider's batch API: many calls submitted at once, answered within a
 * day at the batch price. The counterpart of `MemoryModel` for `--batch`.
 */
export interface BatchClient {
  readonly provider: string;
  readonly modelId: string;
  /** The provider's parameters for one request, as sent: hashed into the saved batch. */
  body(request: BatchRequest): Record<string, unknown>;
  /** Sends every request as one batch; returns its id. */
  submit(requests: BatchRequest[]): Promise<string>;
  status(id: string, signal?: AbortSignal): Promise<BatchStatus>;
  /** The results of an ended batch, one per request it returned. */
  results(id: string, signal?: AbortSignal): Promise<BatchResults>;
}
