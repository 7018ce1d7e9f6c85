import type { Memory } from "../memory/memory.js";

/** Near-duplicates folded into one memory that keeps every detail of both. */
export interface MergeOperation {
  kind: "merge";
  /** The memory kept (the older) and the one folded into it, by id. */
  keep: string;
  fold: string;
  /** The merged memory, written to `keep`'s file. */
  merged: Memory;
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
  reason: "different-values" | "explicit-supersession" | "model-judgement";
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
  memories: Map<string, Memory>;
  /** Pairs alike enough to be about the same subject that the code could not call duplicate or contradiction: a model may judge them. */
  undecided: [string, string][];
  /** Candidate groups by member ids: memories linked by any chain of alike pairs (what a model is shown). */
  groups?: string[][];
}

/** Every operation the plan would apply, in the order they are applied. */
export function operations(plan: ConsolidationPlan): Operation[] {
  return [...plan.merges, ...plan.supersedes, ...plan.prunes, ...plan.redates];
}

/** One line per operation, for the journal and reports. */
export function describeOperation(operation: Operation): string {
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
