import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";

// The young generation's largest size: past this it stops growing.
const YOUNG_CAP = 8 * 1024 * 1024;

/**
 * Sizes V8's heap for a run of this tool, which keeps a few hundred
 * megabytes of memories and memos live and makes much short-lived garbage:
 * - the heap grows by a fifth past what is live after each full collection
 *   (V8 otherwise lets it grow to several times that; a ten-year backfill
 *   peaked about a fifth lower, at no measurable cost in time);
 * - the young generation stops growing at 8 MB (V8 grows it to 32 MB, and
 *   keeps it: a backfill peaked about 40 MB lower, for a few per cent more
 *   time). Its largest size cannot be set once the process runs, but how
 *   fast it grows can, so it is frozen once it reaches the cap.
 */
export function tuneHeap(): void {
  setFlagsFromString("--heap-growing-percent=20");
  const observer = new PerformanceObserver(() => {
    if (youngSize() < YOUNG_CAP) return;
    setFlagsFromString("--semi-space-growth-factor=1");
    observer.disconnect();
  });
  observer.observe({ entryTypes: ["gc"] });
}

function youngSize(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
}
