/**
 * What a statement in a log is, as far as the offline model can tell.
 * `reference` is a phrase saying where something is kept (`saved to`, `記録先`),
 * `mistake` one owning up to an error, `resolved` one closing a problem.
 */
export type CueKind = "decision" | "outcome" | "resolved" | "blocker" | "lesson" | "correction" | "mistake" | "preference" | "reference" | "routine";

/**
 * Words that name a section: `## Key Decisions`, `### Nächste Schritte`, `## 学んだこと`.
 * `state` names how things are set up (architecture, configuration): durable project facts.
 */
export type HeadingKind = "decision" | "outcome" | "blocker" | "lesson" | "preference" | "reference" | "state" | "routine" | "generic";

/**
 * The words one language uses for decisions, outcomes, blockers, lessons,
 * preferences and routine. Each entry is a small regular expression (no
 * capture groups). In spaced languages it matches whole words, so `decided`
 * does not match inside `undecided`; in unspaced ones it matches anywhere.
 */
export interface CueTable {
  language: string;
  /** Chinese, Japanese, Thai: written without spaces between words. */
  unspaced: boolean;
  cues: Record<CueKind, string[]>;
  /** Words that flag a statement as important. */
  emphasis: string[];
  headings: Record<HeadingKind, string[]>;
  /** Field labels whose value is bookkeeping (author, model, time), not content. */
  metadata: string[];
  /** Words that give a reason: the log's own Why. */
  why: string[];
  /** Words of a standing rule (always, never, must): the log's own How to apply. */
  rule: string[];
}
