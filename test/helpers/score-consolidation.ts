/** Labels of a memory set: what a good consolidation merges, supersedes and keeps apart. */
export interface ConsolidationLabels {
  set: string;
  /** The memory dir, relative to the labels file. */
  dir: string;
  note?: string;
  duplicates: {
    /** Groups that say the same thing in mostly the same words. */
    near: string[][];
    /** Groups that state the same fact in other words (or another language). */
    reworded: string[][];
  };
  /** Reworded groups written in two languages. */
  crossLanguage?: string[][];
  /** The same subject with a changed value: `a` older, `b` newer, and the memory that should win. */
  conflicts: { a: string; b: string; winner: string; kind?: string }[];
  /** Pairs that look alike but state different facts: never merged, never superseded. */
  lookalikes: { a: string; b: string; why?: string }[];
  /** Memories in no duplicate group and no conflict: left untouched. */
  singletons: string[];
  /** Per memory, phrases that must stay findable in the active memories (a conflict loser's excepted). */
  facts: Record<string, string[]>;
}

/** What a consolidation did, as the scorer needs it. */
export interface ConsolidationOutcome {
  /** Groups of ids merged into one memory. */
  merged: string[][];
  superseded: { winner: string; loser: string }[];
  /** Conflicts the tool reported, resolved or not; `proposedWinner` when it proposed one. */
  conflictsReported: { a: string; b: string; proposedWinner?: string }[];
  /** The text of every active memory once the run is applied. */
  activeTexts: string[];
}

/** `found` of `of`. */
export interface Ratio {
  found: number;
  of: number;
}

export interface ConsolidationScore {
  /** Precision over merged pairs; null when nothing was merged. */
  merges: { mergedPairs: number; correctPairs: number; precision: number | null };
  /** Labelled groups whose members all ended up in one memory. */
  near: Ratio;
  reworded: Ratio;
  crossLanguage: Ratio;
  conflicts: {
    /** Reported or resolved. */
    found: Ratio;
    /** Superseded with the labelled winner. */
    resolved: Ratio;
    /** Superseded the other way round. */
    wrongWinner: number;
    /** Merged as if they were duplicates: one memory now states both values. */
    mergedAsDuplicates: number;
    /** Of the labelled conflicts reported with a proposed winner, how many proposed the right one. */
    proposedRight: Ratio;
  };
  /** Pairs reported or superseded as conflicts that are not labelled conflicts. */
  falseConflicts: string[][];
  /** Merged groups that mix memories labelled as different facts, and which pairs made them wrong. */
  falseMerges: {
    count: number;
    groups: string[][];
    reasons: { lookalike: number; conflict: number; singleton: number; other: number };
    lookalikesMerged: Ratio;
  };
  /** Singletons merged or superseded. */
  singletonsTouched: string[];
  /** Fact phrases no longer in any active memory (case-insensitive), conflict losers' excepted. */
  factsLost: { count: number; of: number; lost: { id: string; fact: string }[] };
}

export { checkLabels, memoryText, scoreConsolidation, TOOL_FILLER } from "./score-consolidation-logic.mjs";
