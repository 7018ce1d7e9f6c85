import type { CueKind, CueTable } from "./cue-table.js";

export const CUE_KINDS: readonly CueKind[] = [
  "decision",
  "outcome",
  "resolved",
  "blocker",
  "lesson",
  "correction",
  "mistake",
  "preference",
  "reference",
  "routine",
];

/** Symbols say the same thing in every language. */
export const CUE_SYMBOLS: Partial<Record<CueKind, string[]>> = { outcome: ["✅", "✔️?"], blocker: ["❌", "⚠️?", "🚧"] };
export const EMPHASIS_SYMBOLS = ["❗", "‼️?"];

/** One regular expression over all tables: whole words where words are spaced, anywhere where they are not. */
export function compileCues(tables: readonly CueTable[], pick: (table: CueTable) => string[], extra: string[] = []): RegExp {
  const spaced = tables.filter((t) => !t.unspaced).flatMap(pick);
  const unspaced = [...tables.filter((t) => t.unspaced).flatMap(pick), ...extra];
  const parts: string[] = [];
  if (spaced.length > 0) parts.push(`(?<![\\p{L}\\p{N}_])(?:${spaced.join("|")})(?![\\p{L}\\p{N}_])`);
  if (unspaced.length > 0) parts.push(`(?:${unspaced.join("|")})`);
  return new RegExp(parts.length > 0 ? parts.join("|") : "(?!)", "iu");
}
