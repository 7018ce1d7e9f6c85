import { lintSource } from "@secretlint/core";
import { creator as recommendedRules } from "@secretlint/secretlint-rule-preset-recommend";
import { SECRET_PATTERNS } from "./secret-patterns.js";

/** Text with its secrets replaced by `[REDACTED:kind]`. */
export interface RedactionResult {
  text: string;
  /** How many secrets were replaced. */
  count: number;
  /** Kinds found, e.g. `openai-key`, `password`, in order of first appearance. */
  kinds: string[];
}

interface Span {
  start: number;
  end: number;
  kind: string;
}

const secretlintConfig = { rules: [{ id: "@secretlint/secretlint-rule-preset-recommend", rule: recommendedRules }] };

/**
 * Replaces secrets with `[REDACTED:kind]`. Runs secretlint's maintained
 * recommended rules, then patterns for the plain-language forms they miss.
 * Line breaks inside a secret are kept so line numbers do not move.
 */
export async function redactSecrets(text: string): Promise<RedactionResult> {
  if (text.length === 0) return { text, count: 0, kinds: [] };
  const spans = [...(await secretlintSpans(text)), ...patternSpans(text)];
  return applySpans(text, mergeSpans(spans));
}

async function secretlintSpans(text: string): Promise<Span[]> {
  const result = await lintSource({
    source: { filePath: "log.md", content: text, contentType: "text" },
    options: { config: secretlintConfig, maskSecrets: false },
  });
  return result.messages.map((message) => ({
    start: message.range[0],
    end: message.range[1],
    kind: kindFromRuleId(message.ruleId),
  }));
}

function kindFromRuleId(ruleId: string): string {
  return ruleId.replace(/^@secretlint\/secretlint-rule-/, "");
}

function patternSpans(text: string): Span[] {
  const spans: Span[] = [];
  for (const { kind, pattern } of SECRET_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const value = match.groups?.["value"];
      const offset = value === undefined ? 0 : match[0].lastIndexOf(value);
      const start = match.index + offset;
      const length = value === undefined ? match[0].length : value.length;
      if (text.startsWith("[REDACTED", start)) continue;
      spans.push({ start, end: start + length, kind });
    }
  }
  return spans;
}

// Overlapping finds (secretlint and a pattern on the same key) count once, as the wider span.
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const span of sorted) {
    const last = merged.at(-1);
    if (last && span.start < last.end) {
      last.end = Math.max(last.end, span.end);
      continue;
    }
    merged.push({ ...span });
  }
  return merged;
}

function applySpans(text: string, spans: Span[]): RedactionResult {
  let out = "";
  let cursor = 0;
  const kinds: string[] = [];
  for (const span of spans) {
    const newlines = text.slice(span.start, span.end).split("\n").length - 1;
    out += `${text.slice(cursor, span.start)}[REDACTED:${span.kind}]${"\n".repeat(newlines)}`;
    cursor = span.end;
    if (!kinds.includes(span.kind)) kinds.push(span.kind);
  }
  out += text.slice(cursor);
  return { text: out, count: spans.length, kinds };
}
