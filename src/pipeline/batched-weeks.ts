import { CompactorError } from "../errors/compactor-error.js";
import type { Problem } from "../problems/problem.js";
import type { WeekState } from "../schedule/week-status.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { readSavedBatch, SAVED_BATCH_FILE } from "./saved-batch.js";

/**
 * The due weeks a plain `--auto` compacts: not those out in a saved provider
 * batch, which `--auto --batch` collects (compacting them here would pay for
 * them twice). Says which wait, and how to collect or abandon them.
 */
export async function leaveBatchedWeeks(dir: MemoryDir, due: WeekState[]): Promise<{ todo: WeekState[]; line: string | undefined; warnings: Problem[] }> {
  let saved: Awaited<ReturnType<typeof readSavedBatch>>;
  try {
    saved = await readSavedBatch(dir);
  } catch (error) {
    if (!(error instanceof CompactorError)) throw error;
    return {
      todo: due,
      line: undefined,
      warnings: [{ source: SAVED_BATCH_FILE, ruleId: "unreadable-batch", message: `${error.message}; its weeks are compacted one by one` }],
    };
  }
  if (!saved) return { todo: due, line: undefined, warnings: [] };
  const batched = new Set(saved.weeks.map((entry) => entry.week));
  const todo = due.filter((week) => !batched.has(week.week.label));
  const waiting = due.length - todo.length;
  if (waiting === 0) return { todo, line: undefined, warnings: [] };
  const line = `${waiting} week${waiting === 1 ? "" : "s"} wait in batch ${saved.id} (${saved.provider}): run compact --auto --batch to collect ${waiting === 1 ? "it" : "them"}, or delete ${SAVED_BATCH_FILE} to abandon the batch`;
  return { todo, line, warnings: [] };
}
