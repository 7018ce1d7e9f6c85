import { type FindLogsOptions, findDailyLogs } from "../logs/find-daily-logs.js";
import { readDailyLog } from "../logs/read-daily-log.js";
import type { LogFile } from "../logs/log-types.js";
import { readIfExists } from "../store/read-memory-dir.js";
import { weeklyFileName } from "../store/memory-paths.js";
import { parseTopicFile } from "../store/topic-file.js";
import { type IsoWeek, isoWeekOf } from "../week/iso-week.js";
import path from "node:path";
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";

/** Where each week with daily logs stands. */
export interface WeekState {
  week: IsoWeek;
  logs: LogFile[];
  /** `current`: not over yet, never compacted by --auto; `pending`: no summary; `stale`: its logs changed since. */
  state: "compacted" | "stale" | "pending" | "current";
}

/**
 * Every week that has daily logs, oldest first, with its state. A summary is
 * current when the files and sha256 hashes in its frontmatter match the
 * week's logs now; the week holding `now`, and later ones, are `current`.
 */
export async function weekStates(dir: string, now: Date, logs: FindLogsOptions = {}): Promise<WeekState[]> {
  const { files } = await findDailyLogs(dir, logs);
  const byWeek = new Map<string, LogFile[]>();
  for (const file of files) {
    const label = isoWeekOf(file.date).label;
    byWeek.set(label, [...(byWeek.get(label) ?? []), file]);
  }
  const thisWeek = isoWeekOf(now.toISOString().slice(0, 10));
  const states: WeekState[] = [];
  for (const [label, weekLogs] of [...byWeek].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const week = isoWeekOf(weekLogs[0]!.date);
    if (week.firstDate >= thisWeek.firstDate) {
      states.push({ week, logs: weekLogs, state: "current" });
      continue;
    }
    const summary = await readIfExists(path.join(dir, weeklyFileName(label)));
    if (summary === undefined) {
      states.push({ week, logs: weekLogs, state: "pending" });
      continue;
    }
    const recorded = recordedSources(summary);
    const now = await Promise.all(weekLogs.map(async (log) => [log.relPath, createHash("sha256").update(await readFile(log.path)).digest("hex")] as const));
    const same = now.length === recorded.size && now.every(([file, sha]) => recorded.get(file) === sha);
    states.push({ week, logs: weekLogs, state: same ? "compacted" : "stale" });
  }
  return states;
}

function recordedSources(summary: string): Map<string, string> {
  const sources = parseTopicFile(summary).data["sources"];
  const recorded = new Map<string, string>();
  if (Array.isArray(sources)) for (const source of sources as { file?: unknown; sha256?: unknown }[]) recorded.set(String(source.file), String(source.sha256));
  return recorded;
}

/** Reads the logs of some weeks, for counting sessions. */
export async function readLogs(files: LogFile[]) {
  return Promise.all(files.map(readDailyLog));
}
