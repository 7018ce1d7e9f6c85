import { type CompactionResult, compressionRatio } from "../compaction-result.js";
import type { CostEstimate, WriteReport } from "../compactor.js";
import { formatProblem } from "../problems/problem.js";

/** Every line the CLI prints, in one place. */
export const HELP = `Usage: compact --week YYYY-Www [options]
       compact config [options]       print the effective settings and their sources
       compact golden [DIR] [--update] check recorded answers against expected files
       compact consolidate [options]  merge duplicates, resolve contradictions, prune (see --help)
       compact undo [RUN]             restore the memory dir as it was before a run
       compact probe                  check the recall probes in probes.md
       compact --auto [--force]       for cron: compact completed weeks, consolidate when gated open
       compact status [--json]        weeks, memories, index size, gates, lock, last run
       compact schedule [--at TIME]   print a crontab line and systemd units for --auto
       compact migrate [--from FILE]  split a monolithic .agents.local.md into .agents/

Turns one ISO week of an agent's daily logs into a weekly summary
(weekly/YYYY-Www.md), typed memory topic files ({type}_{topic}.md) and a
MEMORY.md index, all inside the memory directory. Daily logs are never changed.

Options:
  --week YYYY-Www    ISO week to compact, e.g. 2026-W14 (Monday to Sunday)
  --dir DIR          memory directory (default: $COMPACT_DIR, "dir" in the config, else ./memory)
  --provider NAME    offline (default: built in, no key, no network), anthropic,
                     openai, or replay
  --model NAME       model name to ask the provider for
  --config FILE      config file (default: compact.config.json, .compactrc(.json|.yaml)
                     or compact.config.yaml in the memory dir, else upward from here)
  --record DIR       save every model exchange as a cassette in DIR
  --replay DIR       answer from the cassettes in DIR (provider replay), no network
  --dry-run          estimate the prompt's tokens and cost; with offline or replay,
                     also print the files that would be written. Writes nothing and
                     never calls a paid provider.
  --strict           fail (exit 1, nothing written) if a summary bullet or memory
                     traces to no daily entry
  --json             print one JSON object on stdout (files, memories accepted
                     and skipped, warnings, usage, cost, trace)
  --auto             instead of --week, for cron: compact every completed week whose
                     summary is missing or out of date (never the current week),
                     then consolidate when the gates are open (24 h and 5 sessions
                     since the last consolidation, no other run holding the lock)
  --force            with --auto: open the time and session gates (never the lock)
  --quiet            print errors only
  -h, --help         print this help
  -v, --version      print the version

Exit codes:
  0  done, or nothing to do (a week with no daily logs)
  1  failure: the provider failed after its retries, a model answer unusable after
     one repair attempt, --strict found untraced output, a file cannot be read or written
  2  usage error: a bad flag, week, directory, provider, config file, or a missing API key
`;

export const CONFIG_HELP = `Usage: compact config [--dir DIR] [--config FILE] [--provider NAME] [--model NAME] [--json]

Prints the settings a run would use and where each came from: a flag, the
environment (COMPACT_DIR, COMPACT_PROVIDER, COMPACT_MODEL, ANTHROPIC_BASE_URL,
OPENAI_BASE_URL), the config file, or the default. API keys are never printed,
only whether their variable is set.
`;

export const CONSOLIDATE_HELP = `Usage: compact consolidate [--dir DIR] [--config FILE] [--dry-run] [--yes] [--auto] [--json] [--quiet]

A "dream" over the whole memory dir (seed 000): read the index and every
topic file; find near-duplicates (merged, keeping every detail of both),
contradictions (same type and subject, different values, or the newer saying
it replaces the older: the loser moves to archive/ with valid_to and
superseded_by), memories past their type's retention (to the trash) and
relative dates (made absolute); then rebuild MEMORY.md. Pinned memories
(pinned: true) are never touched.

Prints seed 003's report, then on a terminal asks [A/B/skip] for each
conflict and Apply? [Y/n]. Every applied run is journaled: compact undo
restores it. A plan is refused, with the reason, if it would merge across
types, lose a source, touch a pinned memory, remove more than 25% of the
memories (consolidation.maxRemoveFraction), break the index limits, or lose
the answer to a probe in probes.md.

  --dry-run   print the report; change nothing
  --yes       apply merges, prunes and redates without asking; skip conflicts
  --auto      for cron: take the lock (or print "Another run in progress —
              skipping." and exit 0), apply merges and prunes, leave conflicts
              to a person with one reminder memory, print one line
  --json      print the plan (and what was applied) as one JSON object

Without a terminal and without --yes or --auto it prints the report and applies nothing.
The plan is made in code. With an LLM configured (anthropic, openai) the model is
also asked, once, about up to 20 pairs the code found alike but could not
decide, and for the text of its merges; code checks what it proposes. A dry
run never asks the model.
`;

export const UNDO_HELP = `Usage: compact undo [RUN] [--dir DIR] [--config FILE]

Restores the memory dir as it was before RUN (default: the latest run not yet
undone), byte for byte, from .compact/trash and .compact/journal. Refuses if a
file that run changed has been changed again since.
`;

export const PROBE_HELP = `Usage: compact probe [--dir DIR] [--config FILE]

Checks the recall probes in probes.md (one per line: "question => phrase")
against the active memories. Exit 0 when every phrase is found, 1 otherwise.
Consolidation refuses any plan after which a probe found before is not.
`;

export const STATUS_HELP = `Usage: compact status [--dir DIR] [--config FILE] [--json]

Prints the memory dir's layout; its weeks with daily logs (compacted, stale
because their logs changed, pending, and the current week, which --auto leaves
until it is over); memories by type; the index against its limits (200 lines,
25 KB, 150 characters a line); each consolidation gate; the lock; the last run.
`;

export const SCHEDULE_HELP = `Usage: compact schedule [--dir DIR] [--config FILE] [--at "Mon 10:00"]

Prints a crontab line and a systemd timer + service that run compact --auto on
this memory dir every week (default Monday 10:00 UTC; --at "DAY HH:MM" or
"HH:MM", in UTC). Nothing is installed: copy what fits your machine.
`;

export const MIGRATE_HELP = `Usage: compact migrate [--from FILE] [--dir DIR]

Seed 001's migration from a monolithic .agents.local.md (default: ./.agents.local.md)
into DIR (default: ./.agents): each dated section becomes logs/YYYY-MM-DD.md,
every other section a topic file in topics/, and local.md their index.
The original is kept and backed up to FILE.backup, byte for byte; an existing
backup, or an existing file with other content, is never overwritten. No line
of the original is lost. Running it twice changes nothing.
`;

export const GOLDEN_HELP = `Usage: compact golden [DIR] [--update] [--quiet]

Runs every golden case in DIR (default: test/golden): a folder with case.json
({ "week": "2026-W14", "input": "input" }), its input logs, cassettes/ recorded
with --record (without them the offline model answers), and expected/. Each
case is compacted in a temporary copy with --replay and every written file is
compared byte for byte with expected/, as is the --json report (report.json).

--update rewrites expected/ from this run (and records answer.md, a
hand-written answer, as a cassette). Review the diff before committing it.
Exit 0 when every case passes, 1 otherwise.
`;

export function estimateLine(week: string, model: { provider: string; modelId: string }, estimate: CostEstimate): string {
  const cost = estimate.costUsd === undefined ? "no price configured for this model" : `at most $${estimate.costUsd.toFixed(4)}`;
  return `estimate for ${week}: ${estimate.logs} logs, ~${estimate.inputTokens} input tokens + up to ${estimate.maxOutputTokens} output tokens to ${model.provider} ${model.modelId}; ${cost}`;
}

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
  const cost = result.costUsd === undefined ? "" : ` (~$${result.costUsd.toFixed(4)})`;
  return `${result.week.label}: ${result.memories.length} memories accepted, ${result.skipped.length} skipped; ${result.usage.inputTokens} → ${result.usage.outputTokens} tokens${cost}; compression ${compressionRatio(result)}; ${tail}`;
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
    ...(result.costUsd === undefined ? {} : { costUsd: result.costUsd }),
    compressionRatio: compressionRatio(result),
    trace: result.trace,
    redactions: result.redactions,
    repaired: result.repaired,
  };
}
