import type { Problem } from "../problems/problem.js";
import { formatProblem } from "../problems/problem.js";
import type { CliIo } from "./cli-io.js";
import { oneLine, shownText } from "./one-line.js";

/** How a command prints: results on stdout, notes and warnings on stderr; `--json` prints one object and nothing else on stdout. */
export class Output {
  constructor(
    private readonly io: CliIo,
    readonly json: boolean,
    readonly quiet: boolean,
  ) {}

  /** A line of the result, for people (not with --json or --quiet). */
  say(text: string): void {
    if (!this.json && !this.quiet) this.io.stdout(`${shownText(text)}\n`);
  }

  /** A line of progress: on stdout, or on stderr with --json (stdout holds the one object); not with --quiet. */
  progress(text: string): void {
    if (this.quiet) return;
    if (this.json) this.io.stderr(`${shownText(text)}\n`);
    else this.io.stdout(`${shownText(text)}\n`);
  }

  /** A note on stderr (not with --quiet). */
  note(text: string): void {
    if (!this.quiet) this.io.stderr(`${shownText(text)}\n`);
  }

  /** A note on stderr even with --quiet. */
  always(text: string): void {
    this.io.stderr(`${shownText(text)}\n`);
  }

  warn(problem: Problem): void {
    this.note(`warning: ${oneLine(formatProblem(problem))}`);
  }

  /** Each problem once, in order. */
  warnAll(problems: Problem[]): void {
    for (const line of new Set(problems.map(formatProblem))) this.note(`warning: ${oneLine(line)}`);
  }

  /** With --json, the one object printed on stdout. */
  result(value: object): void {
    if (this.json) this.io.stdout(`${JSON.stringify(value, null, 2)}\n`);
  }
}
