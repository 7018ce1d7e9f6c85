import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readSummaryFile, renderSummary, type SummaryRecord, summaryFileOf } from "../../src/memory/summary-file.js";
import { parsePeriod, summaryPath } from "../../src/period/period.js";

// Log names and hashes as they come, and as they could come: YAML's numbers, booleans and
// indicators, quotes, control characters, unusual spaces and line breaks, other scripts.
const NAME_PARTS = [
  "2026-04-01.md",
  "2026-04-01-0930",
  "a.md",
  "007",
  "1e3",
  "true",
  "null",
  "~",
  "- x",
  "#",
  ": ",
  "'",
  '"',
  "\\",
  " ",
  "\t",
  "\r\n",
  "\u0007",
  "\u0085",
  "\u2028",
  "\ufeff",
  "决定",
  "😀",
];
const text = (parts: string[]) =>
  fc
    .array(fc.oneof(fc.constantFrom(...parts), fc.string({ maxLength: 4 }), fc.string({ unit: "binary", maxLength: 3 })), { maxLength: 5 })
    .map((p) => p.join(""));
const LABELS = ["2026-W14", "2020-W53", "2026-03", "2026-Q2"];

function record(label: string, sources: { file: string; sha256: string }[]): SummaryRecord {
  return {
    period: parsePeriod(label),
    sources,
    provider: "offline",
    model: "offline-extractive-1",
    usage: { inputTokens: 10, outputTokens: 5 },
    compressionRatio: 0.3,
    redactions: 0,
    warnings: [],
    trace: {},
    body: `## ${label}\n\n- a bullet\n`,
  };
}

describe("summaryFileOf", () => {
  it("is what readSummaryFile reads back from the rendered summary", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LABELS),
        fc.array(fc.record({ file: text(NAME_PARTS), sha256: fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), text(NAME_PARTS)) }), { maxLength: 6 }),
        (label, sources) => {
          const summary = record(label, sources);
          const file = summaryPath(summary.period);
          expect(summaryFileOf(file, summary)).toEqual(readSummaryFile(file, renderSummary(summary, new Date("2026-04-06T10:00:00Z"))));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("reads back a log name holding a text-direction control, which the written file does not keep", () => {
    // The case the property above found next: YAML writes U+202A as it is, and cleaning the file takes it out.
    const summary = record("2026-W14", [
      { file: "", sha256: "\u202a" },
      { file: "2026-04-01-\u202eevil.md", sha256: "5be81b7f5e29704d25910e9cdd7b5e5049cabed0e99ef531cfafd7fdb59c8eaa" },
    ]);
    const file = summaryPath(summary.period);
    expect(summaryFileOf(file, summary)).toEqual(readSummaryFile(file, renderSummary(summary, new Date("2026-04-06T10:00:00Z"))));
  });

  it("reads back a log name holding DEL, which yaml writes unescaped in double quotes and its reader drops", () => {
    // The case the property above once found.
    const sources = [
      { file: "~RL", sha256: " \u{f03ce}" },
      { file: "\u{8c2ef}~P)%", sha256: "" },
      { file: "lInullH", sha256: "Qn0'a.md" },
      { file: "\u{a6941}\u{8cdf4}\u{fa87f}\u{9ceb5}\u{ca7cb}\u007f", sha256: "5be81b7f5e29704d25910e9cdd7b5e5049cabed0e99ef531cfafd7fdb59c8eaa" },
    ];
    const summary = record("2026-Q2", sources);
    const file = summaryPath(summary.period);
    expect(summaryFileOf(file, summary)).toEqual(readSummaryFile(file, renderSummary(summary, new Date("2026-04-06T10:00:00Z"))));
  });
});
