import { stat } from "node:fs/promises";
import type { CompactionResult, SkippedCandidate } from "./compaction-result.js";
import type { ModelPrice } from "./config/config-schema.js";
import { NoDailyLogsError } from "./errors/no-daily-logs-error.js";
import { ModelAnswerError } from "./errors/model-answer-error.js";
import { UsageError } from "./errors/usage-error.js";
import type { FindLogsOptions } from "./logs/find-daily-logs.js";
import { entryAnchor, type LogEntry } from "./logs/log-types.js";
import { loadWeekLogs } from "./logs/load-week-logs.js";
import { redactSecrets } from "./logs/redact-secrets.js";
import { hasBareRelativeDate, resolveRelativeDates } from "./logs/resolve-relative-dates.js";
import { estimateCost } from "./model/estimate-cost.js";
import { addUsage, type MemoryModel } from "./model/memory-model.js";
import type { MemoryCandidate } from "./parse/memory-candidate.js";
import { parseAnswer, type ParsedAnswer } from "./parse/parse-answer.js";
import type { Problem } from "./problems/problem.js";
import { type CompactionPrompts, loadCompactionPrompts } from "./prompt/load-prompts.js";
import { estimateTokens, renderCompactionPrompt } from "./prompt/render-prompt.js";
import { OfflineModel } from "./providers/offline/offline-model.js";
import { applyWrites } from "./store/apply-writes.js";
import type { StoredMemory } from "./store/merge-topic.js";
import type { MemoryLayout } from "./store/memory-layout.js";
import { type PlannedWrite, planWrites } from "./store/plan-writes.js";
import { traceSources } from "./trace/trace-sources.js";
import { traceSummary } from "./trace/trace-summary.js";
import { parseIsoWeek } from "./week/iso-week.js";

/** Settings of a Compactor. */
export interface CompactorOptions {
  /** The memory directory. */
  dir: string;
  /** The model to call; the built-in `offline` model when omitted. */
  model?: MemoryModel;
  /** A directory with `compact-system.md` and `compact-user.md` to use instead of the built-in prompts. */
  promptsDir?: string;
  /** Which files count as daily logs. */
  logs?: FindLogsOptions;
  /** Seed 002: 0.2. */
  temperature?: number;
  /** Seed 002: 4096. */
  maxTokens?: number;
  /** Source of the current time, for reproducible output in tests. */
  clock?: () => Date;
  /** Price of the model, for the cost estimate. */
  price?: ModelPrice;
  /** Where logs, topics and the index live; the default layout when omitted. */
  layout?: MemoryLayout;
}

/** The size and price of a week's call, before making it. */
export interface CostEstimate {
  logs: number;
  inputTokens: number;
  maxOutputTokens: number;
  /** Upper bound in US dollars, when the model's price is configured. */
  costUsd?: number;
}

/** What `Compactor.write` did (or, in a dry run, would do). */
export interface WriteReport {
  dryRun: boolean;
  files: PlannedWrite[];
}

const REPAIR_INSTRUCTIONS = (reason: string) =>
  `<REPAIR>\nYour previous answer could not be used: ${reason}. Answer again with SECTION 1 in the exact format above (--- type: weekly ---, ## week, the four ### sections), then SECTION 2.`;

/**
 * Turns a week of daily logs into a weekly summary and typed memories.
 * `compactDaily` computes; `write` writes. Nothing is written in between.
 */
export class Compactor {
  readonly model: MemoryModel;
  private readonly options: CompactorOptions;
  private prompts: CompactionPrompts | undefined;

  constructor(options: CompactorOptions) {
    this.options = options;
    this.model = options.model ?? new OfflineModel();
  }

  /**
   * What the call for a week would cost, without calling: the prompt's
   * tokens (estimated, 4 characters a token) and, with a price, dollars for
   * that input plus the most output allowed.
   */
  async estimate(weekLabel: string): Promise<CostEstimate> {
    const { loaded, prompt, callOptions } = await this.prepare(weekLabel);
    const inputTokens = estimateTokens(prompt.system) + estimateTokens(prompt.user);
    const costUsd = estimateCost({ inputTokens, outputTokens: callOptions.maxTokens }, this.options.price);
    return { logs: loaded.logs.length, inputTokens, maxOutputTokens: callOptions.maxTokens, ...(costUsd === undefined ? {} : { costUsd }) };
  }

  /** Reads the week's logs, calls the model (one repair attempt if needed) and parses its answer. */
  async compactDaily(weekLabel: string): Promise<CompactionResult> {
    const { week, loaded, prompt, callOptions } = await this.prepare(weekLabel);

    const warnings: Problem[] = [...loaded.problems];
    let completion = await this.model.complete(prompt.user, callOptions);
    let usage = completion.usage;
    let parsed = parseAnswer(completion.text);
    let repaired = false;
    const providerWarnings = [...completion.warnings];
    if (!parsed.summary) {
      const retry = await this.model.complete(`${prompt.user}\n\n${REPAIR_INSTRUCTIONS(parsed.summaryProblem ?? "not in the format")}`, callOptions);
      providerWarnings.push(...retry.warnings);
      usage = addUsage(usage, retry.usage);
      completion = retry;
      parsed = parseAnswer(retry.text);
      repaired = true;
      if (!parsed.summary) {
        throw new ModelAnswerError(
          `the ${this.model.provider} model's answer has no weekly summary in the seed 002 format after one repair attempt: ${parsed.summaryProblem}; nothing written`,
          retry.text,
        );
      }
    }
    warnings.push(...asProblems([...new Set(providerWarnings)]), ...parsed.problems.filter((p) => p.ruleId !== "invalid-memory"));

    // The model may repeat a secret from the logs: the answer is redacted whole before anything is kept.
    const redactedAnswer = await redactSecrets(completion.text);
    if (redactedAnswer.count > 0) parsed = parseAnswer(redactedAnswer.text);
    const entries = loaded.logs.flatMap((log) => log.entries);
    const summaryText = absoluteDates(parsed.summary!.body, entries, week.lastDate);
    const trace = traceSummary(summaryText, entries);
    for (const bullet of trace.untraced) {
      warnings.push({ source: `summary: ${bullet.section} bullet ${bullet.bullet}`, ruleId: "untraced-bullet", message: `matches no daily entry: "${bullet.text.slice(0, 80)}"` });
    }
    const memories: StoredMemory[] = [];
    for (const candidate of parsed.candidates) {
      const memory = toStoredMemory(candidate, entries, week.lastDate);
      if (memory.sources.length === 0) {
        warnings.push({ source: `answer block ${candidate.block}`, ruleId: "untraced-memory", message: `memory '${memory.name}' matches no daily entry` });
      }
      memories.push(memory);
    }
    const costUsd = estimateCost(usage, this.options.price);
    return {
      ...(costUsd === undefined ? {} : { costUsd }),
      trace: trace.sections,
      providerWarnings: [...new Set(providerWarnings)],
      week,
      provider: this.model.provider,
      model: this.model.modelId,
      sources: loaded.logs.map((log) => ({ file: log.file.relPath, date: log.file.date, sha256: log.sha256 })),
      summary: { ...parsed.summary!, body: summaryText },
      memories,
      skipped: skippedBlocks(parsed),
      warnings,
      usage,
      inputChars: loaded.logs.reduce((sum, log) => sum + log.text.trim().length, 0),
      summaryChars: summaryText.length,
      redactions: { logs: loaded.redactions, answer: redactedAnswer.count },
      repaired,
    };
  }

  private async prepare(weekLabel: string) {
    const week = parseIsoWeek(weekLabel);
    await this.assertDirectory();
    const logs = this.options.logs?.include || !this.options.layout ? this.options.logs : { ...this.options.logs, include: this.options.layout.logGlobs };
    const loaded = await loadWeekLogs(this.options.dir, week, logs);
    if (loaded.logs.length === 0) {
      throw new NoDailyLogsError(`no daily logs for ${week.label} (${week.firstDate} … ${week.lastDate}) in ${this.options.dir}; nothing written`);
    }
    this.prompts ??= await loadCompactionPrompts(this.options.promptsDir);
    const prompt = renderCompactionPrompt(this.prompts, loaded.logs, week.label);
    const callOptions = { systemPrompt: prompt.system, temperature: this.options.temperature ?? 0.2, maxTokens: this.options.maxTokens ?? 4096 };
    return { week, loaded, prompt, callOptions };
  }

  /** Works out the files a result would write, without writing. */
  plan(result: CompactionResult): Promise<PlannedWrite[]> {
    return planWrites(this.options.dir, result, this.now(), this.options.layout);
  }

  /** Writes a result: weekly summary, topic files, MEMORY.md. Each file atomically; unchanged files are left alone. */
  async write(result: CompactionResult, options: { dryRun?: boolean } = {}): Promise<WriteReport> {
    const files = await this.plan(result);
    if (!options.dryRun) await applyWrites(this.options.dir, files);
    return { dryRun: options.dryRun ?? false, files };
  }

  private now(): Date {
    return this.options.clock ? this.options.clock() : new Date();
  }

  private async assertDirectory(): Promise<void> {
    const found = await stat(this.options.dir).catch(() => undefined);
    if (!found?.isDirectory()) throw new UsageError(`memory directory '${this.options.dir}' does not exist`);
  }
}

// A relative date the model wrote is resolved against the date on its line,
// else the date of the entry the line came from, else the week's last day.
function absoluteDates(text: string, entries: LogEntry[], fallbackDate: string): string {
  return text
    .split("\n")
    .map((line) => {
      if (!hasBareRelativeDate(line)) return line;
      const date = /\b\d{4}-\d{2}-\d{2}\b/.exec(line)?.[0] ?? traceSources(line, entries)[0]?.date ?? fallbackDate;
      return resolveRelativeDates(line, date).text;
    })
    .join("\n");
}

function toStoredMemory(candidate: MemoryCandidate, entries: LogEntry[], fallbackDate: string): StoredMemory {
  const content = absoluteDates(candidate.content, entries, fallbackDate);
  const name = absoluteDates(candidate.name, entries, fallbackDate);
  const description = absoluteDates(candidate.description, entries, fallbackDate);
  const sources = traceSources(`${name} ${content}`, entries);
  const dates = sources.map((entry) => entry.date).sort();
  return {
    name,
    description,
    type: candidate.type,
    content,
    sources: sources.map(entryAnchor),
    firstDate: dates[0] ?? fallbackDate,
    lastDate: dates.at(-1) ?? fallbackDate,
  };
}

function asProblems(warnings: string[]): Problem[] {
  return warnings.map((message) => ({ source: "model", ruleId: "provider-warning", message }));
}

function skippedBlocks(parsed: ParsedAnswer): SkippedCandidate[] {
  return parsed.problems.filter((p) => p.ruleId === "invalid-memory").map((p) => ({ source: p.source, reason: p.message }));
}
