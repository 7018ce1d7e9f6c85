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
  const wanted = tokens(text);
  if (wanted.size === 0) return [];
  const dates = new Set(text.match(ISO_DATE) ?? []);
  const index = entryIndex(entries);
  // Only entries sharing a word can score, and one that shares none of the rarer words cannot
  // reach the minimum: candidates come from the rarer words' postings alone (the common words of a
  // big week are in thousands of entries), then each candidate's words are counted exactly.
  const byRarity = [...wanted].sort((a, b) => (index.get(a)?.length ?? 0) - (index.get(b)?.length ?? 0));
  const minShared = (MIN_SCORE - DATE_BONUS) * wanted.size;
  const rare = byRarity.slice(0, wanted.size - Math.max(0, Math.ceil(minShared) - 1));
  const candidates = new Set<number>();
  for (const token of rare) for (const i of index.get(token) ?? []) candidates.add(i);
  const scored = [...candidates]
    .map((i) => [i, sharedCount(wanted, entryTokens(entries[i]!))] as const)
    .map(([i, count]) => ({ entry: entries[i]!, score: count / wanted.size + (dates.has(entries[i]!.date) ? DATE_BONUS : 0) }))
    .filter(({ score }) => score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score || a.entry.startLine - b.entry.startLine);
  const best = scored[0]?.score ?? 0;
  return scored
    .filter(({ score }) => score >= best * NEAR_BEST)
    .slice(0, MAX_SOURCES)
    .map(({ entry }) => entry)
    .sort((a, b) => byCodeUnit(a.file, b.file) || a.startLine - b.startLine);
}

// One index per entries array: a week's entries are traced against every bullet and memory.
const indexes = new WeakMap<LogEntry[], Map<string, number[]>>();

function entryIndex(entries: LogEntry[]): Map<string, number[]> {
  let index = indexes.get(entries);
  if (!index) {
    index = new Map();
    entries.forEach((entry, i) => {
      if (entry.shape === "frontmatter") return;
      for (const token of entryTokens(entry)) {
        const list = index!.get(token);
        if (list) list.push(i);
        else index!.set(token, [i]);
      }
    });
    indexes.set(entries, index);
  }
  return index;
}

// Entries are traced against many outputs; their words are counted once.
const tokensOfEntry = new WeakMap<LogEntry, Set<string>>();

function entryTokens(entry: LogEntry): Set<string> {
  let found = tokensOfEntry.get(entry);
  if (!found) {
    found = tokens(entry.text);
    tokensOfEntry.set(entry, found);
  }
  return found;
}

// Terms of two letters or more: single letters and digits match everything.
function tokens(text: string): Set<string> {
  const found = new Set<string>();
  for (const term of termSet(text.replace(ISO_DATE, " "))) if (term.length >= 2 && !TEMPLATE_WORDS.has(term) && !/^\d{1,2}$/.test(term)) found.add(term);
  return found;
}

function sharedCount(wanted: Set<string>, have: Set<string>): number {
  let count = 0;
  for (const token of wanted) if (have.has(token)) count++;
  return count;
}
