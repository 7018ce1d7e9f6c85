import { STATE_DIR } from "../store/journal.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { decodeText } from "../text/decode-text.js";

/** `.compact/state.json`: what scheduling remembers between runs. */
export interface ScheduleState {
  /** ISO time of the last consolidation --auto ran. */
  lastConsolidation?: string;
  /** The last --auto run: when, and what it did, one line. */
  lastRun?: { at: string; summary: string };
}

export const STATE_FILE = `${STATE_DIR}/state.json`;

export async function readScheduleState(dir: MemoryDir): Promise<ScheduleState> {
  const exists = (await dir.list([STATE_FILE])).files.length > 0;
  if (!exists) return {};
  const read = await dir.readInput(STATE_FILE);
  if ("skipped" in read) return {};
  try {
    const state = JSON.parse(decodeText(read.bytes, STATE_FILE).text) as ScheduleState;
    return state && typeof state === "object" ? state : {};
  } catch {
    return {};
  }
}

/** The state as a file change, committed with the run that changed it. */
export function renderScheduleState(state: ScheduleState): string {
  return `${JSON.stringify(state, null, 2)}\n`;
}
