import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { parseISO } from "date-fns/parseISO";
import { hasBareRelativeDate, resolveRelativeDates } from "../logs/resolve-relative-dates.js";
import { mergeMemory } from "../memory/merge-memory.js";
import { type Memory, memoryId } from "../memory/memory.js";
import { stem } from "../text/tokenize.js";
import { type CandidateFinder, lexicalFinder } from "./find-candidates.js";
import { type MemoryTerms, memoryTerms } from "./memory-terms.js";
import type { ConflictProposal, ConsolidationPlan, MergeOperation, PruneOperation, RedateOperation } from "./plan-types.js";
import { isAutoReminder } from "./reminder.js";

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
  /** Finds the pairs worth comparing; lexical by default. */
  finder?: CandidateFinder;
}

// "We dropped Redis", "Vercel replaces ECS", "no longer on Heroku".
const SUPERSEDES = /\b(replac(?:e|es|ed|ing)|supersed(?:e|es|ed|ing)|instead of|no longer|drop(?:s|ped)?|switch(?:ed|ing)? (?:away )?from|mov(?:e|ed|ing) (?:off|away from)|deprecat(?:e|es|ed)|retir(?:e|es|ed)|stopp?(?:ed)? using)\b/i;

/**
 * Plans a consolidation pass over the active memories. Pure: it reads the
 * memories it is given and returns operations; it touches no file.
 * Candidates first (which memories to compare), then the rules:
 * - near-duplicates (same type, similar words, no differing values) are merged;
 * - contradictions (same type and subject, different values; or the newer
 *   saying it replaces the older) are proposed, newer and surer winning;
 * - memories past their type's retention are pruned; relative dates made absolute.
 * Pinned memories are never touched; `--auto` reminders are left alone.
 */
export function planConsolidation(memories: Memory[], options: PlanOptions): ConsolidationPlan {
  const retention = { ...DEFAULT_RETENTION, ...options.retention };
  const duplicateAt = options.duplicateSimilarity ?? 0.5;
  const subjectAt = options.subjectSimilarity ?? 0.3;
  const eligible = memories.filter((memory) => !isAutoReminder(memory));
  const terms = eligible.map((memory) => memoryTerms(`${memory.name}. ${memory.description}. ${memory.body}`));
  const finder = options.finder ?? lexicalFinder(subjectAt);

  const used = new Set<string>();
  const undecided: [string, string][] = [];
  const merges: MergeOperation[] = [];
  const conflicts: ConflictProposal[] = [];
  for (const pair of finder.find(eligible, terms)) {
    const [older, newer] = byAge({ memory: eligible[pair.a]!, terms: terms[pair.a]! }, { memory: eligible[pair.b]!, terms: terms[pair.b]! }, options.justWritten);
    const [olderId, newerId] = [memoryId(older.memory), memoryId(newer.memory)];
    if (used.has(olderId) || used.has(newerId)) continue;
    const conflict = judgeConflict(older, newer);
    if (conflict) {
      const winner = proposeWinner(older.memory, newer.memory, conflict);
      if (!winner) continue;
      conflicts.push({ kind: "conflict", a: olderId, b: newerId, topic: topicOf(older, newer), proposedWinner: memoryId(winner), reason: conflict });
    } else if (pair.similarity >= duplicateAt && !older.memory.pinned && !newer.memory.pinned) {
      merges.push(mergeOf(older.memory, newer.memory));
    } else {
      if (!older.memory.pinned || !newer.memory.pinned) undecided.push([olderId, newerId]);
      continue;
    }
    used.add(olderId);
    used.add(newerId);
  }

  const prunes: PruneOperation[] = [];
  const redates: RedateOperation[] = [];
  for (const memory of eligible) {
    const id = memoryId(memory);
    if (memory.pinned || used.has(id)) continue;
    const days = retention[memory.type];
    const since = memory.updated || memory.created;
    if (days != null && since) {
      const ageDays = differenceInCalendarDays(parseISO(options.today), parseISO(since));
      if (ageDays > days) {
        prunes.push({ kind: "prune", id, type: memory.type, ageDays });
        continue;
      }
    }
    if (since && hasBareRelativeDate(memory.body)) redates.push({ kind: "redate", id, body: resolveRelativeDates(memory.body, since).text });
  }
  const pruned = new Set(prunes.map((p) => p.id));
  const decided = (id: string) => used.has(id) || pruned.has(id);
  return {
    merges,
    conflicts,
    prunes,
    redates,
    supersedes: [],
    memories: new Map(memories.map((m) => [memoryId(m), m])),
    undecided: undecided.filter(([a, b]) => !decided(a) && !decided(b)),
  };
}

interface Side {
  memory: Memory;
  terms: MemoryTerms;
}

// Older first: by date, then what was just written counts as newer, then by id.
function byAge(a: Side, b: Side, justWritten: Set<string> = new Set()): [Side, Side] {
  const key = (side: Side) => [side.memory.updated || side.memory.created, justWritten.has(memoryId(side.memory)) ? 1 : 0, memoryId(side.memory)] as const;
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
function proposeWinner(older: Memory, newer: Memory, reason: ConflictProposal["reason"]): Memory | undefined {
  if (older.pinned && newer.pinned) return undefined;
  if (older.pinned) return older;
  if (newer.pinned) return newer;
  if (reason === "different-values" && (older.confidence ?? 0.5) - (newer.confidence ?? 0.5) >= 0.2) return older;
  return newer;
}

function topicOf(older: Side, newer: Side): string {
  const shared = (older.memory.name.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((word) => {
    const lower = word.toLowerCase();
    return newer.terms.words.has(stem(lower)) && !older.terms.keys.has(lower);
  });
  return shared.length >= 2 ? shared.slice(0, 5).join(" ") : older.memory.name;
}

// Every detail of both survives: the fold's new facts, and whichever description or name is not kept as such.
function mergeOf(keep: Memory, fold: Memory): MergeOperation {
  const description = fold.description.length > keep.description.length ? fold.description : keep.description;
  const otherDescription = description === fold.description ? keep.description : fold.description;
  const mentioned = `${keep.body}\n${fold.body}`.toLowerCase();
  const extra = otherDescription && !mentioned.includes(otherDescription.toLowerCase()) ? `${otherDescription}\n\n` : "";
  const merged = mergeMemory(keep, { body: `${extra}${fold.body}`, sources: fold.sources, created: fold.created || fold.updated, updated: fold.updated || keep.updated });
  const created = [keep.created, fold.created].filter(Boolean).sort()[0] ?? "";
  const confidence = keep.confidence === undefined && fold.confidence === undefined ? undefined : Math.max(keep.confidence ?? 0.5, fold.confidence ?? 0.5);
  const body = hasBareRelativeDate(merged.body) ? resolveRelativeDates(merged.body, keep.updated || keep.created || "1970-01-01").text : merged.body;
  const result: Memory = {
    ...merged,
    description,
    created,
    body,
    sources: [...new Set([...keep.sources, ...fold.sources])].sort(),
    aliases: [...keep.aliases, ...(fold.name !== keep.name ? [fold.name] : [])],
    mergedFrom: [...keep.mergedFrom, memoryId(fold)],
    // Fields only the folded memory had are kept too.
    extra: { ...fold.extra, ...keep.extra },
  };
  if (confidence !== undefined) result.confidence = confidence;
  return { kind: "merge", keep: memoryId(keep), fold: memoryId(fold), merged: result };
}
