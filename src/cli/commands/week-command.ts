import { Compactor } from "../../compactor.js";
import { consolidateNewMemories } from "../../consolidate/consolidate-new.js";
import { UntracedOutputError } from "../../errors/untraced-output-error.js";
import type { Settings } from "../../config/settings.js";
import type { MemoryLayout } from "../../store/memory-layout.js";
import { UsageError } from "../../errors/usage-error.js";
import type { MemoryModel } from "../../model/memory-model.js";
import { formatProblem } from "../../problems/problem.js";
import { createModel } from "../../providers/create-model.js";
import { RecordingModel } from "../../providers/replay/recording-model.js";
import { parseIsoWeek } from "../../week/iso-week.js";
import type { CliIo } from "../cli-io.js";
import * as messages from "../messages.js";
import { type CommandLine, parseOptions } from "../parse-options.js";
import { type ResolvedRun, resolveRun } from "../resolve-run.js";
import { assertDirectory, withLock } from "../with-lock.js";

const NETWORK_PROVIDERS = new Set(["anthropic", "openai"]);

/** `compact --week`: flags → Compactor → printed report. Returns the exit code. */
export async function weekCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["week", "dir", "provider", "model", "config", "record", "replay", "dry-run", "strict", "json", "quiet", "help", "version"], "compact");
  const { options } = line;
  if (!options.week) throw new UsageError("--week is required, e.g. --week 2026-W14 (see compact --help)");
  parseIsoWeek(options.week);
  if (options.record && options.replay) throw new UsageError("--record and --replay cannot be used together");
  const run = await resolveRun(line, io);
  const { settings } = run;
  const model = buildModel(run, line, io);
  if (run.sources.provider === "default" && model.provider === "offline" && !options.quiet) io.stderr(`${messages.offlineNotice(model.modelId)}\n`);

  const price = settings.prices[model.modelId];
  const compactor = new Compactor({
    dir: settings.dir,
    model,
    temperature: settings.temperature,
    maxTokens: settings.maxTokens,
    ...(settings.promptsDir ? { promptsDir: settings.promptsDir } : {}),
    logs: { ...(settings.logsInclude ? { include: settings.logsInclude } : {}), ...(settings.logsExclude ? { exclude: settings.logsExclude } : {}) },
    ...(price ? { price } : {}),
    ...(io.clock ? { clock: io.clock } : {}),
    layout: run.layout,
  });

  const work = () => compactWeek(options.week!, { compactor, model, settings, layout: run.layout }, line, io);
  if (options["dry-run"]) return work();
  await assertDirectory(settings.dir);
  return withLock(settings.dir, run.layout.lockFile, `compact --week ${options.week}`, io, work);
}

async function compactWeek(week: string, run: { compactor: Compactor; model: MemoryModel; settings: Settings; layout: MemoryLayout }, line: CommandLine, io: CliIo): Promise<number> {
  const { options } = line;
  const { compactor, model, settings, layout } = run;
  const say = (text: string) => options.quiet || options.json || io.stdout(`${text}\n`);
  const note = (text: string) => options.quiet || io.stderr(`${text}\n`);
  if (options["dry-run"]) {
    const estimate = await compactor.estimate(week);
    note(messages.estimateLine(week, model, estimate));
    // A dry run never spends money: a paid provider stops at the estimate.
    if (NETWORK_PROVIDERS.has(model.provider)) {
      if (options.json) io.stdout(`${JSON.stringify({ week, dryRun: true, provider: model.provider, model: model.modelId, estimate }, null, 2)}\n`);
      say(`dry run: no call made to ${model.provider}; nothing written`);
      return 0;
    }
  }

  const result = await compactor.compactDaily(week);
  const untraced = result.warnings.filter((w) => w.ruleId === "untraced-bullet" || w.ruleId === "untraced-memory");
  if (options.strict && untraced.length > 0) {
    for (const warning of untraced) io.stderr(`untraced: ${formatProblem(warning)}\n`);
    throw new UntracedOutputError(`--strict: ${untraced.length} summary bullet(s) or memories trace to no daily entry; nothing written`);
  }
  const report = await compactor.write(result, { dryRun: options["dry-run"] ?? false });
  const recorded = model instanceof RecordingModel ? model.recorded : [];
  const now = io.clock?.() ?? new Date();
  const written = report.dryRun ? [] : report.files.filter((f) => f.role === "memory" && f.action !== "unchanged").map((f) => f.path);
  const consolidation = await consolidateNewMemories(settings.dir, written, { now, today: now.toISOString().slice(0, 10), retention: settings.retention, limits: settings, layout });
  result.warnings.push(...consolidation.warnings);

  if (options.json) {
    const merged = consolidation.merged.length > 0 ? { consolidation: { merged: consolidation.merged, run: consolidation.run } } : {};
    io.stdout(`${JSON.stringify({ ...messages.jsonReport(result, report), ...merged, ...(recorded.length > 0 ? { recorded } : {}) }, null, 2)}\n`);
    return 0;
  }
  for (const text of [...messages.warningLines(result), ...messages.skippedLines(result)]) note(text);
  say(messages.readSummary(result));
  for (const text of messages.writeLines(report)) say(text);
  if (options["dry-run"]) for (const block of messages.dryRunContent(report)) say(block);
  for (const file of recorded) say(`recorded  ${file}`);
  for (const merge of consolidation.merged) say(`merged    ${merge.fold} into ${merge.keep} (undo: compact undo ${consolidation.run})`);
  say(messages.closingLine(result, report));
  return 0;
}

/** The configured model, from the registry (or the test seam), wrapped for --record. */
export function buildModel(run: ResolvedRun, line: CommandLine, io: CliIo): MemoryModel {
  const { settings } = run;
  let model: MemoryModel;
  if (io.createModel) {
    model = io.createModel(settings.provider, settings.model);
  } else {
    const built = createModel({ ...settings, replayDir: line.options.replay }, io.env);
    for (const warning of built.warnings) line.options.quiet || io.stderr(`warning: ${warning}\n`);
    model = built.model;
  }
  return line.options.record ? new RecordingModel(model, line.options.record) : model;
}
