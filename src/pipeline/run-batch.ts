import { IoError } from "../errors/io-error.js";
import { ProviderError } from "../errors/provider-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { BatchClient, BatchResults, BatchStatus } from "../model/batch-client.js";
import { formatProblem, type Problem } from "../problems/problem.js";
import { readSnapshot } from "../store/snapshot.js";
import { type AppliedBatch, applyBatchResults } from "./apply-batch-results.js";
import { type BatchEstimate, describeEstimate, dueWeeks, prepareBatch, tokenCounter } from "./batch-requests.js";
import type { BatchAutoResult, BatchReport } from "./batch-result.js";
import { dryRunBatch } from "./dry-run-batch.js";
import { guarded, pollBatch } from "./poll-batch.js";
import { runAuto } from "./run-auto.js";
import type { RunContext } from "./run-context.js";
import { readSavedBatch, removeSavedBatch, SAVED_BATCH_FILE, type SavedBatch, writeSavedBatch } from "./saved-batch.js";
import { uninterruptible } from "./step-in-flight.js";
import { withRunLock } from "./with-run-lock.js";

/** Seconds between two looks at a submitted batch, unless told otherwise. */
export const DEFAULT_POLL_INTERVAL = 30;
const MAX_POLL_INTERVAL = 24 * 60 * 60;

/** How `compact --auto --batch` runs. */
export interface BatchOptions {
  /** Seconds between two looks at the submitted batch (default 30; fractions allowed). */
  pollInterval?: number;
  /** Say what the batch would hold and cost; submit nothing, write nothing. */
  dryRun?: boolean;
  /** Open the time and session gates of the consolidation that follows (never the lock). */
  force?: boolean;
}

/** The batch a run submitted, resumed or (in a dry run) planned. */

/** A started or resumed batch, before its results are in. */
interface Started {
  saved: SavedBatch | undefined;
  submitted: boolean;
  estimate?: BatchEstimate;
  lines: string[];
  warnings: Problem[];
  recovered: string[];
}

/**
 * Every week `--auto` would compact, as one provider batch at the batch
 * price. Under the lock, a saved batch is resumed or the due weeks are
 * submitted and the batch id saved in `.compact/`; the lock is then let go
 * while the batch is polled (it may take hours); under the lock again the
 * answers are applied in week order, each week one undoable run, and the
 * consolidation gates are looked at as `--auto` does. An interrupt while
 * waiting leaves the batch saved: the next run collects it.
 */
export async function runBatch(ctx: RunContext, openClient: () => Promise<BatchClient>, options: BatchOptions = {}): Promise<BatchAutoResult> {
  const intervalMs = pollIntervalMs(options.pollInterval);
  const client = await openClient();
  if (options.dryRun) return dryRunBatch(ctx, client);
  // 1. Under the lock: resume the saved batch, or submit the due weeks and save the batch id.
  const started = await withRunLock(ctx, "compact --auto --batch", (recovered) => submitOrResume(ctx, client, recovered));
  const saved = started.saved;
  const report: BatchReport = {
    provider: client.provider,
    model: saved?.model ?? client.modelId,
    id: saved?.id ?? null,
    submitted: started.submitted,
    status: null,
    weeks: saved?.weeks.map((entry) => ({ week: entry.week, outcome: "submitted" as const })) ?? [],
    ...(started.estimate ? { estimate: started.estimate } : {}),
  };
  // 2. Without the lock: a batch may take hours, and a lock older than 30 minutes counts as stale.
  let results: BatchResults | undefined;
  const lines = [...started.lines];
  if (saved) {
    const describe = (now: BatchStatus) => `batch ${saved.id}: ${now.status}, ${now.done} of ${now.total} requests done`;
    const status = await pollBatch(client, saved.id, intervalMs, ctx.signal, (now) =>
      ctx.onProgress?.({ kind: "period", done: now.done, total: now.total, text: describe(now) }),
    );
    report.status = status.status;
    lines.push(describe(status));
    results = await guarded(() => client.results(saved.id, ctx.signal), saved.id, ctx.signal);
  }
  // 3. Under the lock again, through --auto: the answers applied in week order, then the consolidation gates.
  const collected: { applied?: AppliedBatch } = {};
  const auto = await runAuto(ctx, options.force ? { force: true } : {}, async (todo, snapshot, basis) => {
    if (!saved || !results) return { compacted: [], lines: [], warnings: [] };
    const current = await readSavedBatch(ctx.dir);
    if (current?.id !== saved.id) return { compacted: [], lines: [`batch ${saved.id} was collected by another run meanwhile`], warnings: [] };
    collected.applied = await applyBatchResults(ctx, saved, results, todo, snapshot, basis);
    // Forgotten only once every week is settled: a run killed before this collects again, skipping what is written.
    await removeSavedBatch(ctx.dir);
    return collected.applied;
  });
  if (collected.applied) {
    report.weeks = collected.applied.weeks;
    report.usage = collected.applied.usage;
    if (collected.applied.costUsd !== undefined) report.costUsd = collected.applied.costUsd;
  }
  return {
    ...auto,
    lines: [...lines, ...auto.lines],
    warnings: unique([...started.warnings, ...auto.warnings]),
    recovered: [...started.recovered, ...auto.recovered],
    dryRun: false,
    batch: report,
  };
}

async function submitOrResume(ctx: RunContext, client: BatchClient, recovered: string[]): Promise<Started> {
  const saved = await readSavedBatch(ctx.dir);
  if (saved) {
    if (saved.provider !== client.provider) {
      throw new UsageError(
        `batch ${saved.id} in ${SAVED_BATCH_FILE} was submitted to ${saved.provider}: run with --provider ${saved.provider} to collect it, or delete that file to abandon it`,
      );
    }
    const line = `resuming batch ${saved.id} (${saved.provider} ${saved.model}, ${saved.weeks.length} week${saved.weeks.length === 1 ? "" : "s"}, submitted ${saved.submittedAt}): collecting it, not submitting again`;
    ctx.onProgress?.({ kind: "period", done: 0, total: saved.weeks.length, text: line });
    return { saved, submitted: false, lines: [line], warnings: [], recovered };
  }
  const snapshot = await readSnapshot(ctx.dir);
  const { todo, problems } = await dueWeeks(ctx, snapshot);
  // Counted as the dry run counts: by the provider's counting endpoint when it has one.
  const prepared = await prepareBatch(ctx, todo, snapshot, client, tokenCounter(await ctx.model()));
  const warnings = [...snapshot.problems, ...problems, ...prepared.warnings];
  if (prepared.requests.length === 0) return { saved: undefined, submitted: false, lines: [], warnings, recovered };
  const submitting = {
    doing: `submitting the batch to ${client.provider} and saving its id`,
    ifKilled: `a batch may exist at ${client.provider} without its id saved in ${SAVED_BATCH_FILE}: look at its list of batches (and cancel a stray one) before running again`,
  };
  const batch = await uninterruptible(submitting, async () => {
    const id = await client.submit(prepared.requests);
    if (typeof id !== "string" || id === "")
      throw new ProviderError(client.provider, "the batch was accepted but no batch id came back; look for it in the provider's console before running again");
    const submitted: SavedBatch = {
      version: 1,
      provider: client.provider,
      model: client.modelId,
      id,
      submittedAt: ctx.now().toISOString(),
      weeks: prepared.weeks,
    };
    await writeSavedBatch(ctx.dir, submitted).catch((error: unknown) => {
      throw IoError.from(
        SAVED_BATCH_FILE,
        "write",
        error,
        `; batch ${id} was submitted to ${client.provider} but could not be saved — cancel it there, or save its id`,
      );
    });
    return submitted;
  });
  const id = batch.id;
  const line = `submitted batch ${id} to ${client.provider} ${client.modelId}: ${describeEstimate(prepared.estimate)}`;
  ctx.onProgress?.({ kind: "period", done: 0, total: prepared.requests.length, text: line });
  return { saved: batch, submitted: true, estimate: prepared.estimate, lines: [line], warnings, recovered };
}

/** Seconds between looks, as milliseconds; anything but a number of seconds in (0, 86400] is a usage error. */
export function pollIntervalMs(seconds: number | undefined): number {
  const value = seconds ?? DEFAULT_POLL_INTERVAL;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > MAX_POLL_INTERVAL) {
    throw new UsageError(`poll interval ${String(seconds)}: expected a number of seconds greater than 0 and at most ${MAX_POLL_INTERVAL}, such as 30 or 0.5`);
  }
  return value * 1000;
}

function unique(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((problem) => {
    const key = `${problem.ruleId} ${formatProblem(problem)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
