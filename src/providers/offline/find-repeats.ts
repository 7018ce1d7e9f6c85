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
const KEYS_KEPT = 10_000;
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
  const frequency = new Map<string, number>();
  for (const terms of termSets) for (const term of terms) frequency.set(term, (frequency.get(term) ?? 0) + 1);

  const firstOfKey = new Set<string>();
  const byTerm = new Map<string, number[]>();
  const result: Repetition[] = [];
  keys.forEach((key, i) => {
    const terms = termSets[i]!;
    const rare = rarest(terms, frequency);
    let repetition: Repetition = "first";
    if (key && firstOfKey.has(key)) repetition = "repeat";
    else if (key && (counts.get(key) ?? 0) >= PATTERN_COUNT) repetition = "pattern";
    else if (terms.size >= MIN_TERMS[measure] && nearDuplicateOfEarlier(terms, rare, termSets, byTerm, measure)) repetition = "repeat";
    if (key) firstOfKey.add(key);
    for (const term of rare) {
      const list = byTerm.get(term);
      if (list) {
        list.push(i);
        if (list.length > CANDIDATES_PER_TERM) list.shift();
      } else byTerm.set(term, [i]);
    }
    result.push(repetition);
  });
  return result;
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
  rare: readonly string[],
  termSets: readonly ReadonlySet<string>[],
  byTerm: Map<string, number[]>,
  measure: "jaccard" | "containment",
): boolean {
  const seen = new Set<number>();
  for (const term of rare) {
    for (const j of byTerm.get(term) ?? []) {
      if (seen.has(j)) continue;
      seen.add(j);
      if (measure === "jaccard" ? jaccard(terms, termSets[j]!) >= NEAR_DUPLICATE : containment(terms, termSets[j]!) >= CONTAINED) return true;
    }
  }
  return false;
}

/** A set's rarest terms, rarest first (then in code unit order): one walk, keeping the best few. */
export function rarest(terms: ReadonlySet<string>, frequency: ReadonlyMap<string, number>): string[] {
  const picked: string[] = [];
  const counts: number[] = [];
  for (const term of terms) {
    const count = frequency.get(term) ?? 0;
    let at = picked.length;
    while (at > 0 && (count < counts[at - 1]! || (count === counts[at - 1]! && term < picked[at - 1]!))) at--;
    if (at >= RAREST_TERMS) continue;
    picked.splice(at, 0, term);
    counts.splice(at, 0, count);
    if (picked.length > RAREST_TERMS) {
      picked.pop();
      counts.pop();
    }
  }
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
