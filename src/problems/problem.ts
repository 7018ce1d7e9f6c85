/**
 * A problem in the content (a daily log, a model answer), reported as data in
 * the style of vfile messages rather than thrown.
 */
export interface Problem {
  /** What the problem is in: a file relative to the memory dir, or `answer block 3`. */
  source: string;
  /** 1-based line, when known. */
  line?: number;
  /** Stable identifier of the rule that found it, e.g. `invalid-utf8`. */
  ruleId: string;
  /** One line a user can act on. */
  message: string;
}

/** `2026-03-04.md:12: invalid UTF-8, replaced` */
export function formatProblem(problem: Problem): string {
  const where = problem.line === undefined ? problem.source : `${problem.source}:${problem.line}`;
  return `${where}: ${problem.message}`;
}
