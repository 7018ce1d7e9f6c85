import type { LogEntry } from "../logs/log-types.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import { termSet } from "../text/tokenize.js";

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
// Words every output has (the template's and the tool's own): they prove no source.
const TEMPLATE_WORDS = termSet("week date why how apply none added decision outcome context");
const MIN_SCORE = 0.3;
const NEAR_BEST = 0.75;
const MAX_SOURCES = 3;
// An entry of a date the text names is favoured by this much.
const DATE_BONUS = 0.1;

/**
 * The entries a piece of output came from: those sharing the most words with
 * it (character pairs for scripts written without spaces), favouring
 * entries of a date the text names. Empty when nothing is close enough.
 */
export function traceSources(text: string, entries: LogEntry[]): LogEntry[] {
  const wanted = traceWords(text);
  if (wanted.size === 0) return [];
  const dates = new Set(text.match(ISO_DATE) ?? []);
  const { postings, shared } = entryIndex(entries);
  // Only entries sharing a word can score, and one that shares none of the rarer words cannot
  // reach the minimum: candidates come from the rarer words' postings alone (the common words of a
  // big week are in thousands of entries), and the common words then count only for those.
  const byRarity = [...wanted].sort((a, b) => (postings.get(a)?.length ?? 0) - (postings.get(b)?.length ?? 0));
  const minShared = (MIN_SCORE - DATE_BONUS) * wanted.size;
  const rareCount = wanted.size - Math.max(0, Math.ceil(minShared) - 1);
  const candidates: number[] = [];
  byRarity.forEach((token, rank) => {
    for (const i of postings.get(token) ?? []) {
      if (shared[i] === 0) {
        if (rank >= rareCount) continue;
        candidates.push(i);
      }
      shared[i]!++;
    }
  });
  const scored: { entry: LogEntry; score: number }[] = [];
  for (const i of candidates) {
    const entry = entries[i]!;
    const score = shared[i]! / wanted.size + (dates.has(entry.date) ? DATE_BONUS : 0);
    shared[i] = 0;
    if (score >= MIN_SCORE) scored.push({ entry, score });
  }
  scored.sort((a, b) => b.score - a.score || a.entry.startLine - b.entry.startLine);
  const best = scored[0]?.score ?? 0;
  return scored
    .filter(({ score }) => score >= best * NEAR_BEST)
    .slice(0, MAX_SOURCES)
    .map(({ entry }) => entry)
    .sort((a, b) => byCodeUnit(a.file, b.file) || a.startLine - b.startLine);
}

// One index per entries array: a week's entries are traced against every bullet and memory. A
// word's postings name each entry once, so walking them counts the words an entry shares; the
// counts live in one array per index, left at zero after each trace.
interface EntryIndex {
  postings: Map<string, number[]>;
  shared: Uint32Array;
}
const indexes = new WeakMap<LogEntry[], EntryIndex>();

function entryIndex(entries: LogEntry[]): EntryIndex {
  let index = indexes.get(entries);
  if (!index) {
    const postings = new Map<string, number[]>();
    entries.forEach((entry, i) => {
      if (entry.shape === "frontmatter") return;
      for (const token of traceWords(entry.text)) {
        const list = postings.get(token);
        if (list) list.push(i);
        else postings.set(token, [i]);
      }
    });
    index = { postings, shared: new Uint32Array(entries.length) };
    indexes.set(entries, index);
  }
  return index;
}

/** The words an output and an entry are matched by: terms of two letters or more (single letters and digits match everything), without dates and the template's words. */
export function traceWords(text: string): Set<string> {
  const found = new Set<string>();
  for (const term of termSet(text.replace(ISO_DATE, " "))) if (term.length >= 2 && !TEMPLATE_WORDS.has(term) && !/^\d{1,2}$/.test(term)) found.add(term);
  return found;
}
