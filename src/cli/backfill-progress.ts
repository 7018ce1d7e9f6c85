import { progress } from "@clack/prompts";

/** A progress bar for long backfills, on a terminal only; elsewhere a no-op. */
export interface BackfillProgress {
  advance(message: string): void;
  stop(message: string): void;
}

const MIN_WEEKS_FOR_BAR = 4;

export function backfillProgress(weeks: number, interactive: boolean): BackfillProgress {
  if (!interactive || weeks < MIN_WEEKS_FOR_BAR) return { advance: () => {}, stop: () => {} };
  const bar = progress({ max: weeks });
  bar.start(`compacting ${weeks} weeks`);
  return { advance: (message) => bar.advance(1, message), stop: (message) => bar.stop(message) };
}
