import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

// V8 lets the heap grow to several times what is live before it collects, and each step of a run
// (reading a week, each stage of the offline model, a week of a long run) leaves mostly garbage
// behind it: a collection between steps keeps the peak near what is live (about 50 MB after years
// of memories; 100–140 MB inside a 20,000-entry week) instead of hundreds of megabytes.
const FLOOR = 96 * 1024 * 1024;
let live = 0;
let collect: (() => void) | null | undefined;

/**
 * Collects garbage when the heap holds more than twice what was live at
 * the last collection (and at least 96 MB): called between the steps of a
 * run, where what a step made is no longer needed. Costs nothing below that.
 * `now`: collect whatever the heap holds, before a step that will need much
 * (a run's final pass over every memory starts where its weeks left garbage);
 * with `from`, only when the heap holds at least that many bytes (a small run's
 * heap is not worth the pause).
 */
export function releaseMemory(options: { now?: boolean; from?: number } = {}): void {
  const used = getHeapStatistics().used_heap_size;
  if (options.now ? used < (options.from ?? 0) : used < Math.max(FLOOR, 2 * live)) return;
  collect ??= exposedCollector();
  if (!collect) return;
  collect();
  live = getHeapStatistics().used_heap_size;
}

function exposedCollector(): (() => void) | null {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return null;
  }
}
