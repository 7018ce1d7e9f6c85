import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LogEntry } from "../../src/logs/log-types.js";
import { traceSources, traceWords } from "../../src/parse/trace-sources.js";

// Every entry scored against the text, one by one: the share of the text's words it holds, a
// tenth more when the text names its date; 0.3 at least, within three quarters of the best, three.
function reference(text: string, entries: LogEntry[]): LogEntry[] {
  const wanted = traceWords(text);
  if (wanted.size === 0) return [];
  const dates = new Set(text.match(/\b\d{4}-\d{2}-\d{2}\b/g) ?? []);
  const scored = entries
    .filter((entry) => entry.shape !== "frontmatter")
    .map((entry) => {
      const have = traceWords(entry.text);
      const shared = [...wanted].filter((word) => have.has(word)).length;
      return { entry, score: shared / wanted.size + (dates.has(entry.date) ? 0.1 : 0) };
    })
    .filter(({ score }) => score >= 0.3)
    .sort((a, b) => b.score - a.score || a.entry.startLine - b.entry.startLine);
  const best = scored[0]?.score ?? 0;
  return scored
    .filter(({ score }) => score >= best * 0.75)
    .slice(0, 3)
    .map(({ entry }) => entry)
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.startLine - b.startLine));
}

const WORDS = ["alpha", "kappa", "sigma", "omega", "zeta", "theta", "lambda", "gamma", "delta", "rho", "tau", "upsilon"];
const DATES = ["2026-03-02", "2026-03-03"];
const text = fc
  .tuple(fc.array(fc.constantFrom(...WORDS), { maxLength: 14 }), fc.option(fc.constantFrom(...DATES), { nil: undefined }))
  .map(([words, date]) => [...words, ...(date ? [date] : [])].join(" "));

function entriesOf(specs: { text: string; date: string; frontmatter: boolean }[]): LogEntry[] {
  // Distinct start lines across the two files, so the order of equal scores is the reference's.
  return specs.map((spec, i) => ({
    file: i % 2 === 0 ? "2026-03-02.md" : "2026-03-03.md",
    date: spec.date,
    startLine: i + 1,
    endLine: i + 1,
    shape: spec.frontmatter ? "frontmatter" : "block",
    text: spec.text,
  }));
}

describe("traceSources", () => {
  it("finds the entries that scoring every entry one by one finds, trace after trace over the same entries", () => {
    const entry = fc.record({ text, date: fc.constantFrom(...DATES), frontmatter: fc.integer({ min: 0, max: 9 }).map((n) => n === 0) });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.array(text, { minLength: 1, maxLength: 12 }), (specs, outputs) => {
        const entries = entriesOf(specs);
        for (const output of outputs) expect(traceSources(output, entries)).toEqual(reference(output, entries));
      }),
      { numRuns: 300 },
    );
  });

  it("never names a front matter block, however many words it shares", () => {
    const entries = entriesOf([
      { text: "alpha kappa sigma omega", date: DATES[0]!, frontmatter: true },
      { text: "alpha kappa", date: DATES[0]!, frontmatter: false },
    ]);
    expect(traceSources("alpha kappa sigma omega", entries).map((found) => found.startLine)).toEqual([2]);
  });
});
