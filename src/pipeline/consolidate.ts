import { applyPlan } from "../consolidate/apply-plan.js";
import { planConsolidation } from "../consolidate/plan-consolidation.js";
import { type ConflictProposal, type ConsolidationPlan, describeOperation, operations } from "../consolidate/plan-types.js";
import { checkRecall, readProbes } from "../consolidate/probes.js";
import { dream } from "../consolidate/propose-by-model.js";
import { isAutoReminder, REMINDER_FILE_NAME, reminderFor } from "../consolidate/reminder.js";
import { isEmptyPlan, renderReport } from "../consolidate/render-report.js";
import { fitBudget, validatePlan } from "../consolidate/validate-plan.js";
import { embeddingText } from "../embeddings/embedding-text.js";
import { openAiEmbedder } from "../embeddings/embeddings-client.js";
import { embeddingsUnavailable } from "../embeddings/embeddings-unavailable.js";
import { cachedVectors } from "../embeddings/vector-cache.js";
import { ProviderError } from "../errors/provider-error.js";
import { UsageError } from "../errors/usage-error.js";
import { buildIndex } from "../memory/build-index.js";
import { type Memory, memoryId } from "../memory/memory.js";
import { readMemory } from "../memory/read-memory.js";
import { renderMemory } from "../memory/render-memory.js";
import type { Problem } from "../problems/problem.js";
import { readScheduleState, writeScheduleState } from "../schedule/schedule-state.js";
import { topicPath } from "../store/memory-layout.js";
import { readSnapshot, type Snapshot } from "../store/snapshot.js";
import { isPlainData, SnapshotCache } from "../store/snapshot-cache.js";
import { commitChanges, type FileChange } from "../store/transaction.js";
import { isIndexFile } from "./compact-week.js";
import { indexWeek } from "./plan-period.js";
import type { RunContext } from "./run-context.js";
import { withRunLock } from "./with-run-lock.js";

/** How a conflict is settled: the newer memory wins, the proposed winner wins, or a person (a function) decides. */
export type ConflictResolver = "newer" | "proposed" | "skip" | ((conflict: ConflictProposal) => Promise<"a" | "b" | "skip">);

export interface ConsolidateOptions {
  /**
   * `report`: plan and report, change nothing. `apply`: apply merges, prunes
   * and redates, and the conflicts `resolve` settles. `auto` (for cron): apply
   * what is safe and leave conflicts to a person with one reminder memory.
   */
  mode?: "report" | "apply" | "auto";
  /** Plan and report only, whatever the mode. */
  dryRun?: boolean;
  /** How conflicts are settled in `apply` mode (default: skipped). */
  resolve?: ConflictResolver;
  /** Called with the report once the plan is made, before any question. */
  onReport?: (report: string, plan: ConsolidationPlan) => void;
  /** Asked last; false cancels and nothing changes. */
  confirm?: () => Promise<boolean>;
}

/** A plan as data: what `--json` prints. */
export interface PlanSummary {
  merges: { keep: string; fold: string }[];
  conflicts: { a: string; b: string; topic: string; proposedWinner: string; reason: string }[];
  prunes: { id: string; type: string; ageDays: number }[];
  redates: string[];
  supersedes: { winner: string; loser: string }[];
}

/** What `consolidate` did: exactly what `compact consolidate --json` prints. */
export interface ConsolidateResult {
  schemaVersion: 1;
  ok: true;
  command: "consolidate";
  mode: "report" | "apply" | "auto";
  dryRun: boolean;
  plan: PlanSummary;
  /** The consolidation report, without the closing question. */
  report: string;
  /** True when the plan proposes nothing at all. */
  nothingFound: boolean;
  applied: boolean;
  cancelled: boolean;
  /** Operations over the loss budget, left for a later run (one line each); the rest was applied. */
  deferred: string[];
  /** The journaled run, when something changed: `compact undo RUN` reverses it. */
  run?: string;
  /** Memory files written or removed (not the index, the archive or the reminder). */
  improved: number;
  counts: { merged: number; pruned: number; conflictsResolved: number; skipped: number };
  warnings: Problem[];
  /** What was settled before the run: a stale lock taken over, interrupted runs finished or discarded. */
  recovered: string[];
  /** In `auto` mode, the one line a scheduled run prints. */
  line?: string;
}

/**
 * The consolidation pass over the whole memory dir: plan (find candidates →
 * rules, then the model when one is configured) → validate → apply, as one
 * journaled transaction under the lock. A report-only run takes no lock.
 */
const CONSOLIDATE_MODES = ["report", "apply", "auto"] as const;
const RESOLVERS = ["newer", "proposed", "skip"] as const;

export async function consolidate(ctx: RunContext, options: ConsolidateOptions = {}): Promise<ConsolidateResult> {
  const mode = options.mode ?? "apply";
  // A mode misspelt by a caller of the library would otherwise apply: a report asked for, changes made.
  if (!(CONSOLIDATE_MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`consolidate mode '${String(mode)}': expected ${CONSOLIDATE_MODES.join(", ")}`);
  }
  const resolve = options.resolve;
  if (resolve !== undefined && typeof resolve !== "function" && !(RESOLVERS as readonly unknown[]).includes(resolve)) {
    throw new UsageError(`consolidate resolve ${JSON.stringify(resolve)}: expected ${RESOLVERS.join(", ")} or a function answering "a", "b" or "skip"`);
  }
  const dryRun = options.dryRun === true;
  if (dryRun || mode === "report") {
    // Reads only, so no lock; a dry run never asks the model (it may cost money), a report does.
    const snapshot = await readSnapshot(ctx.dir);
    const { plan, warnings } = await makePlan(ctx, snapshot, !dryRun, { saveVectors: false });
    const report = renderReport(plan, { asking: false });
    options.onReport?.(report, plan);
    return result(mode, dryRun, plan, report, { dir: ctx.dir.given, warnings: [...snapshot.problems, ...warnings] });
  }
  const command = mode === "auto" ? "compact consolidate --auto" : "compact consolidate";
  const startedAt = ctx.now();
  return withRunLock(ctx, command, async (recovered) => {
    const done = await consolidateLocked(ctx, mode, options, recovered);
    // A consolidation a person runs is one too: the time gate of the next --auto counts from it.
    if (!done.cancelled) await recordConsolidation(ctx, startedAt);
    return done;
  });
}

async function recordConsolidation(ctx: RunContext, at: Date): Promise<void> {
  const state = await readScheduleState(ctx.dir);
  state.lastConsolidation = at.toISOString();
  await writeScheduleState(ctx.dir, state);
}

/** The pass itself, the lock already held (`--auto` runs it after compacting). */
export async function consolidateLocked(
  ctx: RunContext,
  mode: "apply" | "auto",
  options: ConsolidateOptions,
  recovered: string[],
  /** The memory dir as the caller, holding the lock, has it already (its problems reported). */
  read?: { snapshot: Snapshot; cache: SnapshotCache },
): Promise<ConsolidateResult> {
  const cache = read?.cache ?? (await SnapshotCache.load(ctx.dir));
  const snapshot = read?.snapshot ?? (await readSnapshot(ctx.dir, { cache }));
  const { plan, warnings } = await makePlan(ctx, snapshot, true);
  warnings.unshift(...snapshot.problems);
  const report = renderReport(plan, { asking: false });
  options.onReport?.(report, plan);
  const today = ctx.now().toISOString().slice(0, 10);
  const reminderFile = topicPath(ctx.dir.layout, REMINDER_FILE_NAME);
  const existingReminder = snapshot.memories.find((m) => m.file === reminderFile && isAutoReminder(m));
  // `--auto` writes the reminder; a pass a person runs keeps one that exists in step with the contradictions left.
  let reminder =
    mode === "auto" ? reminderFor(existingReminder, plan.conflicts, today, reminderFile) : existingReminder && plan.conflicts.length === 0 ? null : undefined;
  const dir = ctx.dir.given;
  if (isEmptyPlan(plan) && reminder === undefined) return result(mode, false, plan, report, { dir, warnings, recovered });

  if (mode === "apply") plan.supersedes = await resolveConflicts(plan, options.resolve ?? "skip");
  if (options.confirm && !(await options.confirm())) return result(mode, false, plan, report, { dir, warnings, recovered, cancelled: true });

  validatePlan(plan);
  // Over the loss budget: the safest part is applied, the rest reported and left for a later run.
  const deferred = fitBudget(plan, { maxRemoveFraction: ctx.settings.maxRemoveFraction }).map(describeOperation);
  // The contradictions this pass settles, once the budget has said which of its supersessions go ahead.
  if (mode === "apply" && existingReminder) reminder = reminderFor(existingReminder, unsettled(plan), today, reminderFile);
  if (deferred.length > 0) {
    warnings.push({
      source: "consolidation",
      ruleId: "loss-budget",
      message: `${deferred.length} operation(s) over the loss budget (consolidation.maxRemoveFraction ${ctx.settings.maxRemoveFraction}) left for a later run: ${deferred.join("; ")}`,
    });
  }
  const effect = applyPlan(plan, today, new Set(snapshot.archived.map((m) => m.file)));
  const writes = new Map(effect.writes.map((memory) => [memory.file, memory]));
  if (reminder !== undefined) {
    if (reminder === null) effect.removes.push(reminderFile);
    else writes.set(reminderFile, reminder);
  }
  const after = activeAfter(snapshot.memories, writes, new Set(effect.removes));
  checkRecall(await readProbes(ctx.dir), snapshot.memories, after);

  const changes: FileChange[] = [
    ...[...writes.values()].map((memory) => ({ path: memory.file, content: renderMemory(memory) })),
    ...effect.removes.map((path) => ({ path, content: null })),
  ];
  const index = buildIndex(after, snapshot.summaries.map(indexWeek), ctx.dir.layout.indexFile);
  for (const file of index.files) changes.push({ path: file.path, content: file.content });
  const journal = await commitChanges(ctx.dir, changes, {
    command: mode === "auto" ? "compact consolidate --auto" : "compact consolidate",
    now: ctx.now(),
    operations: operations(plan).map(describeOperation),
    last: isIndexFile(ctx),
    signal: ctx.signal,
    knownClean: await cache.knownClean(),
    basis: cache.basis,
  });
  // What this pass wrote goes into the snapshot cache, so the next command (status, say) parses none of it.
  await cache.commit(ctx.dir, new Map(changes.map((change) => [change.path, cachedChange(change, writes)])));
  const memoryFiles = new Set(journal?.files.map((f) => f.path) ?? []);
  const improved = [...memoryFiles].filter((file) => !file.startsWith("archive/") && file !== reminderFile && !isIndexFile(ctx)(file)).length;
  return result(mode, false, plan, report, { dir, warnings, recovered, applied: true, improved, deferred, ...(journal ? { run: journal.run } : {}) });
}

async function makePlan(
  ctx: RunContext,
  snapshot: Snapshot,
  askModel: boolean,
  options: { saveVectors?: boolean } = {},
): Promise<{ plan: ConsolidationPlan; warnings: Problem[] }> {
  const today = ctx.now().toISOString().slice(0, 10);
  const warnings: Problem[] = [];
  const vectors = ctx.settings.embeddings ? await vectorsIfAnswered(ctx, snapshot.memories, options.saveVectors !== false, warnings) : undefined;
  const plan = planConsolidation(snapshot.memories, { today, retention: ctx.settings.retention, ...(vectors ? { vectors } : {}) });
  // With an LLM configured (or given), one dream call judges every candidate group; the offline model never.
  if (askModel && (ctx.settings.provider !== "offline" || ctx.customModel)) {
    const model = await ctx.model();
    if (model.provider !== "offline") warnings.push(...(await dream(plan, model, { prompts: ctx.consolidationPrompts, signal: ctx.signal })));
  }
  return { plan, warnings };
}

// An embeddings endpoint that does not answer (down, refused, timed out) leaves the judgement to the words, with a
// warning, as search does: a scheduled run that fails every week while a local server is down keeps nothing tidy.
async function vectorsIfAnswered(ctx: RunContext, memories: Memory[], save: boolean, warnings: Problem[]): Promise<Map<string, Float32Array> | undefined> {
  try {
    return await memoryVectors(ctx, memories, save);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    warnings.push(embeddingsUnavailable(error, "memories compared by their words alone"));
    return undefined;
  }
}

/** The memories' vectors from the configured embeddings endpoint, through the cache in `.compact/`. */
// A dry run or a report writes nothing, not even the cache.
async function memoryVectors(ctx: RunContext, memories: Memory[], save: boolean): Promise<Map<string, Float32Array>> {
  const embedder = await openAiEmbedder(ctx.settings.embeddings!, ctx.env ?? process.env, {
    timeoutMs: ctx.settings.timeoutMs,
    maxRetries: ctx.settings.maxRetries,
  });
  const { vectors } = await cachedVectors(ctx.dir, embedder, memories.map(embeddingText), { save, ...(ctx.signal ? { signal: ctx.signal } : {}) });
  return new Map(memories.map((memory, i) => [memoryId(memory), vectors[i]!]));
}

async function resolveConflicts(plan: ConsolidationPlan, resolve: ConflictResolver): Promise<ConsolidationPlan["supersedes"]> {
  const supersedes: ConsolidationPlan["supersedes"] = [];
  for (const conflict of plan.conflicts) {
    const choice =
      typeof resolve === "function"
        ? chosen(await resolve(conflict), conflict)
        : resolve === "newer"
          ? newerSide(plan, conflict)
          : resolve === "proposed"
            ? conflict.proposedWinner === conflict.a
              ? "a"
              : "b"
            : "skip";
    if (choice === "skip") continue;
    const winner = choice === "a" ? conflict.a : conflict.b;
    const loser = choice === "a" ? conflict.b : conflict.a;
    if (plan.memories.get(loser)?.pinned) continue;
    supersedes.push({ kind: "supersede", winner, loser });
  }
  return supersedes;
}

// A resolver's answer, as the terminal's question takes it (`A`, ` b `): anything else is no answer, and
// nothing is changed, rather than a side picked for it.
function chosen(answer: unknown, conflict: ConflictProposal): "a" | "b" | "skip" {
  const choice = typeof answer === "string" ? answer.trim().toLowerCase() : answer;
  if (choice === "a" || choice === "b" || choice === "skip") return choice;
  throw new UsageError(
    `consolidate: the resolver answered ${JSON.stringify(answer) ?? String(answer)} for [${conflict.a}] vs [${conflict.b}]: expected "a", "b" or "skip"; nothing was changed`,
  );
}

// The contradictions no supersession of this pass settles.
function unsettled(plan: ConsolidationPlan): ConflictProposal[] {
  const settled = new Set(plan.supersedes.flatMap(({ winner, loser }) => [`${winner} ${loser}`, `${loser} ${winner}`]));
  return plan.conflicts.filter((conflict) => !settled.has(`${conflict.a} ${conflict.b}`));
}

// B is the newer by construction; a pinned memory never loses, so a pinned A wins.
function newerSide(plan: ConsolidationPlan, conflict: ConflictProposal): "a" | "b" {
  return plan.memories.get(conflict.a)?.pinned ? "a" : "b";
}

function activeAfter(memories: Memory[], writes: Map<string, Memory>, removes: Set<string>): Memory[] {
  const active = new Map(memories.map((m) => [m.file, m]));
  for (const file of removes) active.delete(file);
  for (const [file, memory] of writes) if (!file.startsWith("archive/")) active.set(file, memory);
  return [...active.values()];
}

function planSummary(plan: ConsolidationPlan): PlanSummary {
  return {
    merges: plan.merges.map((m) => ({ keep: m.keep, fold: m.fold })),
    conflicts: plan.conflicts.map(({ a, b, topic, proposedWinner, reason }) => ({ a, b, topic, proposedWinner, reason })),
    prunes: plan.prunes.map(({ id, type, ageDays }) => ({ id, type, ageDays })),
    redates: plan.redates.map((r) => r.id),
    supersedes: plan.supersedes.map(({ winner, loser }) => ({ winner, loser })),
  };
}

function result(
  mode: ConsolidateResult["mode"],
  dryRun: boolean,
  plan: ConsolidationPlan,
  report: string,
  extra: {
    dir?: string;
    warnings?: Problem[];
    recovered?: string[];
    applied?: boolean;
    cancelled?: boolean;
    improved?: number;
    run?: string;
    deferred?: string[];
  },
): ConsolidateResult {
  const resolved = extra.applied ? plan.supersedes.length : 0;
  const counts = {
    merged: extra.applied ? plan.merges.length : 0,
    pruned: extra.applied ? plan.prunes.length : 0,
    conflictsResolved: resolved,
    skipped: plan.conflicts.length - resolved,
  };
  return {
    schemaVersion: 1,
    ok: true,
    command: "consolidate",
    mode,
    dryRun,
    plan: planSummary(plan),
    report,
    nothingFound: isEmptyPlan(plan),
    applied: extra.applied ?? false,
    cancelled: extra.cancelled ?? false,
    deferred: extra.deferred ?? [],
    ...(extra.run ? { run: extra.run } : {}),
    improved: extra.improved ?? 0,
    counts,
    warnings: extra.warnings ?? [],
    recovered: extra.recovered ?? [],
    ...(mode === "auto" && !dryRun
      ? { line: `[compact --auto] dir=${extra.dir ?? "."} merged=${counts.merged} pruned=${counts.pruned} conflicts_skipped=${plan.conflicts.length}` }
      : {}),
  };
}

// A file a consolidation wrote, as the snapshot cache keeps it: a memory parsed, the index as text only.
function cachedChange(change: FileChange, writes: Map<string, Memory>): { text: string; parsed: unknown } | null {
  if (typeof change.content !== "string") return null;
  if (!writes.has(change.path)) return { text: change.content, parsed: null };
  const read = readMemory(change.path, change.content);
  return { text: change.content, parsed: isPlainData(read) ? read : { parseAgain: true } };
}
