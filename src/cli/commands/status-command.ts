import { INDEX_LIMITS } from "../../memory/build-index.js";
import type { StatusResult } from "../../pipeline/status.js";
import type { CliIo } from "../cli-io.js";
import { printHelp, STATUS_HELP } from "../help.js";
import { openCompactor } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

/** `compact status [--json]`: weeks, memories, the index against its limits, the gates, the lock, the last run. */
export async function statusCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config"], "compact status");
  if (line.options.help) {
    printHelp(io, STATUS_HELP, line.options.json === true);
    return 0;
  }
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const status = await (await openCompactor(line, io, output)).status();
  output.result(status);
  if (!output.json) for (const text of statusLines(status)) output.say(text);
  // Warnings go where every command's go: stderr, once each.
  output.warnAll(status.warnings);
  return 0;
}

// A list longer than this shows its first and last few items (`--json` gives every one).
const ITEMS_SHOWN = 8;

function shortList(items: string[]): string[] {
  return items.length <= ITEMS_SHOWN ? items : [...items.slice(0, 3), `… ${items.length - 5} more …`, ...items.slice(-2)];
}

function statusLines(status: StatusResult): string[] {
  const list = (labels: string[]) => (labels.length === 0 ? "0" : `${labels.length} (${shortList(labels).join(", ")})`);
  const types = Object.entries(status.memories.byType).sort();
  const lock = status.lock;
  return [
    `memory dir: ${status.dir}`,
    `layout: ${status.layout.name} (${status.layout.reason})`,
    `weeks with logs: ${status.weeks.withLogs}; compacted: ${list(status.weeks.compacted)}; stale (logs changed): ${list(status.weeks.stale)}; pending: ${list(status.weeks.pending)}; current, not over: ${list(status.weeks.current)}${status.weeks.unreadable.length > 0 ? `; summary left alone (could not be read, see the warnings): ${list(status.weeks.unreadable)}` : ""}`,
    `memories: ${status.memories.total}${types.length > 0 ? ` (${types.map(([type, n]) => `${type} ${n}`).join(", ")})` : ""}`,
    `index ${status.index.file}: ${status.index.lines}/${INDEX_LIMITS.maxLines} lines, ${status.index.bytes}/${INDEX_LIMITS.maxBytes} bytes, longest line ${status.index.longestLine}/${INDEX_LIMITS.maxLineChars} characters${status.index.listed < status.index.listable && status.index.lines > 0 ? `; lists ${status.index.listed} of ${status.index.listable} memories itself (the rest through its full lists)` : ""}`,
    ...status.gates.map((gate) => gate.detail),
    `lock: ${lock ? `${lock.stale ? "stale" : "held"} — pid ${lock.pid} on ${lock.host}, ${lock.command}, since ${lock.startedAt}` : "free"}`,
    `last run: ${status.lastRun ? `${status.lastRun.at}: ${shortList(status.lastRun.summary.split("; ")).join("; ")}` : status.lastJournal ? `${status.lastJournal.run} ${status.lastJournal.command} (${status.lastJournal.status})` : "none"}`,
  ];
}
