import type { LogEntry } from "../../logs/log-types.js";
import { splitEntries } from "../../logs/split-entries.js";

/**
 * Splits a log read back from a prompt into entries exactly as the pipeline
 * split it when it read the file, so what the offline model keeps traces to
 * the same lines.
 */
export function splitLogEntries(text: string, file: string, fileDate: string): LogEntry[] {
  return splitEntries(text, file, fileDate);
}
