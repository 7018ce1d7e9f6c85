import { UntracedOutputError } from "../errors/untraced-output-error.js";
import { loadPeriodLogs } from "../logs/load-period-logs.js";
import type { LogFile } from "../logs/log-types.js";
import type { DailyLog } from "../logs/read-daily-log.js";
import { countPromptTokens } from "../model/count-tokens.js";
import { estimateCost } from "../model/estimate-cost.js";
import type { MemoryModel, TokenUsage } from "../model/memory-model.js";
import { MockMemoryModel } from "../model/mock-model.js";
import { releaseMemory } from "../model/release-memory.js";
import { type Period, parseWeek } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import { outputTokenLimit } from "../providers/known-refusals.js";
import { RecordingModel } from "../providers/replay/recording-model.js";
import { cacheSnapshot, readSnapshot, type Snapshot } from "../store/snapshot.js";
import { SnapshotCache } from "../store/snapshot-cache.js";
import { commitChanges } from "../store/transaction.js";
import { completeCompaction, prepareCompaction, readCompaction } from "./compact-daily.js";
import { type CompactionResult, compressionRatio, type SkippedCandidate, type SourceLog } from "./compaction-result.js";
import { nextTurn } from "./next-turn.js";
import { type AcceptedMemory, type PlannedFile, planPeriod } from "./plan-period.js";
import { relatedMemories } from "./related-memories.js";
import type { RunContext } from "./run-context.js";
import { RunMemories } from "./run-memories.js";
import { withRunLock } from "./with-run-lock.js";

/** The size and price of a period's call, before making it. */
export interface CostEstimate {
  logs: number;
  inputTokens: number;
  /** `provider`: its counting endpoint; `tokenizer`: counted here. */
  countedBy: "provider" | "tokenizer";
  maxOutputTokens: number;
  /** Upper bound in US dollars, when the model's price is configured. */
  costUsd?: number;
}

/** What `compactWeek` did (or, in a dry run, would do): exactly what `compact --week --json` prints. */
export interface CompactWeekResult {
  schemaVersion: 1;
  ok: true;
  command: "week";
  week: string;
  firstDate: string;
  lastDate: string;
  dryRun: boolean;
  provider: string;
  model: string;
  /** The daily logs read. Empty when the week has none: then nothing is written. */
  logs: SourceLog[];
  files: PlannedFile[];
  memories: { accepted: AcceptedMemory[]; skipped: SkippedCandidate[] };
  /** New memories merged into an existing near-duplicate. */
  merged: { keep: string; fold: string }[];
  warnings: Problem[];
  usage: TokenUsage;
  costUsd?: number;
  compressionRatio: number;
  trace: Record<string, string[]>;
  redactions: { logs: number; answer: number };
  repaired: boolean;
  /** The journaled run: `compact undo RUN` restores the memory dir as it was before it. */
  run?: string;
  /** Dry runs: the estimate, and (for models that cost nothing) the files that would be written. */
  estimate?: CostEstimate;
  preview?: { path: string; action: string; content: string }[];
  /** Cassettes written by `--record`. */
  recorded?: string[];
  /** Lines for people: a week with no logs, a dry run that made no call. */
  notes: string[];
  /** What was settled before the run: a stale lock taken over, interrupted runs finished or discarded. */
  recovered: string[];
}

// The models a dry run may call: they cost nothing and need no server. Any other (a paid provider, a model of
// the caller's own, which usually wraps one, a local server that may be down) stops at the estimate.
const FREE_PROVIDERS = new Set(["offline", "replay", "mock"]);

/**
 * Compacts one ISO week: reads its logs, asks the model (prepare → call →
 * parse), plans every write against one snapshot of the memory dir and
 * commits them as one journaled transaction under the lock. A dry run takes
 * no lock and writes nothing; with any model but offline, replay and the
 * mock it stops at the estimate and makes no call.
 */
export async function compactWeek(ctx: RunContext, label: string, options: { dryRun?: boolean; strict?: boolean } = {}): Promise<CompactWeekResult> {
  const period = parseWeek(label);
  const built = await (options.dryRun ? (ctx.previewModel ?? ctx.model) : ctx.model)();
  if (options.dryRun) return dryRun(ctx, period, built instanceof RecordingModel ? built.inner : built);
  return withRunLock(ctx, `compact --week ${period.label}`, async (recovered) => {
    const cache = await SnapshotCache.load(ctx.dir);
    const snapshot = await readSnapshot(ctx.dir, { cache });
    const memories = await RunMemories.open(ctx.dir, snapshot.memories);
    const outcome = await compactPeriod(ctx, period, snapshot, built, { ...options, memories });
    if ("unread" in outcome) return { ...noLogs(ctx, period, built, [...snapshot.problems, ...outcome.unread]), recovered };
    const journal = await commitChanges(ctx.dir, outcome.plan.changes, {
      command: `compact --week ${period.label}`,
      now: ctx.now(),
      operations: outcome.plan.operations,
      last: isIndexFile(ctx),
      signal: ctx.signal,
      knownClean: await cache.knownClean(),
      basis: cache.basis,
    });
    // Only once the run has committed (a refused run writes nothing); a cache that cannot be written costs the next run a re-read.
    await cacheSnapshot(ctx.dir, cache, outcome.plan.next).catch(() => undefined);
    if (cache.saveProblem) outcome.result.warnings.push(cache.saveProblem);
    await memories.keep(ctx.dir, outcome.plan.next.memories, cache);
    return weekResult(period, outcome, {
      dryRun: false,
      notes: [],
      recovered,
      ...(journal ? { run: journal.run } : {}),
      ...(built instanceof RecordingModel ? { recorded: built.recorded } : {}),
    });
  });
}

/** A period with no log to read, and why (logs named otherwise, placed elsewhere, or not readable). */
export interface NoLogsRead {
  unread: Problem[];
}

/** A period's logs read and its model call made and read: what does not depend on the weeks before it. */
export interface AskedPeriod {
  result: CompactionResult;
  /** The request as sent, for an estimate. */
  prompt: { system: string; user: string };
  /** The logs as read: a long run counts their sessions before letting them go. */
  logs: DailyLog[];
}

/** One period compacted against a snapshot, planned but not written; when it has no log to read, why. */
export async function compactPeriod(
  ctx: RunContext,
  period: Period,
  snapshot: Snapshot,
  model: MemoryModel,
  options: { strict?: boolean; memories?: RunMemories } = {},
) {
  const memories = options.memories ?? (await RunMemories.open(ctx.dir, snapshot.memories));
  const asked = await askPeriod(ctx, period, memories, model);
  if ("unread" in asked) return asked;
  asked.result.warnings.unshift(...snapshot.problems);
  return planAsked(ctx, asked, snapshot, memories, options);
}

/**
 * Reads a period's logs (`files`, when a long run listed them already),
 * shows the model the memories related to them, makes the one call and
 * reads the answer. Plans nothing: several periods can be asked at once.
 */
export async function askPeriod(
  ctx: RunContext,
  period: Period,
  memories: RunMemories,
  model: MemoryModel,
  files?: LogFile[],
): Promise<AskedPeriod | NoLogsRead> {
  const logs = await loadPeriodLogs(ctx.dir, period, { ...ctx.logs, maxBytes: ctx.settings.logsMaxBytes, signal: ctx.signal, files });
  if (logs.logs.length === 0) return { unread: logs.problems };
  await nextTurn();
  const related = relatedMemories(memories, logs.logs);
  const prepared = await prepareCompaction(await ctx.prompts(), logs, related, ctx.settings);
  await nextTurn();
  const completed = await completeCompaction(model, prepared, ctx.signal);
  releaseMemory();
  await nextTurn();
  const result = readCompaction(prepared, completed, model, ctx.price(model.modelId));
  return { result, prompt: prepared.prompt, logs: logs.logs };
}

/** Plans an asked period's writes against the snapshot as it stands now (the weeks before it committed). */
export function planAsked(ctx: RunContext, asked: AskedPeriod, snapshot: Snapshot, memories: RunMemories, options: { strict?: boolean; index?: boolean } = {}) {
  const { result } = asked;
  const untraced = result.warnings.filter((w) => w.ruleId === "untraced-bullet" || w.ruleId === "untraced-memory");
  if (options.strict && untraced.length > 0) {
    throw new UntracedOutputError(
      `--strict: ${untraced.length} summary bullet(s) or memories trace to no daily entry (first: ${untraced[0]!.source}: ${untraced[0]!.message}); nothing written`,
    );
  }
  const plan = planPeriod(snapshot, result, {
    layout: ctx.dir.layout,
    now: ctx.now(),
    retention: ctx.settings.retention,
    index: options.index !== false,
    neighbours: (fresh) => memories.neighbours(fresh),
  });
  result.warnings.push(...plan.warnings);
  return { result, plan, prompt: asked.prompt, logs: asked.logs.length };
}

async function dryRun(ctx: RunContext, period: Period, model: MemoryModel): Promise<CompactWeekResult> {
  const snapshot = await readSnapshot(ctx.dir);
  // A model of the caller's is called only when it is the mock: its name is its own to choose ("offline" included).
  if (ctx.customModel ? !(model instanceof MockMemoryModel) : !FREE_PROVIDERS.has(model.provider)) {
    // A dry run never spends money: a model that may cost something stops at the estimate.
    const logs = await loadPeriodLogs(ctx.dir, period, { ...ctx.logs, maxBytes: ctx.settings.logsMaxBytes, signal: ctx.signal });
    if (logs.logs.length === 0) return noLogs(ctx, period, model, [...snapshot.problems, ...logs.problems], true);
    const prepared = await prepareCompaction(await ctx.prompts(), logs, relatedMemories(new RunMemories(snapshot.memories), logs.logs), ctx.settings);
    const estimate = await estimateOf(model, prepared.prompt, logs.logs.length, ctx.settings.maxTokens, ctx.price(model.modelId), ctx.signal);
    return {
      ...emptyResult(period, model, true),
      logs: logs.logs.map((log) => ({ file: log.file.relPath, date: log.file.date, sha256: log.sha256 })),
      warnings: [...snapshot.problems, ...logs.problems],
      estimate,
      notes: [`dry run: no call made to ${model.provider}; nothing written`],
    };
  }
  const outcome = await compactPeriod(ctx, period, snapshot, model);
  if ("unread" in outcome) return noLogs(ctx, period, model, [...snapshot.problems, ...outcome.unread], true);
  const actions = new Map(outcome.plan.files.map((file) => [file.path, file.action]));
  const preview = outcome.plan.changes.map((change) => ({
    path: change.path,
    action: actions.get(change.path) ?? "update",
    content: typeof change.content === "string" ? change.content : "",
  }));
  const estimate = await estimateOf(model, outcome.prompt, outcome.logs, ctx.settings.maxTokens, ctx.price(model.modelId), ctx.signal);
  return weekResult(period, outcome, { dryRun: true, notes: [], recovered: [], preview, estimate });
}

function weekResult(
  period: Period,
  outcome: ReturnType<typeof planAsked>,
  extra: {
    dryRun: boolean;
    notes: string[];
    recovered: string[];
    run?: string;
    preview?: { path: string; action: string; content: string }[];
    recorded?: string[];
    estimate?: CostEstimate;
  },
): CompactWeekResult {
  const { result, plan } = outcome;
  return {
    schemaVersion: 1,
    ok: true,
    command: "week",
    week: period.label,
    firstDate: period.firstDate,
    lastDate: period.lastDate,
    dryRun: extra.dryRun,
    provider: result.provider,
    model: result.model,
    logs: result.sources,
    files: plan.files,
    memories: { accepted: plan.accepted, skipped: result.skipped },
    merged: plan.merged,
    warnings: result.warnings,
    usage: result.usage,
    ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
    compressionRatio: compressionRatio(result),
    trace: result.trace,
    redactions: result.redactions,
    repaired: result.repaired,
    ...(extra.run ? { run: extra.run } : {}),
    ...(extra.estimate ? { estimate: extra.estimate } : {}),
    ...(extra.preview ? { preview: extra.preview } : {}),
    ...(extra.recorded && extra.recorded.length > 0 ? { recorded: extra.recorded } : {}),
    notes: extra.notes,
    recovered: extra.recovered,
  };
}

function emptyResult(period: Period, model: MemoryModel, dryRun: boolean): CompactWeekResult {
  return {
    schemaVersion: 1,
    ok: true,
    command: "week",
    week: period.label,
    firstDate: period.firstDate,
    lastDate: period.lastDate,
    dryRun,
    provider: model.provider,
    model: model.modelId,
    logs: [],
    files: [],
    memories: { accepted: [], skipped: [] },
    merged: [],
    warnings: [],
    usage: { inputTokens: 0, outputTokens: 0 },
    compressionRatio: 0,
    trace: {},
    redactions: { logs: 0, answer: 0 },
    repaired: false,
    notes: [],
    recovered: [],
  };
}

function noLogs(ctx: RunContext, period: Period, model: MemoryModel, problems: Problem[], dryRun = false): CompactWeekResult {
  return {
    ...emptyResult(period, model, dryRun),
    warnings: problems,
    notes: [`no daily logs for ${period.label} (${period.firstDate} … ${period.lastDate}) in ${ctx.dir.given}; nothing written`],
  };
}

/**
 * A call's size and price before it is made: input tokens counted by the
 * provider (or a tokenizer), output at most maxTokens (and a reasoning
 * model's allowance for its reasoning); `batch` prices it as
 * part of a provider batch.
 */
export async function estimateOf(
  model: MemoryModel,
  prompt: { system: string; user: string },
  logs: number,
  maxTokens: number,
  price: Parameters<typeof estimateCost>[1],
  signal?: AbortSignal,
  options: { batch?: boolean } = {},
): Promise<CostEstimate> {
  const { tokens: inputTokens, countedBy } = await countPromptTokens(model, prompt, signal);
  const maxOutputTokens = outputTokenLimit(model.modelId, maxTokens);
  const costUsd = estimateCost({ inputTokens, outputTokens: maxOutputTokens }, price, options);
  return { logs, inputTokens, countedBy, maxOutputTokens, ...(costUsd === undefined ? {} : { costUsd }) };
}

/** The index and its sub-lists are put in place last, so they never point at a file not yet there. */
export function isIndexFile(ctx: RunContext): (file: string) => boolean {
  return (file) => file === ctx.dir.layout.indexFile || file.startsWith("memory-index/");
}
