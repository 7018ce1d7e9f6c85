import { loadPeriodLogs, type PeriodLogs } from "../logs/load-period-logs.js";
import type { BatchClient, BatchRequest } from "../model/batch-client.js";
import { countPromptTokens, type TokenCount } from "../model/count-tokens.js";
import { estimateCost, formatUsd } from "../model/estimate-cost.js";
import type { MemoryModel } from "../model/memory-model.js";
import type { Problem } from "../problems/problem.js";
import { outputTokenLimit } from "../providers/known-refusals.js";
import { RecordingModel } from "../providers/replay/recording-model.js";
import { type WeekState, weekStates } from "../schedule/week-status.js";
import { mapLimited } from "../store/map-limited.js";
import type { Snapshot } from "../store/snapshot.js";
import { sha256 } from "../text/hash.js";
import { prepareCompaction } from "./compact-daily.js";
import { relatedMemories } from "./related-memories.js";
import type { RunContext } from "./run-context.js";
import { RunMemories } from "./run-memories.js";
import type { SavedBatch } from "./saved-batch.js";

// Requests counted at once through a provider's counting endpoint (free, but rate-limited).
const COUNTS_AT_ONCE = 4;

/** The size and price of a batch, before submitting it. */
export interface BatchEstimate {
  weeks: number;
  inputTokens: number;
  /** `provider`: every request counted by the provider's counting endpoint; `tokenizer`: some or all by a tokenizer here (or none to count). */
  countedBy: TokenCount["countedBy"];
  /** The most output tokens the batch may use: `maxTokens` a week (and a reasoning model's allowance). */
  maxOutputTokens: number;
  /** Upper bound in US dollars at the batch price, when the model's price is known. */
  costUsd?: number;
  /** The same calls at the standard price, for comparison. */
  standardCostUsd?: number;
}

/** Every due week's request, ready to submit, and what is saved to resume it. */
export interface PreparedBatch {
  requests: BatchRequest[];
  weeks: SavedBatch["weeks"];
  estimate: BatchEstimate;
  warnings: Problem[];
}

/**
 * Renders the request of every due week (prepare step only, no call). All
 * are made against the run's one snapshot: in a batch, no week can see the
 * memories an earlier week of the same batch will write.
 */
export async function prepareBatch(
  ctx: RunContext,
  todo: WeekState[],
  snapshot: Snapshot,
  client: Pick<BatchClient, "body" | "modelId">,
  /** Counts each request's input tokens: through its counting endpoint when it has one, else the tokenizer. */
  counter: Pick<MemoryModel, "countTokens"> = {},
): Promise<PreparedBatch> {
  const memories = await RunMemories.open(ctx.dir, snapshot.memories);
  const prompts = await ctx.prompts();
  const requests: BatchRequest[] = [];
  const weeks: SavedBatch["weeks"] = [];
  const warnings: Problem[] = [];
  const requestPrompts: { system: string; user: string }[] = [];
  for (const due of todo) {
    const logs = await readWeekLogs(ctx, due);
    warnings.push(...logs.problems);
    if (logs.logs.length === 0) continue;
    const prepared = await prepareCompaction(prompts, logs, relatedMemories(memories, logs.logs), ctx.settings);
    const request: BatchRequest = { customId: due.week.label, prompt: prepared.prompt.user, options: prepared.options };
    requests.push(request);
    weeks.push({ week: due.week.label, customId: request.customId, requestHash: requestHash(client, request), logs: logSources(logs) });
    requestPrompts.push(prepared.prompt);
  }
  // The first prompt is counted alone: a server without a counting endpoint then answers once.
  const [first, ...rest] = requestPrompts;
  const counts = first === undefined ? [] : [await countPromptTokens(counter, first, ctx.signal)];
  counts.push(...(await mapLimited(rest, COUNTS_AT_ONCE, (prompt) => countPromptTokens(counter, prompt, ctx.signal))));
  const inputTokens = counts.reduce((sum, count) => sum + count.tokens, 0);
  const usage = { inputTokens, outputTokens: outputTokenLimit(client.modelId, ctx.settings.maxTokens) * requests.length };
  const price = ctx.price(client.modelId);
  const costUsd = estimateCost(usage, price, { batch: true });
  const standardCostUsd = estimateCost(usage, price);
  const estimate: BatchEstimate = {
    weeks: requests.length,
    inputTokens,
    countedBy: counts.some((count) => count.countedBy === "tokenizer") || counts.length === 0 ? "tokenizer" : "provider",
    maxOutputTokens: usage.outputTokens,
    ...(costUsd === undefined ? {} : { costUsd }),
    ...(standardCostUsd === undefined ? {} : { standardCostUsd }),
  };
  return { requests, weeks, estimate, warnings };
}

/**
 * What counts a batch's input tokens: the run's model, whose provider's
 * counting endpoint is asked when it has one (a recording's own model, so
 * counts are never recorded as calls).
 */
export function tokenCounter(model: MemoryModel): Pick<MemoryModel, "countTokens"> {
  return model instanceof RecordingModel ? model.inner : model;
}

/** A week's logs, read the way a single compaction reads them. */
export function readWeekLogs(ctx: RunContext, due: WeekState): Promise<PeriodLogs> {
  return loadPeriodLogs(ctx.dir, due.week, { ...ctx.logs, maxBytes: ctx.settings.logsMaxBytes, signal: ctx.signal });
}

/** The files and hashes a week's request was made from. */
export function logSources(logs: PeriodLogs): { file: string; sha256: string }[] {
  return logs.logs.map((log) => ({ file: log.file.relPath, sha256: log.sha256 }));
}

/** sha256 of a request's parameters as the provider receives them. */
export function requestHash(client: Pick<BatchClient, "body">, request: BatchRequest): string {
  return sha256(JSON.stringify(client.body(request)));
}

/** The weeks `--auto` would compact: completed, with logs, and no summary or one older than its logs. */
export async function dueWeeks(ctx: RunContext, snapshot: Snapshot): Promise<{ todo: WeekState[]; problems: Problem[] }> {
  const { weeks, problems } = await weekStates(ctx.dir, ctx.now(), snapshot.summaries, ctx.logs, snapshot.unreadableSummaries);
  return { todo: weeks.filter((week) => week.state === "pending" || week.state === "stale"), problems };
}

/** `12 weeks, ~340000 input tokens (counted by the provider) + up to 49152 output tokens, at most $1.2345 at the batch price ($2.4690 at the standard price)` */
export function describeEstimate(estimate: BatchEstimate): string {
  const counted = estimate.countedBy === "provider" ? " (counted by the provider)" : " (counted with the o200k tokenizer)";
  const size = `${estimate.weeks} week${estimate.weeks === 1 ? "" : "s"}, ~${estimate.inputTokens} input tokens${counted} + up to ${estimate.maxOutputTokens} output tokens`;
  if (estimate.costUsd === undefined) return `${size}; no price configured for this model`;
  const standard = estimate.standardCostUsd === undefined ? "" : ` (${formatUsd(estimate.standardCostUsd)} at the standard price)`;
  return `${size}, at most ${formatUsd(estimate.costUsd)} at the batch price${standard}`;
}
