import YAML from "yaml";
import { type CompactionResult, compressionRatio } from "../compaction-result.js";

/** `weekly/{week}.md`: seed 002's summary under frontmatter that says where it came from. */
export function renderWeekly(result: CompactionResult, compactedAt: Date): string {
  const data = {
    type: "weekly",
    week: result.week.label,
    first_date: result.week.firstDate,
    last_date: result.week.lastDate,
    sources: result.sources.map((source) => ({ file: source.file, sha256: source.sha256 })),
    provider: result.provider,
    model: result.model,
    usage: { input_tokens: result.usage.inputTokens, output_tokens: result.usage.outputTokens },
    ...(result.costUsd === undefined ? {} : { cost_usd: result.costUsd }),
    compression_ratio: compressionRatio(result),
    redactions: result.redactions.logs + result.redactions.answer,
    ...(result.providerWarnings.length > 0 ? { warnings: result.providerWarnings } : {}),
    trace: result.trace,
    compacted_at: compactedAt.toISOString(),
  };
  return `---\n${YAML.stringify(data, { lineWidth: 0 })}---\n\n${result.summary.body.trim()}\n`;
}

/** Two renderings of a week are the same if only the time they were made differs. */
export function sameWeekly(a: string, b: string): boolean {
  const strip = (text: string) => text.replace(/^compacted_at: .*$/m, "");
  return strip(a) === strip(b);
}
