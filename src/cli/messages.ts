import { type CompactionResult, compressionRatio } from "../compaction-result.js";
import type { WriteReport } from "../compactor.js";
import { formatProblem } from "../problems/problem.js";

/** Every line the CLI prints, in one place. */
export const HELP = `Usage: compact --week YYYY-Www [options]

Turns one ISO week of an agent's daily logs into a weekly summary
(weekly/YYYY-Www.md), typed memory topic files ({type}_{topic}.md) and a
MEMORY.md index, all inside the memory directory. Daily logs are never changed.

Options:
  --week YYYY-Www    ISO week to compact, e.g. 2026-W14 (Monday to Sunday)
  --dir DIR          memory directory (default: "dir" in the config, else ./memory)
  --provider NAME    model provider: offline (the default: built in, no key, no network)
  --model NAME       model name to ask the provider for
  --config FILE      config file (default: compact.config.json in the memory dir,
                     else in the current directory)
  --dry-run          print the files that would be written, with their content;
                     write nothing
  --json             print one JSON object on stdout (files, memories accepted
                     and skipped, warnings, usage)
  --quiet            print errors only
  -h, --help         print this help
  -v, --version      print the version

Exit codes:
  0  done, or nothing to do (a week with no daily logs)
  1  failure: a model answer unusable after one repair attempt, a file that
     cannot be read or written
  2  usage error: a bad flag, week, directory, provider or config
`;

export const offlineNotice = (modelId: string) =>
  `compact: no provider configured; using the built-in offline model (${modelId}): extractive, deterministic, no network`;

export function readSummary(result: CompactionResult): string {
  const logs = result.sources.length;
  const redacted = result.redactions.logs + result.redactions.answer;
  return `${result.week.label} (${result.week.firstDate} … ${result.week.lastDate}): read ${logs} daily log${logs === 1 ? "" : "s"}; ${redacted} secret${redacted === 1 ? "" : "s"} redacted`;
}

export function writeLines(report: WriteReport): string[] {
  const verb = (action: string) => (report.dryRun ? `would ${action}` : action === "create" ? "created" : action === "update" ? "updated" : action);
  return report.files.map((file) => `${verb(file.action).padEnd(report.dryRun ? 12 : 9)} ${file.path}`);
}

export function dryRunContent(report: WriteReport): string[] {
  return report.files
    .filter((file) => file.action !== "unchanged")
    .map((file) => `\n===== ${file.path} (${file.action}) =====\n${file.content}`);
}

export function closingLine(result: CompactionResult, report: WriteReport): string {
  const changed = report.files.filter((file) => file.action !== "unchanged").length;
  const tail = changed === 0 ? "nothing changed" : `${changed} file${changed === 1 ? "" : "s"} ${report.dryRun ? "would change" : "written"}`;
  return `${result.week.label}: ${result.memories.length} memories accepted, ${result.skipped.length} skipped; ${result.usage.inputTokens} → ${result.usage.outputTokens} tokens; compression ${compressionRatio(result)}; ${tail}`;
}

export const warningLines = (result: CompactionResult) => result.warnings.map((warning) => `warning: ${formatProblem(warning)}`);
export const skippedLines = (result: CompactionResult) => result.skipped.map((skip) => `skipped: ${skip.source}: ${skip.reason}`);

export function jsonReport(result: CompactionResult, report: WriteReport): object {
  return {
    week: result.week.label,
    dryRun: report.dryRun,
    provider: result.provider,
    model: result.model,
    files: report.files.map((file) => ({ path: file.path, action: file.action })),
    candidates: {
      accepted: result.memories.map((memory) => ({ name: memory.name, type: memory.type, sources: memory.sources })),
      skipped: result.skipped,
    },
    warnings: result.warnings.map(formatProblem),
    usage: result.usage,
    compressionRatio: compressionRatio(result),
    redactions: result.redactions,
    repaired: result.repaired,
  };
}
