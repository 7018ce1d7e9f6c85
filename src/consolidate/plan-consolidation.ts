import { differenceInCalendarDays, parseISO } from "date-fns";
import { hasBareRelativeDate, resolveRelativeDates } from "../logs/resolve-relative-dates.js";
import { mergeTopic } from "../store/merge-topic.js";
import { findSimilarPairs } from "./find-similar-pairs.js";
import { isAutoReminder, type MemoryRecord } from "./memory-record.js";
import { type MemoryTerms, memoryTerms } from "./memory-terms.js";
import type { ConflictProposal, ConsolidationPlan, MergeOperation, PruneOperation, RedateOperation } from "./plan-types.js";

/** Seed 003's retention defaults, in days; every other type is kept forever. */
export const DEFAULT_RETENTION: Record<string, number | null> = { session_state: 90, compact_summary: 90 };

export interface PlanOptions {
  /** `YYYY-MM-DD`: ages and `valid_to` are counted from it. */
  today: string;
  /** Days per type; `null` keeps forever. Merged over DEFAULT_RETENTION. */
  retention?: Record<string, number | null>;
  /** Word overlap (Jaccard) from which two memories say the same thing. */
  duplicateSimilarity?: number;
  /** Word overlap from which two memories are about the same subject. */
  subjectSimilarity?: number;
  /** Memories just written: on equal dates they count as the newer, so an existing file is the one kept. */
  justWritten?: Set<string>;
}

// "We dropped Redis", "Vercel replaces ECS", "no longer on Heroku".
const SUPERSEDES = /\b(replac(?:e|es|ed|ing)|supersed(?:e|es|ed|ing)|instead of|no longer|drop(?:s|ped)?|switch(?:ed|ing)? (?:away )?from|mov(?:e|ed|ing) (?:off|away from)|deprecat(?:e|es|ed)|retir(?:e|es|ed)|stopp?(?:ed)? using)\b/i;

/**
 * Plans a consolidation pass over the active memories. Pure: it reads the
 * records it is given and returns operations; it touches no file.
 * - Near-duplicates (same type, similar words, no differing values) are merged.
 * - Contradictions (same type and subject, different values; or the newer
 *   saying it replaces the older) are proposed, newer and surer winning.
 * - Memories past their type's retention are pruned; relative dates made absolute.
 * Pinned memories are never touched; `--auto` reminders are left alone.
 */
export function planConsolidation(memories: MemoryRecord[], options: PlanOptions): ConsolidationPlan {
  const retention = { ...DEFAULT_RETENTION, ...options.retention };
  const duplicateAt = options.duplicateSimilarity ?? 0.5;
  const subjectAt = options.subjectSimilarity ?? 0.3;
  const eligible = memories.filter((memory) => !isAutoReminder(memory));
  const terms = eligible.map((memory) => memoryTerms(`${memory.name}. ${memory.description}. ${memory.body}`));
  // Name and description say what a memory is about; the body dilutes that for short, opposing memories.
  const heads = eligible.map((memory) => memoryTerms(`${memory.name}. ${memory.description}`).words);
  const groups = eligible.map((m) => m.type);

  const used = new Set<string>();
  const undecided: [string, string][] = [];
  const merges: MergeOperation[] = [];
  const conflicts: ConflictProposal[] = [];
  for (const pair of similarPairs(terms.map((t) => t.words), heads, groups, subjectAt)) {
    const [older, newer] = byAge({ memory: eligible[pair.a]!, terms: terms[pair.a]! }, { memory: eligible[pair.b]!, terms: terms[pair.b]! }, options.justWritten);
    if (used.has(older.memory.id) || used.has(newer.memory.id)) continue;
    const conflict = judgeConflict(older, newer);
    if (conflict) {
      const winner = proposeWinner(older.memory, newer.memory, conflict);
      if (!winner) continue;
      conflicts.push({ kind: "conflict", a: older.memory.id, b: newer.memory.id, topic: topicOf(older, newer), proposedWinner: winner, reason: conflict });
    } else if (pair.similarity >= duplicateAt && !older.memory.pinned && !newer.memory.pinned) {
      merges.push(mergeOf(older.memory, newer.memory));
    } else {
      if (!older.memory.pinned || !newer.memory.pinned) undecided.push([older.memory.id, newer.memory.id]);
      continue;
    }
    used.add(older.memory.id);
    used.add(newer.memory.id);
  }

  const prunes: PruneOperation[] = [];
  const redates: RedateOperation[] = [];
  for (const memory of eligible) {
    if (memory.pinned || used.has(memory.id)) continue;
    const days = retention[memory.type];
    const since = memory.updated || memory.created;
    if (days != null && since) {
      const ageDays = differenceInCalendarDays(parseISO(options.today), parseISO(since));
      if (ageDays > days) {
        prunes.push({ kind: "prune", id: memory.id, type: memory.type, ageDays });
        continue;
      }
    }
    if (since && hasBareRelativeDate(memory.body)) redates.push({ kind: "redate", id: memory.id, body: resolveRelativeDates(memory.body, since).text });
  }
  const decided = (id: string) => used.has(id) || prunes.some((p) => p.id === id);
  return {
    merges,
    conflicts,
    prunes,
    redates,
    supersedes: [],
    memories: new Map(memories.map((m) => [m.id, m])),
    undecided: undecided.filter(([a, b]) => !decided(a) && !decided(b)),
  };
}

// Pairs alike in their whole text or in their name and description, the more alike first.
function similarPairs(words: Set<string>[], heads: Set<string>[], groups: string[], minimum: number) {
  const best = new Map<string, { a: number; b: number; similarity: number }>();
  for (const pair of [...findSimilarPairs(words, groups, minimum), ...findSimilarPairs(heads, groups, minimum)]) {
    const key = `${pair.a}:${pair.b}`;
    if ((best.get(key)?.similarity ?? -1) < pair.similarity) best.set(key, pair);
  }
  return [...best.values()].sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
}

interface Side {
  memory: MemoryRecord;
  terms: MemoryTerms;
}

// Older first: by date, then what was just written counts as newer, then by id.
function byAge(a: Side, b: Side, justWritten: Set<string> = new Set()): [Side, Side] {
  const key = (side: Side) => [side.memory.updated || side.memory.created, justWritten.has(side.memory.id) ? 1 : 0, side.memory.id] as const;
  const [ka, kb] = [key(a), key(b)];
  const aFirst = ka[0] !== kb[0] ? ka[0] < kb[0] : ka[1] !== kb[1] ? ka[1] < kb[1] : ka[2] < kb[2];
  return aFirst ? [a, b] : [b, a];
}

function judgeConflict(older: Side, newer: Side): ConflictProposal["reason"] | undefined {
  const onlyOlder = [...older.terms.keys].filter((key) => !newer.terms.keys.has(key));
  const onlyNewer = [...newer.terms.keys].filter((key) => !older.terms.keys.has(key));
  const newerText = `${newer.memory.name} ${newer.memory.description} ${newer.memory.body}`;
  if (SUPERSEDES.test(newerText) && [...older.terms.keys].some((key) => newer.terms.keys.has(key) && mentionedNear(newerText, key))) {
    return "explicit-supersession";
  }
  if (onlyOlder.length > 0 && onlyNewer.length > 0) return "different-values";
  return undefined;
}

// The superseding word and the older value sit in the same sentence.
function mentionedNear(text: string, key: string): boolean {
  return text.split(/(?<=[.!?])\s+|\n+/).some((sentence) => SUPERSEDES.test(sentence) && sentence.toLowerCase().includes(key));
}

// The more recent wins, unless the older is clearly surer; a pinned memory is never the loser.
function proposeWinner(older: MemoryRecord, newer: MemoryRecord, reason: ConflictProposal["reason"]): string | undefined {
  if (older.pinned && newer.pinned) return undefined;
  if (older.pinned) return older.id;
  if (newer.pinned) return newer.id;
  if (reason === "different-values" && older.confidence - newer.confidence >= 0.2) return older.id;
  return newer.id;
}

function topicOf(older: Side, newer: Side): string {
  const shared = (older.memory.name.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((word) => {
    const lower = word.toLowerCase();
    return newer.terms.words.has(lower) && !older.terms.keys.has(lower);
  });
  return shared.length >= 2 ? shared.slice(0, 5).join(" ") : older.memory.name;
}

// Every detail of both survives: the fold's new facts, and whichever description or name is not kept as such.
function mergeOf(keep: MemoryRecord, fold: MemoryRecord): MergeOperation {
  const description = fold.description.length > keep.description.length ? fold.description : keep.description;
  const otherDescription = description === fold.description ? keep.description : fold.description;
  const mentioned = `${keep.body}\n${fold.body}`.toLowerCase();
  const extra = otherDescription && !mentioned.includes(otherDescription.toLowerCase()) ? `${otherDescription}\n\n` : "";
  const merged = mergeTopic(
    { data: keep.data, body: keep.body },
    { name: fold.name, description: fold.description, type: fold.type, content: `${extra}${fold.body}`, sources: fold.sources, firstDate: fold.created || fold.updated, lastDate: fold.updated || keep.updated },
  );
  const mergedFrom = [...(Array.isArray(keep.data["merged_from"]) ? keep.data["merged_from"].map(String) : []), fold.id];
  const aliases = [...(Array.isArray(keep.data["aliases"]) ? keep.data["aliases"].map(String) : []), ...(fold.name !== keep.name ? [fold.name] : [])];
  const created = [keep.created, fold.created].filter(Boolean).sort()[0];
  const data: Record<string, unknown> = {
    ...merged.data,
    description,
    ...(created ? { created } : {}),
    sources: [...new Set([...keep.sources, ...fold.sources])].sort(),
    ...(keep.data["confidence"] !== undefined || fold.data["confidence"] !== undefined ? { confidence: Math.max(keep.confidence, fold.confidence) } : {}),
    ...(aliases.length > 0 ? { aliases } : {}),
    merged_from: mergedFrom,
  };
  const body = merged.body;
  return { kind: "merge", keep: keep.id, fold: fold.id, data, body: hasBareRelativeDate(body) ? resolveRelativeDates(body, keep.updated || keep.created || "1970-01-01").text : body };
}
