import { renderTopicFile } from "../store/topic-file.js";
import type { MemoryRecord } from "./memory-record.js";
import type { ConsolidationPlan } from "./plan-types.js";

/** One file a plan changes: its content before and after (`null`: absent). */
export interface FileChange {
  path: string;
  before: string | null;
  after: string | null;
}

/**
 * The memory and archive files a plan writes or removes. Pure. A superseded
 * memory moves to `archive/` with `valid_to` and `superseded_by`, its winner
 * gains `supersedes`; nothing is deleted without its old text in `before`.
 */
export function planFileChanges(plan: ConsolidationPlan, today: string, archived: Set<string> = new Set()): FileChange[] {
  const changes = new Map<string, FileChange>();
  const memory = (id: string): MemoryRecord => {
    const found = plan.memories.get(id);
    if (!found) throw new Error(`plan names unknown memory ${id}`);
    return found;
  };
  const set = (path: string, before: string | null, after: string | null) => {
    const existing = changes.get(path);
    changes.set(path, { path, before: existing ? existing.before : before, after });
  };
  const current = (m: MemoryRecord) => {
    const changed = changes.get(m.file);
    return changed ? changed.after : m.raw;
  };

  for (const merge of plan.merges) {
    const keep = memory(merge.keep);
    const fold = memory(merge.fold);
    set(keep.file, keep.raw, renderTopicFile({ data: merge.data, body: merge.body }));
    set(fold.file, fold.raw, null);
  }
  for (const supersede of plan.supersedes) {
    const winner = memory(supersede.winner);
    const loser = memory(supersede.loser);
    const supersedes = [...(Array.isArray(winner.data["supersedes"]) ? winner.data["supersedes"].map(String) : []), loser.id];
    // A pinned winner is never rewritten; the loser's superseded_by still records the link.
    if (!winner.pinned) set(winner.file, winner.raw, renderTopicFile({ data: { ...winner.data, supersedes }, body: winner.body }));
    set(loser.file, loser.raw, null);
    set(archivePath(loser.file, today, archived), null, renderTopicFile({ data: { ...loser.data, valid_to: today, superseded_by: winner.id }, body: loser.body }));
  }
  for (const prune of plan.prunes) {
    const pruned = memory(prune.id);
    set(pruned.file, current(pruned), null);
  }
  for (const redate of plan.redates) {
    const redated = memory(redate.id);
    set(redated.file, redated.raw, renderTopicFile({ data: redated.data, body: redate.body }));
  }
  return [...changes.values()].filter((change) => change.before !== change.after);
}

// archive/<file>, or archive/<name>.<date>.md when a memory of that name was archived before.
function archivePath(filePath: string, today: string, archived: Set<string>): string {
  const file = filePath.slice(filePath.lastIndexOf("/") + 1);
  const plain = `archive/${file}`;
  if (!archived.has(plain)) {
    archived.add(plain);
    return plain;
  }
  for (let n = 1; ; n++) {
    const dated = `archive/${file.replace(/\.md$/, "")}.${today}${n > 1 ? `-${n}` : ""}.md`;
    if (!archived.has(dated)) {
      archived.add(dated);
      return dated;
    }
  }
}
