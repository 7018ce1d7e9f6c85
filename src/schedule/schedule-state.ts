import { writeAtomic } from "../store/atomic-write.js";
import { STATE_DIR } from "../store/journal.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { decodeText } from "../text/decode-text.js";

/** `.compact/state.json`: what scheduling remembers between runs. */
export interface ScheduleState {
  /** ISO time of the last consolidation, `--auto`'s or one a person ran. */
  lastConsolidation?: string;
  /** The last --auto run: when, and what it did (or `failed: …`, `interrupted`), one line. */
  lastRun?: { at: string; summary: string };
}

export const STATE_FILE = `${STATE_DIR}/state.json`;

export async function readScheduleState(dir: MemoryDir): Promise<ScheduleState> {
  const exists = (await dir.list([STATE_FILE])).files.length > 0;
  if (!exists) return {};
  const read = await dir.readInput(STATE_FILE);
  if ("skipped" in read) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeText(read.bytes, STATE_FILE).text);
  } catch {
    return {};
  }
  // Each field only as what it should be: a time that is no time (`"soon"`, edited by hand) is no consolidation,
  // not a run that fails on it every time.
  const state = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  const last = state["lastConsolidation"];
  const run = state["lastRun"] as Record<string, unknown> | undefined;
  return {
    ...(typeof last === "string" && Number.isFinite(Date.parse(last)) ? { lastConsolidation: last } : {}),
    ...(run && typeof run === "object" && typeof run["at"] === "string" && typeof run["summary"] === "string"
      ? { lastRun: { at: run["at"], summary: run["summary"] } }
      : {}),
  };
}

/** The state as a file's text. */
export function renderScheduleState(state: ScheduleState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}

/** Writes the state: bookkeeping, not memory, so atomically and outside the undoable runs. */
export async function writeScheduleState(dir: MemoryDir, state: ScheduleState): Promise<void> {
  await dir.assertWritable(STATE_FILE);
  await writeAtomic(dir.resolve(STATE_FILE), renderScheduleState(state));
}
