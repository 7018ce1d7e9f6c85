import type { MemoryRecord } from "./memory-record.js";

/** Two near-duplicates folded into one memory that keeps every detail of both. */
export interface MergeOperation {
  kind: "merge";
  /** The file kept (the older memory) and the one folded into it. */
  keep: string;
  fold: string;
  /** The merged memory's frontmatter and body, written to `keep`'s file. */
  data: Record<string, unknown>;
  body: string;
}

/** Two memories that assert opposing facts; a person (or the winner rule) decides. */
export interface ConflictProposal {
  kind: "conflict";
  /** A is the older memory, B the newer. */
  a: string;
  b: string;
  /** What the two disagree about, for the report. */
  topic: string;
  /** The proposed winner: the more recent, more confident one. */
  proposedWinner: string;
  /** Why they were judged to conflict. */
  reason: "different-values" | "explicit-supersession";
}

/** A conflict resolved: the loser goes to archive/ with valid_to and superseded_by. */
export interface SupersedeOperation {
  kind: "supersede";
  winner: string;
  loser: string;
}

/** A memory past its type's retention; it goes to the trash. */
export interface PruneOperation {
  kind: "prune";
  id: string;
  type: string;
  ageDays: number;
}

/** A memory whose relative dates are made absolute. */
export interface RedateOperation {
  kind: "redate";
  id: string;
  body: string;
}

export type Operation = MergeOperation | SupersedeOperation | PruneOperation | RedateOperation;

/** What a consolidation would do. Conflicts become supersede operations only once resolved. */
export interface ConsolidationPlan {
  merges: MergeOperation[];
  conflicts: ConflictProposal[];
  prunes: PruneOperation[];
  redates: RedateOperation[];
  /** Conflicts resolved so far, as operations. */
  supersedes: SupersedeOperation[];
  /** The memories the plan was made from, by id. */
  memories: Map<string, MemoryRecord>;
  /** Pairs alike enough to be about the same subject that the code could not call duplicate or contradiction: a model may judge them. */
  undecided?: [string, string][];
}

/** Every operation the plan would apply, in the order they are applied. */
export function operations(plan: ConsolidationPlan): Operation[] {
  return [...plan.merges, ...plan.supersedes, ...plan.prunes, ...plan.redates];
}
