/** A step an interrupt does not cut short, and what is at stake if the process is killed during it. */
export interface StepInFlight {
  /** What the run is finishing, e.g. "submitting the batch". */
  doing: string;
  /** What a kill at once would leave behind. */
  ifKilled: string;
}

let current: StepInFlight | undefined;

/**
 * Runs a step that must finish once started (a batch being submitted and its
 * id saved): an interrupt waits for it. While it runs, `stepInFlight` says
 * so, for the process to tell a user who presses Ctrl-C what is going on.
 */
export async function uninterruptible<T>(step: StepInFlight, run: () => Promise<T>): Promise<T> {
  current = step;
  try {
    return await run();
  } finally {
    current = undefined;
  }
}

/** The step under way that an interrupt waits for, if any. */
export function stepInFlight(): StepInFlight | undefined {
  return current;
}
