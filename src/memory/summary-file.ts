import type { Period } from "../period/period.js";
import { cleanText, withoutBidiControls } from "../text/clean-text.js";
import { readFrontmatter, renderFrontmatter } from "../text/frontmatter.js";

/** What a period summary file records besides its text. */
export interface SummaryRecord {
  period: Period;
  /** The daily logs it was made from, with their sha256, to notice later edits. */
  sources: { file: string; sha256: string }[];
  provider: string;
  model: string;
  usage: { inputTokens: number; outputTokens: number };
  costUsd?: number;
  compressionRatio: number;
  redactions: number;
  /** Settings the provider could not honour. */
  warnings: string[];
  /** Section title → anchors of the entries its bullets came from. */
  trace: Record<string, string[]>;
  /** The summary text, from its `## {period}` heading on. */
  body: string;
}

/** A summary file as read back: enough for the index, status and staleness. */
export interface SummaryFile {
  file: string;
  label: string;
  firstDate: string;
  lastDate: string;
  sources: Map<string, string>;
}

/** `weekly/{week}.md`: the summary under front matter that says where it came from. */
export function renderSummary(summary: SummaryRecord, compactedAt: Date): string {
  const data = {
    type: summary.period.kind === "week" ? "weekly" : summary.period.kind === "month" ? "monthly" : "quarterly",
    [summary.period.kind]: summary.period.label,
    first_date: summary.period.firstDate,
    last_date: summary.period.lastDate,
    // As the file keeps them: cleaned here, a name left empty is written quoted, as the empty string it is.
    sources: summary.sources.map((source) => ({ file: withoutBidiControls(source.file), sha256: withoutBidiControls(source.sha256) })),
    provider: summary.provider,
    model: summary.model,
    usage: { input_tokens: summary.usage.inputTokens, output_tokens: summary.usage.outputTokens },
    ...(summary.costUsd === undefined ? {} : { cost_usd: summary.costUsd }),
    compression_ratio: summary.compressionRatio,
    redactions: summary.redactions,
    ...(summary.warnings.length > 0 ? { warnings: summary.warnings } : {}),
    trace: summary.trace,
    compacted_at: compactedAt.toISOString(),
  };
  return cleanText(renderFrontmatter(data, summary.body));
}

/**
 * Two renderings of a summary are the same if only when they were made and
 * what the call cost differ (a re-run sends the memories the first run made).
 */
export function sameSummary(a: string, b: string): boolean {
  const strip = (text: string) =>
    text
      .replace(/^compacted_at: .*$/m, "")
      .replace(/^usage:\n(?: {2}.*\n)+/m, "")
      .replace(/^cost_usd: .*$/m, "");
  return strip(a) === strip(b);
}

/**
 * The summary file `renderSummary` writes for a record, as `readSummaryFile`
 * would read it back, without rendering and parsing it: a long run records
 * each week's summary in its snapshot, and parsing its own output back was a
 * twentieth of all it allocated.
 */
export function summaryFileOf(file: string, summary: Pick<SummaryRecord, "period" | "sources">): SummaryFile {
  return {
    file,
    label: labelOf(file),
    firstDate: summary.period.firstDate,
    lastDate: summary.period.lastDate,
    sources: new Map(summary.sources.map((source) => [withoutBidiControls(source.file), withoutBidiControls(source.sha256)])),
  };
}

function labelOf(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1).replace(/\.md$/, "");
}

/** Reads a summary file's front matter; a problem when it is not data (then the file must be left as it is). */
export function readSummaryFile(file: string, text: string): SummaryFile | { problem: string } {
  const read = readFrontmatter(text);
  if (read.problem) return { problem: read.problem };
  const label = labelOf(file);
  const sources = new Map<string, string>();
  if (Array.isArray(read.data["sources"])) {
    for (const source of read.data["sources"] as { file?: unknown; sha256?: unknown }[]) {
      if (source && typeof source === "object") sources.set(String(source.file), String(source.sha256));
    }
  }
  return { file, label, firstDate: String(read.data["first_date"] ?? ""), lastDate: String(read.data["last_date"] ?? ""), sources };
}
