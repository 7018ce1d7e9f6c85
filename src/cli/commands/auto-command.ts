import { Compactor } from "../../compactor.js";
import { autoConsolidate } from "../../consolidate/auto-consolidate.js";
import { consolidateNewMemories } from "../../consolidate/consolidate-new.js";
import { currentGates } from "../../schedule/current-gates.js";
import { writeScheduleState } from "../../schedule/schedule-state.js";
import { weekStates } from "../../schedule/week-status.js";
import { backfillProgress } from "../backfill-progress.js";
import { offlineNotice } from "../messages.js";
import type { CliIo } from "../cli-io.js";
import { type CommandLine, parseOptions } from "../parse-options.js";
import { type ResolvedRun, resolveRun } from "../resolve-run.js";
import { buildModel } from "./week-command.js";
import { assertDirectory, withLock } from "../with-lock.js";

/**
 * `compact --auto`, for cron: compact every completed week whose summary is
 * missing or out of date, oldest first; then consolidate when seed 001's
 * gates are open (`--force` skips the time and session gates, never the lock).
 * No questions; one line per action; exit 0 when there is nothing to do.
 */
export async function autoCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["auto", "force", "dir", "provider", "model", "config", "quiet", "help"], "compact --auto");
  const run = await resolveRun(line, io);
  await assertDirectory(run.settings.dir);
  return withLock(run.settings.dir, run.layout.lockFile, "compact --auto", io, () => autoRun(run, line, io));
}

async function autoRun(run: ResolvedRun, line: CommandLine, io: CliIo): Promise<number> {
  const { settings, layout } = run;
  const dir = settings.dir;
  const say = (text: string) => line.options.quiet || io.stdout(`${text}\n`);
  const now = io.clock?.() ?? new Date();
  const logs = { include: settings.logsInclude ?? layout.logGlobs, ...(settings.logsExclude ? { exclude: settings.logsExclude } : {}) };
  const lines: string[] = [];

  const todo = (await weekStates(dir, now, logs)).filter((week) => week.state === "pending" || week.state === "stale");
  if (todo.length > 0) {
    const model = buildModel(run, line, io);
    if (run.sources.provider === "default" && model.provider === "offline" && !line.options.quiet) io.stderr(`${offlineNotice(model.modelId)}\n`);
    const compactor = new Compactor({ dir, model, layout, logs, temperature: settings.temperature, maxTokens: settings.maxTokens, ...(settings.promptsDir ? { promptsDir: settings.promptsDir } : {}), ...(io.clock ? { clock: io.clock } : {}) });
    const bar = backfillProgress(todo.length, Boolean(io.interactive) && !line.options.quiet);
    for (const week of todo) {
      const result = await compactor.compactDaily(week.week.label);
      const report = await compactor.write(result);
      const written = report.files.filter((f) => f.role === "memory" && f.action !== "unchanged").map((f) => f.path);
      await consolidateNewMemories(dir, written, { now, today: now.toISOString().slice(0, 10), retention: settings.retention, limits: settings, layout });
      const text = `compacted ${week.week.label} (${week.state === "stale" ? "logs changed" : "no summary"}): ${result.sources.length} logs, ${result.memories.length} memories`;
      bar.advance(text);
      lines.push(text);
      say(text);
    }
    bar.stop(`compacted ${todo.length} week${todo.length === 1 ? "" : "s"}`);
  }

  if (todo.length === 0) say("nothing to compact: every completed week with logs has a current summary");
  const { gates, state } = await currentGates(dir, { now, logs, minHours: settings.minHours, minSessions: settings.minSessions });
  const closed = gates.filter((gate) => !gate.open && !(line.options.force && gate.name !== "lock"));
  if (closed.length === 0) {
    const consolidation = await autoConsolidate(dir, { now, layout, retention: settings.retention, limits: settings });
    lines.push(consolidation.line);
    say(consolidation.line);
    state.lastConsolidation = now.toISOString();
  } else {
    for (const gate of closed) {
      const text = `consolidation gated: ${gate.detail}`;
      lines.push(text);
      say(text);
    }
  }
  state.lastRun = { at: now.toISOString(), summary: lines.join("; ") || "nothing to do" };
  await writeScheduleState(dir, state);
  return 0;
}
