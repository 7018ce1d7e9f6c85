import type { BatchClient } from "../model/batch-client.js";
import { readSnapshot } from "../store/snapshot.js";
import { describeEstimate, dueWeeks, prepareBatch, tokenCounter } from "./batch-requests.js";
import type { BatchAutoResult } from "./batch-result.js";
import type { RunContext } from "./run-context.js";
import { readSavedBatch } from "./saved-batch.js";

/**
 * What `--auto --batch` would submit and what it would cost. Reads only: no
 * lock (taking it writes the lock file), no state, nothing submitted.
 */
export async function dryRunBatch(ctx: RunContext, client: BatchClient): Promise<BatchAutoResult> {
  const snapshot = await readSnapshot(ctx.dir);
  const saved = await readSavedBatch(ctx.dir);
  const base = {
    schemaVersion: 1 as const,
    ok: true as const,
    command: "auto" as const,
    compacted: [],
    consolidation: null,
    gated: [],
    recovered: [],
    dryRun: true,
  };
  const batch = { provider: client.provider, submitted: false, status: null };
  if (saved) {
    const lines = [
      `dry run: batch ${saved.id} (${saved.weeks.length} weeks, submitted ${saved.submittedAt}) is waiting; a run would collect it, not submit another; nothing written`,
    ];
    return {
      ...base,
      lines,
      warnings: snapshot.problems,
      batch: { ...batch, model: saved.model, id: saved.id, weeks: saved.weeks.map((entry) => ({ week: entry.week, outcome: "submitted" })) },
    };
  }
  const { todo, problems } = await dueWeeks(ctx, snapshot);
  // Counted by the provider's counting endpoint when there is one and a key to ask it with, else the tokenizer.
  const prepared = await prepareBatch(ctx, todo, snapshot, client, tokenCounter(await (ctx.previewModel ?? ctx.model)()));
  const lines =
    prepared.requests.length === 0
      ? ["dry run: nothing to compact: every completed week with logs has a current summary; nothing submitted"]
      : [
          `dry run: would submit to ${client.provider} ${client.modelId} as one batch: ${describeEstimate(prepared.estimate)}; nothing submitted, nothing written`,
        ];
  return {
    ...base,
    lines,
    warnings: [...snapshot.problems, ...problems, ...prepared.warnings],
    batch: {
      ...batch,
      model: client.modelId,
      id: null,
      weeks: prepared.weeks.map((entry) => ({ week: entry.week, outcome: "planned" })),
      estimate: prepared.estimate,
    },
  };
}
