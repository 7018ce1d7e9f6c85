import type { ModelPrice } from "../config/config-schema.js";
import { ModelAnswerError } from "../errors/model-answer-error.js";
import type { BatchResults } from "../model/batch-client.js";
import { estimateCost, formatUsd, roundUsd } from "../model/estimate-cost.js";
import { addUsage, type TokenUsage } from "../model/memory-model.js";
import type { Problem } from "../problems/problem.js";
import type { WeekState } from "../schedule/week-status.js";
import type { Snapshot } from "../store/snapshot.js";
import { commitChanges, type DiskBasis } from "../store/transaction.js";
import { BatchAnswerModel } from "./batch-answer-model.js";
import { logSources, readWeekLogs } from "./batch-requests.js";
import { type CompletedCompaction, completeCompaction, prepareCompaction, readCompaction } from "./compact-daily.js";
import { isIndexFile } from "./compact-week.js";
import { planPeriod } from "./plan-period.js";
import { relatedMemories } from "./related-memories.js";
import type { AutoWeek } from "./run-auto.js";
import type { RunContext } from "./run-context.js";
import { RunMemories } from "./run-memories.js";
import type { SavedBatch } from "./saved-batch.js";

/** What became of one week of a batch. */
export interface BatchWeek {
  week: string;
  /**
   * `planned`: a dry run would submit it; `submitted`: sent, not yet collected; `applied`: written as one undoable run;
   * `failed`: the provider returned no usable answer, the week stays pending;
   * `requeued`: its logs changed since submission, the answer is not used;
   * `superseded`: compacted by another run since submission, the answer is not used.
   */
  outcome: "planned" | "submitted" | "applied" | "failed" | "requeued" | "superseded";
  /** Why, for `failed`. */
  detail?: string;
  /** The journaled run, for `applied`. */
  run?: string;
}

/** What collecting a batch did. */
export interface AppliedBatch {
  compacted: AutoWeek[];
  weeks: BatchWeek[];
  lines: string[];
  warnings: Problem[];
  usage: TokenUsage;
  costUsd?: number;
}

/**
 * Applies an ended batch's answers in week order, each week through the
 * journaled transaction like `--auto`, each planned against the snapshot
 * the previous week left. A week's answer is used only if the week is still
 * due and its logs are byte for byte those the request was made from.
 */
export async function applyBatchResults(
  ctx: RunContext,
  saved: SavedBatch,
  results: BatchResults,
  todo: WeekState[],
  start: Snapshot,
  basis?: DiskBasis,
): Promise<AppliedBatch> {
  const due = new Map(todo.map((week) => [week.week.label, week]));
  const items = new Map(results.items.map((item) => [item.customId, item]));
  const price = ctx.price(saved.model);
  const prompts = await ctx.prompts();
  const out: AppliedBatch = { compacted: [], weeks: [], lines: [], warnings: [], usage: { inputTokens: 0, outputTokens: 0 } };
  const fail = (week: string, detail: string) => {
    out.weeks.push({ week, outcome: "failed", detail });
    out.lines.push(`left ${week} pending: ${detail}`);
    out.warnings.push({ source: week, ruleId: "batch-item-failed", message: `no usable batch answer (${detail}); left pending for the next run` });
  };
  const addCost = (costUsd: number | undefined) => {
    if (costUsd !== undefined) out.costUsd = roundUsd((out.costUsd ?? 0) + costUsd);
  };
  // An answer the provider gave is billed whether or not its week is applied (superseded, re-queued).
  const addUnused = (item: BatchResults["items"][number] | undefined) => {
    if (!item?.ok) return;
    out.usage = addUsage(out.usage, item.completion.usage);
    addCost(estimateCost(item.completion.usage, price, { batch: true }));
  };
  let snapshot = start;
  // One index for every week, brought up to date as each commits: built again each week, a batch of years cost as many indexings.
  const memories = await RunMemories.open(ctx.dir, snapshot.memories);
  let repairs = 0;
  const weeks = [...saved.weeks].sort((a, b) => (a.week < b.week ? -1 : a.week > b.week ? 1 : 0));
  for (const [i, entry] of weeks.entries()) {
    const week = due.get(entry.week);
    if (!week) {
      addUnused(items.get(entry.customId));
      out.weeks.push({ week: entry.week, outcome: "superseded" });
      out.lines.push(`skipped ${entry.week}: compacted by another run since the batch was submitted`);
      continue;
    }
    const item = items.get(entry.customId);
    if (!item?.ok) {
      fail(entry.week, item ? item.reason : results.missingReason);
      continue;
    }
    const logs = await readWeekLogs(ctx, week);
    if (JSON.stringify(logSources(logs)) !== JSON.stringify(entry.logs)) {
      addUnused(item);
      out.weeks.push({ week: entry.week, outcome: "requeued" });
      out.lines.push(`re-queued ${entry.week}: its logs changed since the batch was submitted; the next run submits it again`);
      continue;
    }
    const prepared = await prepareCompaction(prompts, logs, relatedMemories(memories, logs.logs), ctx.settings);
    const model = new BatchAnswerModel(item.completion, ctx.model, saved.provider, saved.model);
    let completed: Awaited<ReturnType<typeof completeCompaction>>;
    try {
      completed = await completeCompaction(model, prepared, ctx.signal);
    } catch (error) {
      if (!(error instanceof ModelAnswerError)) throw error;
      fail(entry.week, error.message);
      // The unusable answer and its repair were billed all the same: they count in the batch's usage and cost.
      const spent = { usage: error.usage ?? item.completion.usage, repaired: true };
      repairs++;
      out.usage = addUsage(out.usage, spent.usage);
      addCost(weekCost(item.completion.usage, spent, price));
      continue;
    }
    const result = readCompaction(prepared, completed, model);
    const costUsd = weekCost(item.completion.usage, completed, price);
    if (completed.repaired) repairs++;
    if (costUsd !== undefined) result.costUsd = costUsd;
    const plan = planPeriod(snapshot, result, { layout: ctx.dir.layout, now: ctx.now(), retention: ctx.settings.retention });
    result.warnings.push(...plan.warnings);
    const journal = await commitChanges(ctx.dir, plan.changes, {
      command: `compact --auto --batch (${entry.week})`,
      now: ctx.now(),
      operations: plan.operations,
      last: isIndexFile(ctx),
      signal: ctx.signal,
      ...(basis ? { basis } : {}),
    });
    snapshot = plan.next;
    memories.update(
      plan.files.filter((file) => file.role === "memory" && file.action !== "unchanged").map((file) => file.path),
      plan.next.memories,
    );
    const done: AutoWeek = {
      week: entry.week,
      reason: week.state === "stale" ? "logs changed" : "no summary",
      logs: result.sources.length,
      memories: result.memories.length,
      ...(journal ? { run: journal.run } : {}),
    };
    out.compacted.push(done);
    out.weeks.push({ week: entry.week, outcome: "applied", ...(journal ? { run: journal.run } : {}) });
    out.usage = addUsage(out.usage, result.usage);
    addCost(result.costUsd);
    for (const warning of result.warnings) if (warning.ruleId !== "untraced-bullet" && warning.ruleId !== "untraced-memory") out.warnings.push(warning);
    const text = `compacted ${done.week} (${done.reason}): ${done.logs} logs, ${done.memories} memories`;
    out.lines.push(text);
    ctx.onProgress?.({ kind: "period", done: i + 1, total: weeks.length, text });
  }
  const pending = out.weeks.filter((week) => week.outcome === "failed" || week.outcome === "requeued").length;
  const repaired = repairs === 0 ? "" : ` (${repairs} repair${repairs === 1 ? "" : "s"} at the standard price)`;
  const cost = out.costUsd === undefined ? "" : `, ${formatUsd(out.costUsd)} at the batch price${repaired}`;
  out.lines.push(
    `batch ${saved.id}: ${out.compacted.length} week${out.compacted.length === 1 ? "" : "s"} applied, ${pending} left pending; ${out.usage.inputTokens} input + ${out.usage.outputTokens} output tokens${cost}`,
  );
  return out;
}

// The batch's answer is charged at the batch price; a repair, asked outside the batch, at the standard one.
function weekCost(answered: TokenUsage, completed: Pick<CompletedCompaction, "usage" | "repaired">, price: ModelPrice | undefined): number | undefined {
  const batch = estimateCost(answered, price, { batch: true });
  if (batch === undefined || !completed.repaired) return batch;
  const repair = { inputTokens: completed.usage.inputTokens - answered.inputTokens, outputTokens: completed.usage.outputTokens - answered.outputTokens };
  return roundUsd(batch + estimateCost(repair, price)!);
}
