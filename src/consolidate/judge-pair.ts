import type { Memory } from "../memory/memory.js";
import { stem } from "../text/tokenize.js";
import { ATTRIBUTE_WORDS, type MemoryFacts } from "./memory-facts.js";
import type { ConflictProposal } from "./plan-types.js";

/** What the rules make of two memories of one type found alike. */
export type PairVerdict = { kind: "merge" } | { kind: "conflict"; reason: ConflictProposal["reason"] } | { kind: "apart"; why: string } | { kind: "undecided" };

/** How alike two memories were found: word overlap (BM25-weighted), and the vectors' cosine when there are vectors. */
export interface PairEvidence {
  lexical: number;
  cosine?: number | undefined;
}

export interface JudgeOptions {
  /** Weighted word overlap from which two memories say the same thing. */
  duplicateAt: number;
  /** Cosine from which the vectors say two memories are about one subject. */
  sameSubjectCosine: number;
}

export const DEFAULT_JUDGE: JudgeOptions = { duplicateAt: 0.42, sameSubjectCosine: 0.91 };

export interface JudgedSide {
  memory: Memory;
  facts: MemoryFacts;
}

// "We dropped Redis", "Vercel replaces ECS", "no longer on Heroku".
const SUPERSEDES =
  /\b(replac(?:e|es|ed|ing)|supersed(?:e|es|ed|ing)|instead of|no longer|drop(?:s|ped)?|switch(?:ed|ing)? (?:away )?from|mov(?:e|ed|ing) (?:off|away from)|deprecat(?:e|es|ed)|retir(?:e|es|ed)|stopp?(?:ed)? using|migrated (?:off|away from))\b/i;
const VALUE_KINDS = ["host", "time", "date", "number", "id", "name"];
const MAX_HUNK = 2;
// Verbs and fillers that say how a fact is put, not what it is.
const GENERIC_WORDS = new Set(
  [
    "run",
    "runs",
    "use",
    "uses",
    "used",
    "go",
    "goes",
    "get",
    "make",
    "keep",
    "kept",
    "live",
    "lives",
    "sit",
    "sits",
    "set",
    "put",
    "need",
    "want",
    "prefer",
    "take",
    "give",
    "handle",
    "manage",
    "managed",
    "switch",
    "switched",
    "turn",
    "show",
    "call",
    "work",
    "stay",
    "hold",
    "behind",
    "via",
    "through",
    "then",
    "also",
    "well",
    "now",
    "currently",
    "every",
    "each",
    "per",
    "only",
    "just",
    "still",
    "all",
    "any",
    "whole",
  ].map((word) => stem(word)),
);

/**
 * The offline rules, in order: different things stay apart (a different
 * environment, platform, day or role; or names that each say something the
 * other never mentions); the same subject with a changed value is a
 * conflict (a supersession said in words, always ↔ never, a different
 * number, version, time, host, name, or a lowercase value swapped in an
 * otherwise parallel sentence); what is left merges when the words (or the
 * vectors) say it is the same. The order makes look-alikes safe: a
 * look-alike never reaches the value rules.
 */
export function judgePair(older: JudgedSide, newer: JudgedSide, evidence: PairEvidence, options: JudgeOptions = DEFAULT_JUDGE): PairVerdict {
  const [a, b] = [older.facts, newer.facts];
  const qualifier = differentQualifier(a, b);
  if (qualifier) return { kind: "apart", why: `different ${qualifier}` };
  const vectorsSaySame = evidence.cosine !== undefined && evidence.cosine >= options.sameSubjectCosine;
  if (!vectorsSaySame && differentSubjects(a, b)) return { kind: "apart", why: "different subjects" };

  const conflict = changedValue(older, newer);
  if (conflict) return { kind: "conflict", reason: conflict };
  if (vectorsSaySame || evidence.lexical >= options.duplicateAt) return { kind: "merge" };
  return { kind: "undecided" };
}

/** A class of qualifier (environment, platform, day, role) both name, with no value in common. */
export function differentQualifier(a: MemoryFacts, b: MemoryFacts): string | undefined {
  const byClass = (facts: MemoryFacts) => {
    const map = new Map<string, Set<string>>();
    for (const q of facts.qualifiers) {
      const [kind, value] = q.split(":") as [string, string];
      map.set(kind, (map.get(kind) ?? new Set()).add(value));
    }
    return map;
  };
  const [qa, qb] = [byClass(a), byClass(b)];
  for (const [kind, values] of qa) {
    const other = qb.get(kind);
    if (other && ![...values].some((value) => other.has(value))) return kind === "env" ? "environment" : kind;
  }
  // A fact that names no environment is about production: "staging X" is another thing.
  const [ea, eb] = [qa.get("env"), qb.get("env")];
  if ((ea === undefined) !== (eb === undefined) && [...(ea ?? eb)!].every((env) => env !== "production")) return "environment";
  return undefined;
}

/** Each name says something the other memory never mentions (attribute words like "time" or "owner" aside). */
export function differentSubjects(a: MemoryFacts, b: MemoryFacts): boolean {
  const unique = (own: MemoryFacts, other: MemoryFacts) =>
    [...own.subject].filter((word) => !other.mentions.has(word) && !ATTRIBUTE_WORDS.has(word) && !/^\d+$/.test(word));
  return unique(a, b).length > 0 && unique(b, a).length > 0;
}

/** Why the newer memory changes a value of the older, if it does. */
export function changedValue(older: JudgedSide, newer: JudgedSide): ConflictProposal["reason"] | undefined {
  const [a, b] = [older.facts, newer.facts];
  if (explicitSupersession(older, newer)) return "explicit-supersession";
  for (const sign of a.polarity) {
    const opposite = `${sign[0] === "+" ? "-" : "+"}${sign.slice(1)}`;
    if (b.polarity.has(opposite) && !b.polarity.has(sign) && !a.polarity.has(opposite)) return "different-values";
  }
  for (const kind of VALUE_KINDS) {
    const onlyA = [...a.values].filter((v) => v.startsWith(`${kind}:`) && !mentionsValue(b, v));
    const onlyB = [...b.values].filter((v) => v.startsWith(`${kind}:`) && !mentionsValue(a, v));
    if (onlyA.length > 0 && onlyB.length > 0) return "different-values";
  }
  if (swappedWord(a, b) !== undefined) return "different-values";
  return undefined;
}

// A value is the other's too when the other states it, as a value or in its words ("Lisbon" at a sentence start).
function mentionsValue(facts: MemoryFacts, value: string): boolean {
  if (facts.values.has(value)) return true;
  const text = value.slice(value.indexOf(":") + 1);
  if (value.startsWith("name:") && facts.mentions.has(stem(text, facts.language))) return true;
  if (!facts.statement.includes(text)) return false;
  let pattern = WHOLE_WORD.get(text);
  if (!pattern) {
    if (WHOLE_WORD.size > 10_000) WHOLE_WORD.clear();
    pattern = new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(text)}($|[^\\p{L}\\p{N}])`, "u");
    WHOLE_WORD.set(text, pattern);
  }
  return pattern.test(facts.statement);
}

const WHOLE_WORD = new Map<string, RegExp>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The newer says it replaces something, and names a value of the older in that sentence.
function explicitSupersession(older: JudgedSide, newer: JudgedSide): boolean {
  const olderValues = [...older.facts.values].map((v) => v.slice(v.indexOf(":") + 1)).filter((v) => v.length > 1);
  const sentences = newer.facts.statement.split(/(?<=[.!?;])\s+|\n+/);
  return sentences.some((sentence) => {
    const at = sentence.search(SUPERSEDES);
    return at >= 0 && olderValues.some((value) => sentence.indexOf(value, at) > at);
  });
}

/**
 * Two parallel statements (most words in order in common) where a few words
 * of the older are replaced by words the older never mentions:
 * "airflow runs the celery executor" → "airflow runs the kubernetes executor".
 */
export function swappedWord(a: MemoryFacts, b: MemoryFacts): { a: string[]; b: string[] } | undefined {
  for (const x of a.sequences) {
    for (const y of b.sequences) {
      const common = lcs(x, y);
      if (common.length < 2 || common.length < 0.6 * Math.max(x.length, y.length)) continue;
      const inY = new Set(y);
      for (const hunk of hunks(x, y, common)) {
        if (hunk.a.length === 0 || hunk.b.length === 0 || hunk.a.length > MAX_HUNK || hunk.b.length > MAX_HUNK) continue;
        // A value is a thing, not a verb of how it is said ("runs on" / "uses").
        if (hunk.a.every((word) => GENERIC_WORDS.has(word)) || hunk.b.every((word) => GENERIC_WORDS.has(word))) continue;
        if (isAbbreviation(hunk.b, hunk.a) || isAbbreviation(hunk.a, hunk.b)) continue;
        if (hunk.b.every((word) => !a.mentions.has(word) && !ATTRIBUTE_WORDS.has(word)) && hunk.a.every((word) => !inY.has(word) && !ATTRIBUTE_WORDS.has(word)))
          return hunk;
      }
    }
  }
  return undefined;
}

function lcs(x: string[], y: string[]): [number, number][] {
  const table = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--) table[i]![j] = x[i] === y[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) {
      pairs.push([i++, j++]);
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

// "rf" for "replication factor": one side the other's initials.
function isAbbreviation(short: string[], long: string[]): boolean {
  return short.length === 1 && long.length > 1 && short[0] === long.map((word) => word[0]).join("");
}

// The stretches between common words followed by a common word: a trailing stretch is as often a detail added as a value changed.
function hunks(x: string[], y: string[], common: [number, number][]): { a: string[]; b: string[] }[] {
  const out: { a: string[]; b: string[] }[] = [];
  let [pi, pj] = [-1, -1];
  for (const [i, j] of common) {
    if (i > pi + 1 || j > pj + 1) out.push({ a: x.slice(pi + 1, i), b: y.slice(pj + 1, j) });
    [pi, pj] = [i, j];
  }
  return out;
}
