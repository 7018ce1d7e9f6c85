/** The words of a memory that consolidation compares. */
export interface MemoryTerms {
  /** Every content word, lower case, stop words out, light stemming and synonyms applied. */
  words: Set<string>;
  /** Names and values: words written with a capital or in capitals mid-sentence (ECS, Vercel, Postgres). */
  keys: Set<string>;
}

const STOP = new Set(
  "a an the and or but if of to in on at by for with from as is are was were be been being it its this that these those we i you he she they our your their my me us them do does did done have has had not no so than then there here when what which who will would should could can may might must about into over under after before again also just very use used using via per what's it's date why how apply added".split(" "),
);
const SYNONYMS: Record<string, string> = { db: "database", databases: "database", postgresql: "postgres", pg: "postgres", k8s: "kubernetes", js: "javascript", ts: "typescript", repo: "repository", prod: "production", deployed: "deploy", deploys: "deploy", deploying: "deploy", deployment: "deploy" };
// Capitalised words that are not names.
const NOT_KEYS = new Set(["why", "how", "date", "added", "the", "a", "we", "i", "it", "this", "use", "decision", "rationale", "status", "note", "always", "never", "do", "don't"]);

/** Splits a memory's text into comparable words and key values. */
export function memoryTerms(text: string): MemoryTerms {
  const plain = text.replace(/[`*_>#[\]()]/g, " ").replace(/https?:\/\/\S+/g, (url) => ` ${url.replace(/^https?:\/\//, "").split(/[/?#]/)[0]} `);
  const words = new Set<string>();
  const keys = new Set<string>();
  for (const sentence of plain.split(/(?<=[.!?:;])\s+|\n+/)) {
    const tokens = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}.'-]*[\p{L}\p{N}]|[\p{L}\p{N}]/gu) ?? [];
    tokens.forEach((token, i) => {
      const capital = /^\p{Lu}/u.test(token);
      // Names are not plurals: "Postgres" stays whole; a capital that only starts a sentence is no name.
      const word = normalise(token, !capital || i === 0);
      if (!word || STOP.has(word)) return;
      words.add(word);
      if (capital && i > 0 && !NOT_KEYS.has(word)) keys.add(word);
      else if (/^\p{Lu}{2,}\d*$/u.test(token) && !NOT_KEYS.has(word)) keys.add(word);
    });
  }
  return { words, keys };
}

function normalise(token: string, stem: boolean): string {
  let word = token.toLowerCase().replace(/'s$/, "");
  word = SYNONYMS[word] ?? word;
  if (stem && word.length > 4 && word.endsWith("s") && !word.endsWith("ss")) word = word.slice(0, -1);
  return SYNONYMS[word] ?? word;
}

/** |A ∩ B| / |A ∪ B| */
export function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  const union = a.size + b.size - shared;
  return union === 0 ? 0 : shared / union;
}
