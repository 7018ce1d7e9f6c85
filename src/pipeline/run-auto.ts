import { MAX_CONCURRENCY } from "../config/config-schema.js";
import { AbortedError } from "../errors/aborted-error.js";
import { CompactorError, noteWritten } from "../errors/compactor-error.js";
import { UsageError } from "../errors/usage-error.js";
import { releaseMemory } from "../model/release-memory.js";
import type { Problem } from "../problems/problem.js";
import { countSessions } from "../schedule/count-sessions.js";
import { currentGates } from "../schedule/current-gates.js";
import { readScheduleState, type ScheduleState, writeScheduleState } from "../schedule/schedule-state.js";
import { type WeekState, weekStates } from "../schedule/week-status.js";
import { cacheSnapshot, readSnapshot, type Snapshot } from "../store/snapshot.js";
import { SnapshotCache } from "../store/snapshot-cache.js";
import { applySnapshotChange } from "../store/snapshot-lookup.js";
import { commitChanges, type DiskBasis, type FileChange } from "../store/transaction.js";
import { forgetCaches } from "../text/forget-caches.js";
import { leaveBatchedWeeks } from "./batched-weeks.js";
import { askPeriod, isIndexFile, planAsked } from "./compact-week.js";
import { type ConsolidateResult, consolidateLocked } from "./consolidate.js";
import { inOrder } from "./in-order.js";
import { nextTurn } from "./next-turn.js";
import { indexChanges } from "./plan-period.js";
import type { RunContext } from "./run-context.js";
import { RunMemories } from "./run-memories.js";
import { withRunLock } from "./with-run-lock.js";
import { WriteBehind } from "./write-behind.js";

// Weeks planned and waiting to be written, at most: past this the planning waits for the disk.
const MAX_WEEKS_QUEUED = 32;
// A commit starts at most once a second: the weeks planned meanwhile are committed together, which
// for a backfill on the offline model is about ten weeks a run instead of two (a ten-year backfill
// made 43 runs instead of 240, each with its journal, and files two weeks rewrote written once).
// A run killed loses the weeks planned since its last commit, which the next run compacts again.
const COMMIT_INTERVAL_MS = 1_000;

// The collections a run forces between its steps are worth their pause only past this much heap (a backfill of months):
// a week's run holds a few tens of megabytes, collected in about 20 ms each time.
const LARGE_HEAP = 64 * 1024 * 1024;

/**
 * A week planned, waiting to be committed: what the commit and its report
 * need, nothing more (a plan also holds the memories it read, which the run
 * has moved past by then).
 */
interface PlannedWeek {
  week: WeekState;
  changes: FileChange[];
  operations: string[];
  logs: number;
  memories: number;
  warnings: Problem[];
  index: number;
}

/** How far a run got: whether the index lists the weeks committed, how many were due, the step under way. */
interface RunProgress {
  indexed: boolean;
  due: number;
  step: "weeks" | "consolidation" | "saving the schedule state";
}

/** One week `--auto` compacted. */
// Past this many weeks, the run's summary gives the weeks in one line: `compact status` prints it.
const WEEKS_SUMMARIZED_FROM = 5;

/** The run in a line or a few, as the schedule state keeps it: a backfill's weeks as one line, not one each. */
function runSummary(lines: string[], compacted: AutoWeek[]): string {
  if (compacted.length < WEEKS_SUMMARIZED_FROM) return lines.join("; ");
  const total = (count: (week: AutoWeek) => number) => compacted.reduce((sum, week) => sum + count(week), 0);
  const weeks = `compacted ${compacted.length} weeks (${compacted[0]!.week} … ${compacted.at(-1)!.week}): ${total((week) => week.logs)} logs, ${total((week) => week.memories)} memories`;
  return [weeks, ...lines.filter((line) => !WEEK_LINE.test(line))].join("; ");
}
const WEEK_LINE = /^compacted \d{4}-W\d{2} \(/;

export interface AutoWeek {
  week: string;
  reason: "no summary" | "logs changed";
  logs: number;
  memories: number;
  run?: string;
}

/** What `runAuto` did: exactly what `compact --auto --json` prints. */
export interface AutoResult {
  schemaVersion: 1;
  ok: true;
  command: "auto";
  compacted: AutoWeek[];
  /** The consolidation, when its gates were open (or forced). */
  consolidation: ConsolidateResult | null;
  /** The gates that kept it closed. */
  gated: { name: string; detail: string }[];
  /** One line per action, as printed. */
  lines: string[];
  warnings: Problem[];
  /** What was settled before the run: a stale lock taken over, interrupted runs finished or discarded. */
  recovered: string[];
}

export interface AutoOptions {
  /** Open the time and session gates (never the lock). */
  force?: boolean;
  /** Weeks whose model calls run at once (default: the `concurrency` setting). */
  concurrency?: number;
}

/** Compacts the due weeks itself, committing each: how `compact --auto --batch` replaces the one-call-a-week loop. */
export type CompactDue = (todo: WeekState[], snapshot: Snapshot, basis: DiskBasis) => Promise<{ compacted: AutoWeek[]; lines: string[]; warnings: Problem[] }>;

/**
 * What cron runs: compact every completed week whose summary is missing or
 * out of date, oldest first, committing them in runs (see `COMMIT_INTERVAL_MS`); then consolidate when
 * the gates are open. The memory dir is read and indexed once. Up to
 * `concurrency` weeks are asked of the model at once: a week is asked once the
 * week `concurrency` before it has been planned, and is shown the memories
 * planned by then (with 1, every earlier week's, so the run is
 * reproducible). Plans and commits run one at a time in week order, each
 * starting from the previous week's result; a week's commit is written while
 * the next week is asked and planned.
 */
export async function runAuto(ctx: RunContext, options: AutoOptions = {}, compactDue?: CompactDue): Promise<AutoResult> {
  // Weeks committed, and whether the index lists them: a failure after them (the index, the
  // consolidation, the state) leaves them written, and says so.
  const compacted: AutoWeek[] = [];
  const progress: RunProgress = { indexed: false, due: 0, step: "weeks" };
  try {
    return await compactDueWeeks(ctx, options, compacted, progress, compactDue);
  } catch (error) {
    // An interrupt is not a step that failed; any other failure after the weeks names its step.
    const named = progress.step !== "weeks" && !(error instanceof AbortedError);
    if (error instanceof CompactorError && !error.written && (compacted.length > 0 || named)) {
      noteWritten(
        error,
        compacted.map((week) => week.week),
        progress.indexed,
        { rest: compacted.length < progress.due, ...(named ? { step: progress.step } : {}) },
      );
    }
    throw error;
  }
}

async function compactDueWeeks(
  ctx: RunContext,
  options: AutoOptions,
  compacted: AutoWeek[],
  progress: RunProgress,
  compactDue: CompactDue | undefined,
): Promise<AutoResult> {
  return withRunLock(ctx, "compact --auto", (recovered) =>
    recordedIfFailed(ctx, () => compactDueWeeksLocked(ctx, options, compacted, progress, compactDue, recovered)),
  );
}

// A run that fails is the last run too: status says so (an expired key failing every week was otherwise seen
// nowhere). What the state already held (the last consolidation) is kept.
async function recordedIfFailed<T>(ctx: RunContext, run: () => Promise<T>): Promise<T> {
  const at = ctx.now();
  try {
    return await run();
  } catch (error) {
    // A usage or configuration error writes nothing (exit 2): the run never started its work.
    if (error instanceof CompactorError && (error.code === "E_USAGE" || error.code === "E_CONFIG")) throw error;
    const why = error instanceof AbortedError ? "interrupted" : `failed: ${(error as Error)?.message ?? String(error)}`;
    const state = await readScheduleState(ctx.dir).catch(() => ({}) as ScheduleState);
    state.lastRun = { at: at.toISOString(), summary: why };
    await writeScheduleState(ctx.dir, state).catch(() => undefined);
    throw error;
  }
}

async function compactDueWeeksLocked(
  ctx: RunContext,
  options: AutoOptions,
  compacted: AutoWeek[],
  progress: RunProgress,
  compactDue: CompactDue | undefined,
  recovered: string[],
): Promise<AutoResult> {
  const now = ctx.now();
  const cache = await SnapshotCache.load(ctx.dir);
  const snapshot = await readSnapshot(ctx.dir, { cache });
  const warnings: Problem[] = [...snapshot.problems];
  const lines: string[] = [];
  const { weeks, problems } = await weekStates(ctx.dir, now, snapshot.summaries, ctx.logs, snapshot.unreadableSummaries);
  warnings.push(...problems);
  const due = weeks.filter((week) => week.state === "pending" || week.state === "stale");
  const batched = compactDue ? { todo: due, line: undefined, warnings: [] } : await leaveBatchedWeeks(ctx.dir, due);
  const todo = batched.todo;
  progress.due = todo.length;
  warnings.push(...batched.warnings);
  // Sessions are counted as each log is read, so the consolidation gate reads no log twice.
  const { lastConsolidation: last } = await readScheduleState(ctx.dir);
  const lastConsolidation = last ? new Date(last) : undefined;
  const sessions = new Map<string, number>();
  let runMemories: RunMemories | undefined;
  if (compactDue) {
    const done = await compactDue(todo, snapshot, cache.basis);
    compacted.push(...done.compacted);
    lines.push(...done.lines);
    warnings.push(...done.warnings);
  } else if (todo.length > 0) {
    const model = await ctx.model();
    const memories = await RunMemories.open(ctx.dir, snapshot.memories);
    const knownClean = await cache.knownClean();
    runMemories = memories;
    const concurrency = checkedConcurrency(options.concurrency ?? ctx.settings.concurrency);
    let indexed = false;
    ctx.onProgress?.({ kind: "period", done: 0, total: todo.length, text: `compacting ${todo.length} week${todo.length === 1 ? "" : "s"}` });
    const ask = (week: (typeof todo)[number], stop: AbortSignal) => {
      const signal = ctx.signal ? AbortSignal.any([ctx.signal, stop]) : stop;
      return askPeriod({ ...ctx, signal }, week.week, memories, model, week.logs);
    };
    // The weeks planned while the ones before them were being written, or within the commit interval,
    // are committed together, as one run: a backfill commits fewer, larger runs, and a memory updated
    // in several of them is written once.
    let commitFailed = false;
    const commitWeeks = async (planned: PlannedWeek[]) => {
      const labels = planned.map(({ week }) => week.week.label);
      const journal = await commitChanges(
        ctx.dir,
        planned.flatMap(({ changes }) => changes),
        {
          command: `compact --auto (${labels.length === 1 ? labels[0] : `${labels[0]} … ${labels.at(-1)}`})`,
          now: ctx.now(),
          operations: planned.flatMap(({ operations }) => operations),
          last: isIndexFile(ctx),
          knownClean,
          basis: cache.basis,
          // Not cut short by an interrupt: a week planned is committed (the queue is short, each commit
          // quick), so an interrupted run keeps every week it finished and stops asking for more.
        },
      ).catch((error: unknown) => {
        commitFailed = true;
        throw error;
      });
      for (const { week, index, ...written } of planned) {
        const done: AutoWeek = {
          week: week.week.label,
          reason: week.state === "stale" ? "logs changed" : "no summary",
          logs: written.logs,
          memories: written.memories,
          ...(journal ? { run: journal.run } : {}),
        };
        compacted.push(done);
        warnings.push(...written.warnings);
        const text = `compacted ${done.week} (${done.reason}): ${done.logs} logs, ${done.memories} memories`;
        lines.push(text);
        ctx.onProgress?.({ kind: "period", done: index + 1, total: todo.length, text });
      }
    };
    // After a failure, the weeks committed stay: the index is brought up to date with them (else an
    // agent loading MEMORY.md would not see them, and a week that keeps failing would keep it
    // stale). `runAuto` then names them in the failure.
    const indexCommitted = async () => {
      // After a failed commit the run's snapshot holds weeks that are not on disk: the index is left as it is.
      if (compacted.length === 0 || commitFailed) return;
      // Not cut short by the interrupt that may have ended the run: the index is one small commit.
      await commitChanges(ctx.dir, indexChanges(snapshot, ctx.dir.layout), {
        command: "compact --auto (index)",
        now: ctx.now(),
        operations: ["rebuild the index"],
        last: isIndexFile(ctx),
        knownClean,
        basis: cache.basis,
      }).then(
        () => {
          progress.indexed = true;
        },
        () => undefined,
      );
    };
    // Write-behind: a week's commit goes on while the next weeks are asked and planned (each plan
    // starts from the week before's snapshot, in memory). Commits run one at a time in week order.
    const writer = new WriteBehind(commitWeeks, { maxQueued: MAX_WEEKS_QUEUED, minInterval: COMMIT_INTERVAL_MS });
    const planned = inOrder(todo, concurrency, ask, async (week, asked, index) => {
      // Its logs listed but none readable (a link out of the dir, a FIFO): why is said, and the week stays due.
      if ("unread" in asked) {
        warnings.push(...asked.unread);
        return;
      }
      for (const log of asked.logs) sessions.set(log.file.relPath, countSessions([log], lastConsolidation));
      // The index is rebuilt by the last week only: every rebuild reads every memory.
      const outcome = planAsked(ctx, asked, snapshot, memories, { index: index === todo.length - 1 });
      indexed = index === todo.length - 1;
      // The run's own snapshot takes the week's changes in place: a copy a week of years of memories cost more than the week.
      applySnapshotChange(snapshot, outcome.plan.change);
      memories.update(
        outcome.plan.files.filter((file) => file.role === "memory" && file.action !== "unchanged").map((file) => file.path),
        outcome.plan.change.written,
      );
      releaseMemory();
      await nextTurn();
      await writer.push({
        week,
        changes: outcome.plan.changes,
        operations: outcome.plan.operations,
        logs: outcome.result.sources.length,
        memories: outcome.result.memories.length,
        warnings: outcome.result.warnings.filter((warning) => warning.ruleId !== "untraced-bullet" && warning.ruleId !== "untraced-memory"),
        index,
      });
    });
    // A failure ends the run once the commit in flight has settled; an earlier week's failure is the one reported.
    await Promise.allSettled([planned]);
    try {
      await writer.flush();
      await planned;
    } catch (error) {
      await indexCommitted();
      throw error;
    }
    progress.indexed = indexed;
    // What the weeks kept to go faster week after week is no help to the final pass over every memory. Saving the
    // cache and the terms starts from what is live: with the weeks' garbage beside the index, it was the run's peak.
    forgetCaches();
    releaseMemory({ now: true, from: LARGE_HEAP });
    const changes = compacted.length > 0 && !indexed ? indexChanges(snapshot, ctx.dir.layout) : [];
    if (changes.length > 0) {
      await commitChanges(ctx.dir, changes, {
        command: "compact --auto (index)",
        now: ctx.now(),
        operations: ["rebuild the index"],
        last: isIndexFile(ctx),
        signal: ctx.signal,
        knownClean,
        basis: cache.basis,
      });
      for (const change of changes) snapshot.texts.set(change.path, change.content as string);
    }
    progress.indexed = true;
  }
  if (compacted.length > 0 && !compactDue) {
    await cacheSnapshot(ctx.dir, cache, snapshot).catch(() => undefined);
    if (cache.saveProblem) warnings.push(cache.saveProblem);
    await runMemories?.keep(ctx.dir, snapshot.memories, cache);
  }
  // The final pass over every memory has no use for the weeks' index: tens of megabytes after years of memories.
  // Nor for what saving the cache and the terms made: the pass starts from what is live (its peak is the run's).
  runMemories?.close();
  runMemories = undefined;
  if (compacted.length > 0) releaseMemory({ now: true, from: LARGE_HEAP });
  if (batched.line) lines.push(batched.line);
  else if (todo.length === 0) lines.push("nothing to compact: every completed week with logs has a current summary");

  const {
    gates,
    state,
    problems: gateProblems,
  } = await currentGates(ctx.dir, {
    now,
    logs: ctx.logs,
    settings: ctx.settings,
    counted: sessions,
  });
  warnings.push(...gateProblems);
  const closed = gates.filter((gate) => !gate.open && !(options.force && gate.name !== "lock"));
  let consolidation: ConsolidateResult | null = null;
  if (closed.length === 0) {
    progress.step = "consolidation";
    // The dir as this run left it: read again, a long history's memories would be parsed a second time.
    const read = compactDue ? undefined : { snapshot: { ...snapshot, problems: [] }, cache };
    consolidation = await consolidateLocked(ctx, "auto", {}, [], read);
    lines.push(consolidation.line!);
    warnings.push(...consolidation.warnings);
    state.lastConsolidation = now.toISOString();
  } else {
    for (const gate of closed) lines.push(`consolidation gated: ${gate.detail}`);
  }
  // A run that compacted nothing still read the dir: what it confirmed spares the next command the reading.
  if (compacted.length === 0 && !compactDue) await cache.keep(ctx.dir);
  progress.step = "saving the schedule state";
  state.lastRun = { at: now.toISOString(), summary: runSummary(lines, compacted) || "nothing to do" };
  await writeScheduleState(ctx.dir, state);
  return {
    schemaVersion: 1,
    ok: true,
    command: "auto",
    compacted,
    consolidation,
    gated: closed.map(({ name, detail }) => ({ name, detail })),
    lines,
    warnings,
    recovered,
  };
}

// Weeks at once, as the config allows them: anything else (0, NaN, 1.5) asked no week and still closed the
// consolidation's time gate.
function checkedConcurrency(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > MAX_CONCURRENCY) {
    throw new UsageError(`concurrency ${String(value)}: expected a whole number from 1 to ${MAX_CONCURRENCY}`);
  }
  return value;
}
