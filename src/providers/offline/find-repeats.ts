import { BoundedCache } from "../../text/bounded-cache.js";

// Near-duplicates share this share of their terms (Jaccard).
const NEAR_DUPLICATE = 0.7;
// A line copied forward, perhaps shortened, has this share of its terms in an earlier one.
const CONTAINED = 0.85;
const MIN_TERMS = { jaccard: 4, containment: 5 };
// Candidates are found through a unit's rarest terms; this many per term are compared at most.
const RAREST_TERMS = 3;
const CANDIDATES_PER_TERM = 40;
// The same statement this many times in a week is a pattern, not news.
const PATTERN_COUNT = 3;

// A statement is keyed alone and again as its unit's text, and many come back week after week: the keys
// of the texts keyed last are kept.
const KEYS_KEPT = 5_000;
const LONGEST_KEPT = 500;
const keys = new BoundedCache<string>(KEYS_KEPT);

/** How often a statement came up: `repeat` for the second time on, `pattern` when it recurs through the week. */
export type Repetition = "first" | "repeat" | "pattern";

/**
 * Marks statements already made earlier in the week, the same or nearly
 * (heartbeat lines, running totals copied forward). Linear in the number of
 * units: each is compared only with a bounded number of earlier units that
 * share one of its rarest terms.
 */
export function findRepeats(keys: readonly string[], termSets: readonly ReadonlySet<string>[], measure: "jaccard" | "containment" = "jaccard"): Repetition[] {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  const held = holdings(termSets);

  const firstOfKey = new Set<string>();
  const result: Repetition[] = [];
  keys.forEach((key, i) => {
    const terms = termSets[i]!;
    const { names, records } = held[i]!;
    const rare = rarest(
      names,
      records.map((record) => record.statements),
    ).map((at) => records[at]!);
    let repetition: Repetition = "first";
    if (key && firstOfKey.has(key)) repetition = "repeat";
    else if (key && (counts.get(key) ?? 0) >= PATTERN_COUNT) repetition = "pattern";
    else if (terms.size >= MIN_TERMS[measure] && nearDuplicateOfEarlier(terms, rare, termSets, measure)) repetition = "repeat";
    if (key) firstOfKey.add(key);
    for (const record of rare) {
      record.recent.push(i);
      if (record.recent.length > CANDIDATES_PER_TERM) record.recent.shift();
    }
    result.push(repetition);
  });
  return result;
}

/** What findRepeats knows of a term: how many statements hold it, and the last ones holding it among their rarest. */
interface TermRecord {
  statements: number;
  recent: number[];
}

// Each statement's terms with their records: a term is looked up once per statement holding it, and
// its count and candidates are read through the record after that.
function holdings(termSets: readonly ReadonlySet<string>[]): { names: string[]; records: TermRecord[] }[] {
  const byTerm = new Map<string, TermRecord>();
  return termSets.map((terms) => {
    const names: string[] = [];
    const records: TermRecord[] = [];
    for (const term of terms) {
      let record = byTerm.get(term);
      if (!record) {
        record = { statements: 0, recent: [] };
        byTerm.set(term, record);
      }
      record.statements++;
      names.push(term);
      records.push(record);
    }
    return { names, records };
  });
}

/** The same statement whatever the day or hour: lower case, no dates, times or punctuation. */
export function repetitionKey(text: string): string {
  let key = keys.get(text);
  if (key === undefined) {
    key = text
      .toLowerCase()
      .replace(/\b\d{4}-\d{2}-\d{2}(?:t[\d:.+z-]+)?\b|\b\d{1,2}:\d{2}(?::\d{2})?\b/g, " ")
      .replace(/[\p{P}\p{S}]+/gu, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (text.length <= LONGEST_KEPT) keys.set(text, key);
  }
  return key;
}

function nearDuplicateOfEarlier(
  terms: ReadonlySet<string>,
  rare: readonly TermRecord[],
  termSets: readonly ReadonlySet<string>[],
  measure: "jaccard" | "containment",
): boolean {
  const seen = new Set<number>();
  for (const record of rare) {
    for (const j of record.recent) {
      if (seen.has(j)) continue;
      seen.add(j);
      if (measure === "jaccard" ? jaccard(terms, termSets[j]!) >= NEAR_DUPLICATE : containment(terms, termSets[j]!) >= CONTAINED) return true;
    }
  }
  return false;
}

/**
 * Where a statement's rarest terms are among its terms, rarest first (fewest statements holding it,
 * then in code unit order): one walk, keeping the best few.
 */
export function rarest(terms: readonly string[], statements: readonly number[]): number[] {
  const picked: number[] = [];
  terms.forEach((term, i) => {
    const count = statements[i]!;
    let at = picked.length;
    while (at > 0 && (count < statements[picked[at - 1]!]! || (count === statements[picked[at - 1]!]! && term < terms[picked[at - 1]!]!))) at--;
    if (at >= RAREST_TERMS) return;
    picked.splice(at, 0, i);
    if (picked.length > RAREST_TERMS) picked.pop();
  });
  return picked;
}

function containment(part: ReadonlySet<string>, whole: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of part) if (whole.has(term)) shared++;
  return shared / part.size;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared++;
  return shared / (a.size + b.size - shared);
}
