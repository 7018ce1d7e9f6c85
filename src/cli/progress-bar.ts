import type { ProgressEvent } from "../pipeline/run-context.js";

/** Draws a long run's progress on a terminal's stderr; elsewhere it draws nothing. */
export interface ProgressBar {
  /** The bar is on screen: what it shows need not be printed as well. */
  readonly drawing: boolean;
  update(event: ProgressEvent): void;
  stop(message: string): void;
}

const MIN_STEPS_FOR_BAR = 4;

/** A bar from @clack/prompts on stderr, started on the first event of a run of four steps or more. */
export async function progressBar(onTerminal: boolean): Promise<ProgressBar> {
  if (!onTerminal) return { drawing: false, update: () => {}, stop: () => {} };
  const { progress } = await import("@clack/prompts");
  let bar: ReturnType<typeof progress> | undefined;
  return {
    get drawing() {
      return bar !== undefined;
    },
    update(event) {
      if (event.total < MIN_STEPS_FOR_BAR) return;
      if (!bar) {
        bar = progress({ max: event.total, output: process.stderr });
        bar.start(`compacting ${event.total} weeks`);
      }
      if (event.done > 0) bar.advance(1, event.text);
    },
    stop(message) {
      bar?.stop(message);
    },
  };
}
