import type { ModelPrice } from "../config/config-schema.js";
import { throwIfAborted } from "../errors/aborted-error.js";
import { CompactorError } from "../errors/compactor-error.js";
import { ModelAnswerError } from "../errors/model-answer-error.js";
import { ProviderError } from "../errors/provider-error.js";
import type { PeriodLogs } from "../logs/load-period-logs.js";
import { entryAnchor, type LogEntry } from "../logs/log-types.js";
import { redactSecrets } from "../logs/redact-secrets.js";
import { hasBareRelativeDate, resolveRelativeDates } from "../logs/resolve-relative-dates.js";
import { type Memory, newMemory } from "../memory/memory.js";
import { estimateCost } from "../model/estimate-cost.js";
import { addUsage, type CompleteOptions, type CompletionResult, type MemoryModel, type TokenUsage } from "../model/memory-model.js";
import { type ParsedAnswer, parseAnswer } from "../parse/parse-answer.js";
import { traceSources } from "../parse/trace-sources.js";
import { traceSummary } from "../parse/trace-summary.js";
import type { Period } from "../period/period.js";
import type { Problem } from "../problems/problem.js";
import type { CompactionPrompts } from "../prompt/load-prompts.js";
import { type RelatedMemory, renderRelatedMemories } from "../prompt/related-memories.js";
import { type PromptPart, renderCompactionPrompt, trimEndParts } from "../prompt/render-prompt.js";
import { DEFAULT_MAX_INPUT_BYTES } from "../store/memory-dir.js";
import type { CompactionResult, SkippedCandidate } from "./compaction-result.js";

/** A period's call, rendered and ready to send: the prepare step. */
export interface PreparedCompaction {
  period: Period;
  logs: PeriodLogs;
  /** System prompt and user message, secrets redacted. */
  prompt: { system: string; user: string };
  options: Omit<CompleteOptions, "signal">;
  related: RelatedMemory[];
}

/** What the model answered, redacted, with the one repair attempt done if needed: the call step. */
export interface CompletedCompaction {
  text: string;
  parsed: ParsedAnswer;
  usage: TokenUsage;
  providerWarnings: string[];
  repaired: boolean;
  /** Secrets redacted from the answer. */
  redactions: number;
}

const REPAIR_INSTRUCTIONS = (reason: string) =>
  `<REPAIR>\nYour previous answer could not be used: ${reason}. Answer again with SECTION 1 in the exact format above (--- type: weekly ---, ## week, the four ### sections), then SECTION 2.`;

/**
 * Renders a period's request: the template with its logs, then the existing
 * memories related to them. Every part of it is redacted (the logs as they
 * were read), so no secret leaves whatever part of it carried one.
 */
export async function prepareCompaction(
  prompts: CompactionPrompts,
  logs: PeriodLogs,
  related: RelatedMemory[],
  settings: { temperature: number; maxTokens: number },
): Promise<PreparedCompaction> {
  const rendered = renderCompactionPrompt(prompts, logs.logs, logs.period.label);
  const block = renderRelatedMemories(related);
  const parts = block ? [...trimEndParts(rendered.parts), { text: `\n\n${block}`, redacted: false }] : rendered.parts;
  const [system, user] = await Promise.all([redactSecrets(rendered.system), redactPrompt(parts)]);
  return {
    period: logs.period,
    logs,
    prompt: { system: system.text, user },
    options: { systemPrompt: system.text, temperature: settings.temperature, maxTokens: settings.maxTokens },
    related,
  };
}

// Pieces not redacted yet are scanned together, apart: a week's logs were redacted as they were read,
// and the prompt is mostly logs. Should those pieces hold a secret, the whole text is redacted, as one.
async function redactPrompt(parts: PromptPart[]): Promise<string> {
  const user = parts.map((part) => part.text).join("");
  const unread = parts.filter((part) => !part.redacted).map((part) => part.text);
  const found = await redactSecrets(unread.join(PARTS_APART));
  return found.count === 0 ? user : (await redactSecrets(user)).text;
}

// Between pieces scanned together: a blank line, so no piece runs into the next.
const PARTS_APART = "\n\n";

// A model the library's caller wrote may fail in any way: its failure is the provider's, and an answer
// that is not one (no text, no usage) is reported as such, never read.
async function completeBy(model: MemoryModel, prompt: string, options: CompleteOptions): Promise<CompletionResult> {
  let completion: CompletionResult;
  // A call made once the run is stopped would be sent (and paid for) all the same.
  throwIfAborted(options.signal);
  try {
    completion = await model.complete(prompt, options);
  } catch (error) {
    if (error instanceof CompactorError) throw error;
    // Whatever the model threw as it was stopped (an AbortError, the signal's reason, a late failure of its own).
    throwIfAborted(options.signal);
    throw new ProviderError(model.provider || "model", (error as Error)?.message ?? String(error), undefined, { cause: error });
  }
  if (typeof completion?.text !== "string") throw new ModelAnswerError(`${model.provider || "model"}: the model's answer holds no text`, "");
  return { ...completion, usage: completion.usage ?? { inputTokens: 0, outputTokens: 0 }, warnings: completion.warnings ?? [] };
}

/**
 * Sends the request; an answer without a summary in the format gets one
 * repair request, then it is an error and nothing is written. The answer is
 * redacted before it is read.
 */
export async function completeCompaction(model: MemoryModel, prepared: PreparedCompaction, signal?: AbortSignal): Promise<CompletedCompaction> {
  const ask = async (prompt: string) => {
    const completion = await completeBy(model, prompt, { ...prepared.options, signal });
    // Written, it would make a file no later run reads (a file may hold 10 MB to be read): refused whole.
    const bytes = Buffer.byteLength(completion.text, "utf8");
    if (bytes > DEFAULT_MAX_INPUT_BYTES) {
      throw new ModelAnswerError(
        `the ${model.provider} model's answer is ${(bytes / 1048576).toFixed(1)} MB, more than a file may hold (${DEFAULT_MAX_INPUT_BYTES / 1048576} MB); nothing written`,
        "",
        completion.usage,
      );
    }
    const redacted = await redactSecrets(completion.text);
    return { completion, text: redacted.text, redactions: redacted.count, parsed: parseAnswer(redacted.text, { cut: completion.stoppedAtLimit === true }) };
  };
  let answer = await ask(prepared.prompt.user);
  let usage = answer.completion.usage;
  const providerWarnings = [...answer.completion.warnings];
  let redactions = answer.redactions;
  let repaired = false;
  if (!answer.parsed.summary) {
    answer = await ask(`${prepared.prompt.user}\n\n${REPAIR_INSTRUCTIONS(answer.parsed.summaryProblem ?? "not in the format")}`);
    usage = addUsage(usage, answer.completion.usage);
    providerWarnings.push(...answer.completion.warnings);
    redactions += answer.redactions;
    repaired = true;
    if (!answer.parsed.summary) {
      throw new ModelAnswerError(
        `the ${model.provider} model's answer has no summary in the expected format after one repair attempt: ${answer.parsed.summaryProblem}; nothing written`,
        answer.text,
        usage,
      );
    }
  }
  return { text: answer.text, parsed: answer.parsed, usage, providerWarnings: [...new Set(providerWarnings)], repaired, redactions };
}

// A period's label in a heading: a week's, a month's (not a date's year and month), a quarter's.
const PERIOD_LABEL = {
  week: /\b\d{4}-W\d{2}\b/,
  month: /\b\d{4}-\d{2}\b(?!-\d)/,
  quarter: /\b\d{4}-Q[1-4]\b/,
} as const;

/** Reads the answer into the summary and memories, each traced to the entries it came from: the parse step. */
export function readCompaction(
  prepared: PreparedCompaction,
  completed: CompletedCompaction,
  model: Pick<MemoryModel, "provider" | "modelId">,
  price?: ModelPrice,
): CompactionResult {
  const { period, logs } = prepared;
  const parsed = completed.parsed;
  const warnings: Problem[] = [...logs.problems];
  warnings.push(...completed.providerWarnings.map((message) => ({ source: "model", ruleId: "provider-warning", message })));
  warnings.push(...parsed.problems.filter((p) => p.ruleId !== "invalid-memory"));
  // A heading may say more than the label ("2026-W14 (Mar 30 – Apr 5)", "Week of 2026-03-30"); one naming another
  // period of the same kind is told.
  const named = PERIOD_LABEL[period.kind].exec(parsed.summary!.heading)?.[0];
  if (named !== undefined && named !== period.label) {
    warnings.push({
      source: "summary",
      ruleId: "other-period",
      message: `the answer's summary is headed ${named}, not ${period.label}; written for ${period.label}, as asked`,
    });
  }
  const entries: LogEntry[] = [];
  for (const log of logs.logs) for (const entry of log.entries) entries.push(entry);
  const summaryText = absoluteDates(parsed.summary!.body, entries, period.lastDate);
  const trace = traceSummary(summaryText, entries);
  for (const bullet of trace.untraced) {
    warnings.push({
      source: `summary: ${bullet.section} bullet ${bullet.bullet}`,
      ruleId: "untraced-bullet",
      message: `matches no daily entry: "${bullet.text.slice(0, 80)}"`,
    });
  }
  const memories: Memory[] = [];
  for (const candidate of parsed.candidates) {
    const memory = traced(candidate.memory, entries, period.lastDate);
    if (memory.sources.length === 0) {
      warnings.push({ source: `answer block ${candidate.block}`, ruleId: "untraced-memory", message: `memory '${memory.name}' matches no daily entry` });
    }
    memories.push(memory);
  }
  const costUsd = estimateCost(completed.usage, price);
  return {
    ...(costUsd === undefined ? {} : { costUsd }),
    period,
    provider: model.provider,
    model: model.modelId,
    sources: logs.logs.map((log) => ({ file: log.file.relPath, date: log.file.date, sha256: log.sha256 })),
    summary: { ...parsed.summary!, body: summaryText },
    memories,
    skipped: skippedBlocks(parsed),
    warnings,
    usage: completed.usage,
    inputChars: logs.logs.reduce((sum, log) => sum + log.text.trim().length, 0),
    summaryChars: summaryText.length,
    redactions: { logs: logs.redactions, answer: completed.redactions },
    repaired: completed.repaired,
    trace: trace.sections,
    providerWarnings: completed.providerWarnings,
  };
}

// A relative date the model wrote is resolved against the date on its line,
// else the date of the entry the line came from, else the period's last day.
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

function traced(candidate: Memory, entries: LogEntry[], fallbackDate: string): Memory {
  const name = absoluteDates(candidate.name, entries, fallbackDate);
  const body = absoluteDates(candidate.body, entries, fallbackDate);
  const description = absoluteDates(candidate.description, entries, fallbackDate);
  const sources = traceSources(`${name} ${body}`, entries);
  const dates = sources.map((entry) => entry.date).sort();
  return newMemory({
    file: "",
    name,
    description,
    type: candidate.type,
    body,
    sources: sources.map(entryAnchor),
    created: dates[0] ?? fallbackDate,
    updated: dates.at(-1) ?? fallbackDate,
  });
}

function skippedBlocks(parsed: ParsedAnswer): SkippedCandidate[] {
  return parsed.problems.filter((p) => p.ruleId === "invalid-memory").map((p) => ({ source: p.source, reason: p.message }));
}
