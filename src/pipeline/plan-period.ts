import { applyPlan } from "../consolidate/apply-plan.js";
import { planConsolidation } from "../consolidate/plan-consolidation.js";
import { describeOperation, operations } from "../consolidate/plan-types.js";
import { ModelAnswerError } from "../errors/model-answer-error.js";
import { buildIndex, type IndexWeek } from "../memory/build-index.js";
import { type Memory, memoryId } from "../memory/memory.js";
import { memoryFileName } from "../memory/memory-file-name.js";
import { mergeMemory } from "../memory/merge-memory.js";
import { readMemory } from "../memory/read-memory.js";
import { renderMemory } from "../memory/render-memory.js";
import { renderSummary, type SummaryFile, sameSummary, summaryFileOf } from "../memory/summary-file.js";
import { summaryPath } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import { DEFAULT_MAX_INPUT_BYTES } from "../store/memory-dir.js";
import type { MemoryLayout } from "../store/memory-layout.js";
import { topicPath } from "../store/memory-layout.js";
import type { Snapshot } from "../store/snapshot.js";
import { changedSnapshot, nameKey, type SnapshotChange, snapshotLookup } from "../store/snapshot-lookup.js";
import type { FileChange } from "../store/transaction.js";
import { ownCopy } from "../text/own-copy.js";
import { type CompactionResult, compressionRatio } from "./compaction-result.js";

/** A file a run writes or would write, and what happens to it. */
export interface PlannedFile {
  path: string;
  action: "create" | "update" | "remove" | "unchanged";
  role: "summary" | "memory" | "index";
}

/** A memory the answer gave, and where it went. */
export interface AcceptedMemory {
  name: string;
  type: string;
  file: string;
  action: "created" | "updated" | "unchanged";
  sources: string[];
}

/** Everything one period's compaction would change, planned in memory. */
export interface PeriodPlan {
  changes: FileChange[];
  files: PlannedFile[];
  accepted: AcceptedMemory[];
  /** New memories merged into an existing near-duplicate. */
  merged: { keep: string; fold: string }[];
  warnings: Problem[];
  /** One line per operation, for the journal. */
  operations: string[];
  /** What the plan changes in the snapshot: a long run applies it to its own (`applySnapshotChange`). */
  change: SnapshotChange;
  /** The snapshot as it will be once the plan is committed, as a copy (made when first asked for). */
  readonly next: Snapshot;
}

export interface PlanPeriodOptions {
  layout: MemoryLayout;
  now: Date;
  retention: Record<string, number | null>;
  /** Rebuild the index (default): a long run rebuilds it with its last week only, as each rebuild reads every memory. */
  index?: boolean;
  /** The existing memories a new one could restate (default: all): a long run finds them through its index. */
  neighbours?: (fresh: Memory[]) => Memory[];
}

/**
 * Plans a period's writes against the snapshot: the summary; each memory the
 * answer gave, into the existing memory of the same name and type (or file)
 * when there is one, else a new file; new memories that restate an existing
 * one merged into it; the index rebuilt. Pure: nothing is written, and the
 * snapshot is not changed. The memories are looked up through the
 * snapshot's lookup, with this plan's own writes over it.
 */
export function planPeriod(snapshot: Snapshot, result: CompactionResult, options: PlanPeriodOptions): PeriodPlan {
  const { layout, now } = options;
  const lookup = snapshotLookup(snapshot);
  // This plan's writes, over the snapshot's memories: by file (in the order first written) and by name.
  const touched = new Map<string, Memory>();
  const touchedByName = new Map<string, Memory>();
  const removes = new Set<string>();
  const activeGet = (file: string) => (removes.has(file) ? undefined : (touched.get(file) ?? lookup.byFile.get(file)));
  const active = { get: activeGet, has: (file: string) => activeGet(file) !== undefined };
  const write = (memory: Memory) => {
    touched.set(memory.file, memory);
    touchedByName.set(nameKey(memory), memory);
  };
  const accepted: AcceptedMemory[] = [];
  const fresh = new Set<string>();

  for (const candidate of result.memories) {
    const existing =
      touchedByName.get(nameKey(candidate)) ?? lookup.byName.get(nameKey(candidate)) ?? activeGet(freeFile(candidate, layout, snapshot, touched, active));
    let memory: Memory;
    if (existing) {
      memory = mergeMemory(touched.get(existing.file) ?? existing, candidate);
    } else {
      memory = { ...candidate, file: freeFile(candidate, layout, snapshot, touched, active) };
      fresh.add(memoryId(memory));
    }
    write(memory);
    accepted.push({
      name: candidate.name,
      type: candidate.type,
      file: memory.file,
      action: existing ? (memory === existing ? "unchanged" : "updated") : "created",
      sources: candidate.sources,
    });
    if (existing && memory !== existing) fresh.add(memoryId(memory));
  }

  // New memories that restate an existing one are merged into it; their contradictions are left to consolidation.
  const warnings: Problem[] = [];
  const merged: { keep: string; fold: string }[] = [];
  const journalLines: string[] = [];
  if (fresh.size > 0) {
    const today = now.toISOString().slice(0, 10);
    const pool = new Map<string, Memory>();
    const written = [...touched.values()].filter((memory) => fresh.has(memoryId(memory)));
    for (const memory of options.neighbours ? options.neighbours(written) : activeMemories(snapshot, touched, removes)) {
      const current = activeGet(memory.file);
      if (current) pool.set(current.file, current);
    }
    for (const memory of written) pool.set(memory.file, memory);
    const plan = planConsolidation([...pool.values()], { today, retention: options.retention, justWritten: fresh, only: fresh });
    plan.merges = plan.merges.filter((m) => fresh.has(m.keep) || fresh.has(m.fold));
    plan.redates = plan.redates.filter((r) => fresh.has(r.id));
    plan.prunes = [];
    for (const c of plan.conflicts.filter((c) => fresh.has(c.a) || fresh.has(c.b))) {
      // A copy: the topic is cut from a memory's text, which a run's warnings would otherwise keep alive week after week.
      const message = ownCopy(`[${c.a}] vs [${c.b}] — "${c.topic}": run compact consolidate to resolve`);
      warnings.push({ source: "consolidation", ruleId: "contradiction", message });
    }
    plan.conflicts = [];
    const effect = applyPlan(plan, today, new Set(snapshot.archived.map((m) => m.file)));
    for (const memory of effect.writes) touched.set(memory.file, memory);
    for (const file of effect.removes) {
      removes.add(file);
      touched.delete(file);
    }
    for (const merge of plan.merges) merged.push({ keep: merge.keep, fold: merge.fold });
    journalLines.push(...operations(plan).map(describeOperation));
    for (const item of accepted) {
      const merge = plan.merges.find((m) => m.fold === memoryId({ file: item.file }));
      if (merge) item.file = merge.merged.file;
    }
  }

  const changes: FileChange[] = [];
  const files: PlannedFile[] = [];
  const texts = new Map<string, string | null>();
  const textOf = (path: string) => (texts.has(path) ? (texts.get(path) ?? undefined) : snapshot.texts.get(path));
  const record = (path: string, content: string | null, role: PlannedFile["role"], same = (a: string, b: string) => a === b) => {
    const before = snapshot.texts.get(path);
    if (content === null) {
      files.push({ path, action: "remove", role });
      changes.push({ path, content: null });
      texts.set(path, null);
      return;
    }
    const unchanged = before !== undefined && same(before, content);
    files.push({ path, action: unchanged ? "unchanged" : before === undefined ? "create" : "update", role });
    if (!unchanged) changes.push({ path, content });
    texts.set(path, unchanged ? before : content);
  };

  const summaryFile = summaryPath(result.period);
  const summaryText = renderSummary(
    {
      period: result.period,
      sources: result.sources,
      provider: result.provider,
      model: result.model,
      usage: result.usage,
      ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
      compressionRatio: compressionRatio(result),
      redactions: result.redactions.logs + result.redactions.answer,
      warnings: result.providerWarnings,
      trace: result.trace,
      body: result.summary.body,
    },
    now,
  );
  // A summary file no later run would read (a file may hold 10 MB to be read) is the answer's fault: nothing is written.
  const summaryBytes = Buffer.byteLength(summaryText, "utf8");
  if (summaryBytes > DEFAULT_MAX_INPUT_BYTES) {
    throw new ModelAnswerError(
      `the ${result.provider} model's answer makes ${summaryFile} ${(summaryBytes / 1048576).toFixed(1)} MB, more than a file may hold (${DEFAULT_MAX_INPUT_BYTES / 1048576} MB); nothing written`,
      "",
      result.usage,
    );
  }
  // A summary file a person (or an attacker) wrote with front matter that is not data stays as it is.
  const keepSummary = snapshot.unreadableSummaries.has(summaryFile);
  if (!keepSummary) record(summaryFile, summaryText, "summary", sameSummary);
  for (const memory of touched.values()) record(memory.file, renderMemory(memory), "memory");
  for (const file of removes) record(file, null, "memory");

  // What the text kept says: the one rendered, or one that differs from it only in when it was made and what it cost.
  const summary = keepSummary ? undefined : summaryFileOf(summaryFile, { period: result.period, sources: result.sources });
  if (options.index !== false) {
    const summaries = [...snapshot.summaries.filter((s) => s.file !== summaryFile), ...(summary ? [summary] : [])];
    const index = buildIndex(activeMemories(snapshot, touched, removes), summaries.map(indexWeek), layout.indexFile);
    for (const file of index.files) record(file.path, file.content, "index");
  }

  // What is written is kept as it will be read back from its file.
  const written = [...touched.values()].map((memory) => {
    const reread = readMemory(memory.file, textOf(memory.file)!);
    return "memory" in reread ? reread.memory : memory;
  });
  const change: SnapshotChange = { written, removed: [...removes], texts, ...(keepSummary ? {} : { summary: { file: summaryFile, read: summary } }) };
  let next: Snapshot | undefined;
  return {
    changes,
    files,
    accepted,
    merged,
    warnings,
    operations: [`compact ${result.period.label}: summary ${summaryFile}, ${accepted.length} memories`, ...journalLines],
    change,
    get next() {
      next ??= changedSnapshot(snapshot, change);
      return next;
    },
  };
}

// The snapshot's memories with a plan's writes over them, in the snapshot's order, new ones last.
function activeMemories(snapshot: Snapshot, touched: Map<string, Memory>, removes: Set<string>): Memory[] {
  const memories: Memory[] = [];
  for (const memory of snapshot.memories) if (!removes.has(memory.file)) memories.push(touched.get(memory.file) ?? memory);
  const known = snapshotLookup(snapshot).byFile;
  for (const [file, memory] of touched) if (!known.has(file)) memories.push(memory);
  return memories;
}

/** The index files that differ from the snapshot's: what a long run writes when its last week did not. */
export function indexChanges(snapshot: Snapshot, layout: MemoryLayout): FileChange[] {
  const index = buildIndex(snapshot.memories, snapshot.summaries.map(indexWeek), layout.indexFile);
  return index.files.filter((file) => snapshot.texts.get(file.path) !== file.content).map((file) => ({ path: file.path, content: file.content }));
}

/** What the index shows of a summary. */
export function indexWeek(summary: SummaryFile): IndexWeek {
  return { label: summary.label, file: summary.file, firstDate: summary.firstDate, lastDate: summary.lastDate };
}

// The memory's own file, unless a file there is not a memory we may write (unreadable front matter): then the next free name.
function freeFile(memory: Memory, layout: MemoryLayout, snapshot: Snapshot, touched: Map<string, Memory>, active: { has: (file: string) => boolean }): string {
  const base = memoryFileName(memory.type, memory.name);
  for (let n = 1; ; n++) {
    const file = topicPath(layout, n === 1 ? base : base.replace(/\.md$/, `-${n}.md`));
    if (active.has(file) || touched.has(file) || !snapshot.occupied.has(file)) return file;
  }
}
