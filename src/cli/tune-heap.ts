import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString } from "node:v8";

// The young generation's largest size: past this it stops growing.
const YOUNG_CAP = 8 * 1024 * 1024;
// Past this much heap, V8 favours size over speed.
const SIZE_FIRST_FROM = 192 * 1024 * 1024;

/** What `tuneHeap` has switched on so far. */
export interface HeapTuning {
  /** V8 favours size over speed: the heap has passed `sizeFirstFrom`. */
  readonly sizeFirst: boolean;
}

/**
 * Sizes V8's heap for a run of this tool, which keeps a few hundred
 * megabytes of memories and memos live and makes much short-lived garbage:
 * - the heap grows by a fifth past what is live after each full collection
 *   (V8 otherwise lets it grow to several times that; a ten-year backfill
 *   peaked about a fifth lower, at no measurable cost in time);
 * - the young generation stops growing at 8 MiB (V8 grows it to 32 MiB, and
 *   keeps it: a backfill peaked about 40 MB lower, for a few per cent more
 *   time). Its largest size cannot be set once the process runs, but how
 *   fast it grows can, so it is frozen once it reaches the cap;
 * - once V8 has reserved 192 MiB of heap (years of memories), it favours
 *   size over speed (`--optimize-for-size`): a ten-year backfill's resident
 *   peak went from 318 to 259 MiB, for about an eighth more time. Shorter
 *   histories never reach the switch.
 */
export function tuneHeap(
  options: {
    /** Bytes of heap reserved by V8 (`total_heap_size`, not what is live) from which size comes first. */
    sizeFirstFrom?: number;
  } = {},
): HeapTuning {
  const sizeFirstFrom = options.sizeFirstFrom ?? SIZE_FIRST_FROM;
  const tuning = { sizeFirst: false };
  setFlagsFromString("--heap-growing-percent=20");
  let youngFrozen = false;
  // Checked as collections are reported (a few at a time after a busy stretch): the heap grows when it collects.
  const observer = new PerformanceObserver(() => {
    if (!youngFrozen && youngSize() >= YOUNG_CAP) {
      setFlagsFromString("--semi-space-growth-factor=1");
      youngFrozen = true;
    }
    if (!tuning.sizeFirst && getHeapStatistics().total_heap_size >= sizeFirstFrom) {
      setFlagsFromString("--optimize-for-size");
      tuning.sizeFirst = true;
    }
    if (youngFrozen && tuning.sizeFirst) observer.disconnect();
  });
  observer.observe({ entryTypes: ["gc"] });
  return tuning;
}

function youngSize(): number {
  return getHeapSpaceStatistics().find((space) => space.space_name === "new_space")?.space_size ?? 0;
}
