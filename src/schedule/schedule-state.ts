import path from "node:path";
import { writeAtomic } from "../store/atomic-write.js";
import { STATE_DIR } from "../store/memory-paths.js";
import { readIfExists } from "../store/read-memory-dir.js";

/** `.compact/state.json`: what scheduling remembers between runs. */
export interface ScheduleState {
  /** ISO time of the last consolidation --auto ran. */
  lastConsolidation?: string;
  /** The last --auto run: when, and what it did, one line. */
  lastRun?: { at: string; summary: string };
}

const STATE_FILE = `${STATE_DIR}/state.json`;

export async function readScheduleState(dir: string): Promise<ScheduleState> {
  const text = await readIfExists(path.join(dir, STATE_FILE));
  if (text === undefined) return {};
  try {
    return JSON.parse(text) as ScheduleState;
  } catch {
    return {};
  }
}

export async function writeScheduleState(dir: string, state: ScheduleState): Promise<void> {
  await writeAtomic(path.join(dir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
}
