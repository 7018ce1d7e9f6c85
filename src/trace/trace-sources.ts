import type { LogEntry } from "../logs/log-types.js";
import { byCodeUnit } from "../text/by-code-unit.js";

const WORD = /[\p{L}\p{N}][\p{L}\p{N}_'-]{2,}/gu;
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]{2,}/gu;
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const STOPWORDS = new Set(
  "the and for with that this from was were are been have has had not but you your our they them their its into onto then than when what which who will would could should about after before over under more most some such only also just very none week date why how apply".split(" "),
);
const MIN_SCORE = 0.3;
const NEAR_BEST = 0.75;
const MAX_SOURCES = 3;

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
  // Only entries sharing a word can score; the index finds them without scanning every entry.
  const shared = new Map<number, number>();
  for (const token of wanted) for (const i of index.get(token) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  const scored = [...shared]
    .map(([i, count]) => ({ entry: entries[i]!, score: count / wanted.size + (dates.has(entries[i]!.date) ? 0.1 : 0) }))
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

function tokens(text: string): Set<string> {
  const lower = text.toLowerCase().replace(ISO_DATE, " ").replace(/['’]s\b/g, "");
  const found = new Set<string>();
  for (const word of lower.match(WORD) ?? []) if (!STOPWORDS.has(word)) found.add(word);
  for (const run of lower.match(HAN_OR_KANA) ?? []) {
    for (let i = 0; i + 1 < run.length; i++) found.add(run.slice(i, i + 2));
  }
  return found;
}
