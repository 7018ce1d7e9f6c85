import { isStopWord, stem, tokenize } from "../text/tokenize.js";

/** The words of a memory that consolidation compares. */
export interface MemoryTerms {
  /** Every content word: stop words out, stemmed, synonyms joined. */
  words: Set<string>;
  /** Names and values: words written with a capital or in capitals mid-sentence (ECS, Vercel, Postgres). */
  keys: Set<string>;
}

// The tool's own template words: in every memory, so they say nothing about any pair.
const TEMPLATE = new Set(["date", "why", "how", "apply", "added", "decision", "rationale", "status", "note"].map((word) => stem(word)));
const SYNONYMS: Record<string, string> = { db: "database", databases: "database", postgresql: "postgres", pg: "postgres", k8s: "kubernetes", js: "javascript", ts: "typescript", repo: "repository", prod: "production" };
// Capitalised words that are not names.
const NOT_KEYS = new Set(["why", "how", "date", "added", "the", "a", "we", "i", "it", "this", "use", "decision", "rationale", "status", "note", "always", "never", "do", "don't"]);
const CAPITALISED = /(?:^|[^\p{L}\p{N}])(\p{Lu}[\p{L}\p{N}.'-]*[\p{L}\p{N}]|\p{Lu})/gu;

/** Splits a memory's text into comparable words and key values. */
export function memoryTerms(text: string): MemoryTerms {
  const plain = text.replace(/[`*_>#[\]()]/g, " ").replace(/https?:\/\/\S+/g, (url) => ` ${url.replace(/^https?:\/\//, "").split(/[/?#]/)[0]} `);
  const words = new Set<string>();
  const keys = new Set<string>();
  for (const sentence of plain.split(/(?<=[.!?:;])\s+|\n+/)) {
    for (const token of tokenize(sentence)) {
      const word = SYNONYMS[token] ?? token;
      if (isStopWord(word)) continue;
      const stemmed = stem(word);
      if (!TEMPLATE.has(stemmed)) words.add(SYNONYMS[stemmed] ?? stemmed);
    }
    // A capital that only starts a sentence is no name.
    let first = true;
    for (const match of sentence.matchAll(CAPITALISED)) {
      const token = match[1]!;
      const lower = SYNONYMS[token.toLowerCase()] ?? token.toLowerCase();
      const atStart = first && sentence.slice(0, match.index + match[0].length - token.length).trim() === "";
      first = false;
      if (NOT_KEYS.has(lower)) continue;
      if (!atStart || /^\p{Lu}{2,}\d*$/u.test(token)) keys.add(lower);
    }
  }
  return { words, keys };
}

/** |A ∩ B| / |A ∪ B| */
export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
