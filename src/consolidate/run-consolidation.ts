import path from "node:path";
import { glob } from "tinyglobby";
import type { CompactorError } from "../errors/compactor-error.js";
import { buildIndex } from "../store/build-index.js";
import { readIfExists, readIndexTopics, readIndexWeeks, indexTopicFrom } from "../store/read-memory-dir.js";
import { DEFAULT_LAYOUT, isTopicPath, type MemoryLayout, topicPath } from "../store/memory-layout.js";
import { renderTopicFile } from "../store/topic-file.js";
import { AUTO_REMINDER_SOURCE, isAutoReminder, type MemoryRecord } from "./memory-record.js";
import { type FileChange, planFileChanges } from "./plan-file-changes.js";
import { type ConsolidationPlan, operations } from "./plan-types.js";
import { checkRecall, readProbes } from "./probes.js";
import { applyChanges } from "./apply-plan.js";
import { type RunJournal, runId } from "./run-journal.js";
import { type PlanLimits, PlanRefusedError, validatePlan } from "./validate-plan.js";

export const REMINDER_NAME = "project_compact-contradictions-to-review.md";

/** What an applied consolidation did. */
export interface AppliedConsolidation {
  journal: RunJournal;
  /** Memory files written or removed (not the index, not the archive). */
  improved: number;
}

/**
 * Validates a plan — its invariants, the recall gate, the index limits —
 * and applies it as one journaled run. Refuses (PlanRefusedError) without
 * writing anything when a check fails.
 */
export async function applyConsolidation(
  dir: string,
  plan: ConsolidationPlan,
  options: { now: Date; today: string; command: string; limits: PlanLimits; reminder?: ConsolidationPlan["conflicts"]; layout?: MemoryLayout },
): Promise<AppliedConsolidation> {
  const layout = options.layout ?? DEFAULT_LAYOUT;
  validatePlan(plan, options.limits);
  const archived = new Set(await glob(["archive/*.md"], { cwd: dir, onlyFiles: true }));
  const changes = planFileChanges(plan, options.today, archived);
  if (options.reminder) changes.push(...reminderChange(plan, options.reminder, options.today, topicPath(layout, REMINDER_NAME)));

  const memories = [...plan.memories.values()];
  const after = textsAfter(memories, changes);
  checkRecall(await readProbes(dir), memories.map(textOf), after);
  changes.push(...(await indexChanges(dir, changes, layout)));

  const journal = await applyChanges(dir, changes, {
    run: runId(options.now),
    command: options.command,
    startedAt: options.now.toISOString(),
    operations: operations(plan).map(describe),
  }, layout.indexFile);
  const improved = changes.filter((c) => isTopicPath(layout, c.path) && !c.path.endsWith(REMINDER_NAME)).length;
  return { journal, improved };
}

function textOf(memory: Pick<MemoryRecord, "name" | "description" | "body">): string {
  return `${memory.name}\n${memory.description}\n${memory.body}`;
}

// The active memories' text once the changes are made (archive/ is not active).
function textsAfter(memories: MemoryRecord[], changes: FileChange[]): string[] {
  const byPath = new Map(changes.map((c) => [c.path, c.after]));
  const texts: string[] = [];
  for (const memory of memories) {
    const after = byPath.has(memory.file) ? byPath.get(memory.file)! : memory.raw;
    if (after !== null) texts.push(after);
  }
  return texts;
}

async function indexChanges(dir: string, changes: FileChange[], layout: MemoryLayout): Promise<FileChange[]> {
  const topics = new Map((await readIndexTopics(dir, layout)).map((topic) => [topic.file, topic]));
  for (const change of changes) {
    if (!isTopicPath(layout, change.path)) continue;
    if (change.after === null) topics.delete(change.path);
    else topics.set(change.path, indexTopicFrom(change.path, change.after));
  }
  let built: ReturnType<typeof buildIndex>;
  try {
    built = buildIndex([...topics.values()], await readIndexWeeks(dir), layout.indexFile);
  } catch (error) {
    throw new PlanRefusedError(`plan refused: ${(error as CompactorError).message}`);
  }
  const result: FileChange[] = [];
  for (const file of built.files) {
    const before = (await readIfExists(path.join(dir, file.path))) ?? null;
    if (before !== file.content) result.push({ path: file.path, before, after: file.content });
  }
  return result;
}

// One reminder for the contradictions --auto leaves to a person; rewritten only when they change, removed when none are left.
function reminderChange(plan: ConsolidationPlan, conflicts: ConsolidationPlan["conflicts"], today: string, file: string): FileChange[] {
  const existing = [...plan.memories.values()].find((m) => m.file === file && isAutoReminder(m));
  const pairs = conflicts.map((c) => `${c.a} vs ${c.b}`).sort();
  if (conflicts.length === 0) return existing ? [{ path: existing.file, before: existing.raw, after: null }] : [];
  const known = Array.isArray(existing?.data["conflicts"]) ? (existing.data["conflicts"] as unknown[]).map(String).sort() : undefined;
  if (existing && JSON.stringify(known) === JSON.stringify(pairs)) return [];
  const body = [
    `compact detected ${conflicts.length} contradiction(s) requiring manual review. Run \`compact consolidate\` to resolve them interactively.`,
    "",
    ...conflicts.map((c) => `- [${c.a}] vs [${c.b}] — "${c.topic}"`),
  ].join("\n");
  const data = {
    name: "Contradictions to review",
    description: `${conflicts.length} contradiction(s) between memories need a person: run compact consolidate`,
    type: "project",
    source: AUTO_REMINDER_SOURCE,
    created: typeof existing?.data["created"] === "string" ? existing.data["created"] : today,
    updated: today,
    conflicts: pairs,
  };
  return [{ path: file, before: existing?.raw ?? null, after: renderTopicFile({ data, body }) }];
}

function describe(operation: ReturnType<typeof operations>[number]): string {
  switch (operation.kind) {
    case "merge":
      return `merge ${operation.fold} into ${operation.keep}`;
    case "supersede":
      return `supersede ${operation.loser} by ${operation.winner}`;
    case "prune":
      return `prune ${operation.id} (${operation.type}, ${operation.ageDays}d old)`;
    case "redate":
      return `redate ${operation.id}`;
  }
}
