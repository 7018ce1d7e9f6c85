import path from "node:path";
import { UnsafePathError } from "../errors/unsafe-path-error.js";
import { INDEX_LIMITS } from "../memory/build-index.js";
import { isMemoryType, type Memory } from "../memory/memory.js";
import type { Problem } from "../problems/problem.js";
import { currentGates } from "../schedule/current-gates.js";
import { weekStates } from "../schedule/week-status.js";
import { readJournals } from "../store/journal.js";
import { readCurrent } from "../store/read-current.js";
import { isStale, readHolder } from "../store/run-lock.js";
import { readSnapshot } from "../store/snapshot.js";
import type { RunContext } from "./run-context.js";

/** Where a memory dir stands: exactly what `compact status --json` prints. */
export interface StatusResult {
  schemaVersion: 1;
  ok: true;
  command: "status";
  dir: string;
  layout: { name: string; reason: string };
  weeks: { withLogs: number; compacted: string[]; stale: string[]; pending: string[]; current: string[]; unreadable: string[] };
  memories: { total: number; byType: Record<string, number>; archived: number };
  index: {
    file: string;
    lines: number;
    bytes: number;
    longestLine: number;
    limits: typeof INDEX_LIMITS;
    /** Memories of the four types the index links itself, and how many there are: the rest are in `memory-index/`. */
    listed: number;
    listable: number;
  };
  gates: { name: string; open: boolean; detail: string }[];
  lock: { pid: number; host: string; startedAt: string; command: string; stale: boolean } | null;
  lastRun: { at: string; summary: string } | null;
  lastJournal: { run: string; command: string; status: string } | null;
  warnings: Problem[];
}

/** Weeks, memories, the index against its limits, the gates, the lock, the last run. Reads only. */
export async function status(ctx: RunContext): Promise<StatusResult> {
  const now = ctx.now();
  const snapshot = await readSnapshot(ctx.dir);
  const { weeks, problems } = await weekStates(ctx.dir, now, snapshot.summaries, ctx.logs, snapshot.unreadableSummaries);
  const byState = (state: string) => weeks.filter((w) => w.state === state).map((w) => w.week.label);
  const byType: Record<string, number> = {};
  for (const memory of snapshot.memories) byType[memory.type] = (byType[memory.type] ?? 0) + 1;
  // Status only looks: an index that is a FIFO or a link is said, and counted as none.
  const indexProblems: Problem[] = [];
  const index =
    (
      await readCurrent(ctx.dir, ctx.dir.layout.indexFile).catch((error: unknown) => {
        if (!(error instanceof UnsafePathError)) throw error;
        indexProblems.push({ source: ctx.dir.layout.indexFile, ruleId: "unsafe-input", message: `${error.reason}; not read` });
        return null;
      })
    )?.toString("utf8") ?? "";
  const indexLines = index === "" ? [] : index.replace(/\n$/, "").split("\n");
  const holder = await readHolder(path.join(ctx.dir.root, ctx.dir.layout.lockFile));
  // A lock is stamped with the time it is (not a clock set for reproducible output): judged against it too.
  // The lock's own fields, not whatever else a lock file written by hand holds.
  const lock = holder
    ? {
        pid: holder.pid,
        host: String(holder.host),
        startedAt: holder.startedAt,
        command: String(holder.command),
        stale: isStale(holder, new Date()),
      }
    : null;
  const {
    gates,
    state,
    problems: gateProblems,
  } = await currentGates(ctx.dir, {
    now,
    logs: ctx.logs,
    settings: ctx.settings,
    ...(lock && !lock.stale ? { lockHolder: `pid ${lock.pid} on ${lock.host} (${lock.command}, since ${lock.startedAt})` } : {}),
  });
  const journals = await readJournals(ctx.dir);
  const last = journals.journals.at(-1);
  return {
    schemaVersion: 1,
    ok: true,
    command: "status",
    dir: ctx.dir.given,
    layout: { name: ctx.dir.layout.name, reason: ctx.dir.layoutReason },
    weeks: {
      withLogs: weeks.length,
      compacted: byState("compacted"),
      stale: byState("stale"),
      pending: byState("pending"),
      current: byState("current"),
      unreadable: byState("unreadable"),
    },
    memories: { total: snapshot.memories.length, byType, archived: snapshot.archived.length },
    index: {
      file: ctx.dir.layout.indexFile,
      lines: indexLines.length,
      bytes: Buffer.byteLength(index),
      longestLine: indexLines.reduce((max, line) => Math.max(max, [...line].length), 0),
      limits: INDEX_LIMITS,
      ...listedIn(index, snapshot.memories),
    },
    gates: gates.map(({ name, open, detail }) => ({ name, open, detail })),
    lock,
    lastRun: state.lastRun ?? null,
    lastJournal: last ? { run: last.run, command: last.command, status: last.status } : null,
    warnings: [...snapshot.problems, ...problems, ...indexProblems, ...gateProblems, ...journals.problems],
  };
}

// The memories the index links itself (its entries link `encodeURI(file)`), of those it may list.
function listedIn(index: string, memories: Memory[]): { listed: number; listable: number } {
  const linked = new Set<string>();
  for (const match of index.matchAll(/\]\(([^)\s]+)\)/g)) linked.add(match[1]!);
  const listable = memories.filter((memory) => isMemoryType(memory.type));
  return { listed: listable.filter((memory) => linked.has(encodeURI(memory.file))).length, listable: listable.length };
}
