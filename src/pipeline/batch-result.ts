import type { TokenUsage } from "../model/memory-model.js";
import type { BatchWeek } from "./apply-batch-results.js";
import type { BatchEstimate } from "./batch-requests.js";
import type { AutoResult } from "./run-auto.js";

/** What a batch run did: its provider, id, state and the outcome of each week. */
export interface BatchReport {
  provider: string;
  model: string;
  /** The provider's batch id; null when there was nothing to submit, and in a dry run that would submit. */
  id: string | null;
  /** This run submitted the batch; false when it collected one an earlier run submitted. */
  submitted: boolean;
  /** The provider's last word on the batch (`ended`, `completed`, `expired`…); null when none was looked at. */
  status: string | null;
  weeks: BatchWeek[];
  /** The batch's size and price, when this run submitted (or would submit) it. */
  estimate?: BatchEstimate;
  /** Tokens the applied answers used, and their cost at the batch price when the model's price is known. */
  usage?: TokenUsage;
  costUsd?: number;
}

/** What `compact --auto --batch --json` prints: the `--auto` result, with the batch. */
export type BatchAutoResult = AutoResult & { dryRun: boolean; batch: BatchReport };
