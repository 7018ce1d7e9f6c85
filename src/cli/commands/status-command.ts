import path from "node:path";
import { readJournals } from "../../consolidate/run-journal.js";
import { readMemories } from "../../consolidate/read-memories.js";
import { currentGates } from "../../schedule/current-gates.js";
import { weekStates } from "../../schedule/week-status.js";
import { INDEX_LIMITS } from "../../store/build-index.js";
import { readIfExists } from "../../store/read-memory-dir.js";
import { isStale, readHolder } from "../../store/run-lock.js";
import type { CliIo } from "../cli-io.js";
import { STATUS_HELP } from "../messages.js";
import { parseOptions } from "../parse-options.js";
import { resolveRun } from "../resolve-run.js";
import { assertDirectory } from "../with-lock.js";

/** `compact status [--json]`: weeks, memories, the index against its limits, the gates, the lock, the last run. */
export async function statusCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config", "json", "help"], "compact status");
  if (line.options.help) {
    io.stdout(STATUS_HELP);
    return 0;
  }
  const run = await resolveRun(line, io);
  const { settings, layout } = run;
  const dir = settings.dir;
  await assertDirectory(dir);
  const now = io.clock?.() ?? new Date();
  const logs = { include: settings.logsInclude ?? layout.logGlobs, ...(settings.logsExclude ? { exclude: settings.logsExclude } : {}) };

  const weeks = await weekStates(dir, now, logs);
  const byState = (state: string) => weeks.filter((w) => w.state === state).map((w) => w.week.label);
  const memories = await readMemories(dir, layout);
  const byType: Record<string, number> = {};
  for (const memory of memories) byType[memory.type] = (byType[memory.type] ?? 0) + 1;
  const index = (await readIfExists(path.join(dir, layout.indexFile))) ?? "";
  const indexLines = index === "" ? [] : index.replace(/\n$/, "").split("\n");
  const holder = await readHolder(path.join(dir, layout.lockFile));
  const lock = holder ? { ...holder, stale: isStale(holder, now) } : undefined;
  const { gates, state } = await currentGates(dir, {
    now,
    logs,
    minHours: settings.minHours,
    minSessions: settings.minSessions,
    ...(lock && !lock.stale ? { lockHolder: `pid ${lock.pid} on ${lock.host} (${lock.command}, since ${lock.startedAt})` } : {}),
  });
  const journals = await readJournals(dir);
  const status = {
    dir,
    layout: { name: layout.name, reason: run.layoutReason },
    weeks: { withLogs: weeks.length, compacted: byState("compacted"), stale: byState("stale"), pending: byState("pending"), current: byState("current") },
    memories: { total: memories.length, byType },
    index: {
      file: layout.indexFile,
      lines: indexLines.length,
      bytes: Buffer.byteLength(index),
      longestLine: Math.max(0, ...indexLines.map((l) => [...l].length)),
      limits: INDEX_LIMITS,
    },
    gates: gates.map(({ name, open, detail }) => ({ name, open, detail })),
    lock: lock ?? null,
    lastRun: state.lastRun ?? null,
    lastJournal: journals.at(-1) ? { run: journals.at(-1)!.run, command: journals.at(-1)!.command, status: journals.at(-1)!.status } : null,
  };
  if (line.options.json) {
    io.stdout(`${JSON.stringify(status, null, 2)}\n`);
    return 0;
  }
  const list = (labels: string[]) => (labels.length === 0 ? "0" : `${labels.length} (${labels.join(", ")})`);
  const out = [
    `memory dir: ${dir}`,
    `layout: ${layout.name} (${run.layoutReason})`,
    `weeks with logs: ${weeks.length}; compacted: ${list(status.weeks.compacted)}; stale (logs changed): ${list(status.weeks.stale)}; pending: ${list(status.weeks.pending)}; current, not over: ${list(status.weeks.current)}`,
    `memories: ${memories.length}${memories.length > 0 ? ` (${Object.entries(byType).sort().map(([type, n]) => `${type} ${n}`).join(", ")})` : ""}`,
    `index ${layout.indexFile}: ${status.index.lines}/${INDEX_LIMITS.maxLines} lines, ${status.index.bytes}/${INDEX_LIMITS.maxBytes} bytes, longest line ${status.index.longestLine}/${INDEX_LIMITS.maxLineChars} characters`,
    ...gates.map((gate) => gate.detail),
    `lock: ${lock ? `${lock.stale ? "stale" : "held"} — pid ${lock.pid} on ${lock.host}, ${lock.command}, since ${lock.startedAt}` : "free"}`,
    `last run: ${state.lastRun ? `${state.lastRun.at}: ${state.lastRun.summary}` : status.lastJournal ? `${status.lastJournal.run} ${status.lastJournal.command} (${status.lastJournal.status})` : "none"}`,
  ];
  io.stdout(`${out.join("\n")}\n`);
  return 0;
}
