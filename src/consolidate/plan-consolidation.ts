import { differenceInCalendarDays } from "date-fns/differenceInCalendarDays";
import { parseISO } from "date-fns/parseISO";
import { hasBareRelativeDate, resolveRelativeDates } from "../logs/resolve-relative-dates.js";
import { type Memory, memoryId } from "../memory/memory.js";
import { mergeMemory } from "../memory/merge-memory.js";
import { stem } from "../text/tokenize.js";
import { DEFAULT_FIND, findCandidates, groupPairs } from "./find-candidates.js";
import { DEFAULT_JUDGE, type JudgedSide, type JudgeOptions, judgePair, type PairEvidence } from "./judge-pair.js";
import { memoryFacts } from "./memory-facts.js";
import type { ConflictProposal, ConsolidationPlan, MergeOperation, PruneOperation, RedateOperation } from "./plan-types.js";
import { isAutoReminder } from "./reminder.js";
import { DEFAULT_RETENTION } from "./retention.js";
import { cosineAtStanding, DEFAULT_SCALE, relativeDistance, standing, vectorScale } from "./vector-scale.js";

// Memories merged into one at most, in one run.
const MAX_GROUP = 8;

export interface PlanOptions {
  /** `YYYY-MM-DD`: ages and `valid_to` are counted from it. */
  today: string;
  /** Days per type; `null` keeps forever. Merged over DEFAULT_RETENTION. */
  retention?: Record<string, number | null>;
  /** BM25-weighted word overlap from which two memories say the same thing. */
  duplicateSimilarity?: number;
  /** Weighted word overlap from which two memories are compared at all. */
  subjectSimilarity?: number;
  /** Memories just written: on equal dates they count as the newer, so an existing file is the one kept. */
  justWritten?: Set<string>;
  /**
   * Decide only about these memories (by id): pairs with one of them, their
   * age and their dates. A week's merge step plans its new memories against
   * their neighbours; how the neighbours stand with each other is left to
   * `compact consolidate`.
   */
  only?: Set<string>;
  /** Unit vectors by memory id (embeddings): they decide which memories are about one subject. */
  vectors?: Map<string, Float32Array>;
  /**
   * Vectors are read on the set's own scale (see vector-scale.ts) once there
   * are enough of them: a pair is compared from `candidateStanding` (3.5)
   * spreads above the set's typical pair, and is one subject from
   * `sameSubjectStanding` (4.2) and up to `sameSubjectRelative` (0.6) when
   * each is the other's nearest; never below `cosineFloor` (0.5). An
   * absolute cosine given here replaces the scale for that decision; with
   * too few memories to calibrate, 0.91 (one subject) and 0.84 (compared) apply.
   */
  sameSubjectCosine?: number;
  candidateCosine?: number;
  sameSubjectRelative?: number;
  sameSubjectStanding?: number;
  candidateStanding?: number;
  cosineFloor?: number;
  /** How far below its nearest neighbour's cosine a pair still counts as nearest, on the set's scale (0.01). */
  nearestMargin?: number;
}

/**
 * Plans a consolidation pass over the active memories. Pure: it reads the
 * memories it is given and returns operations; it touches no file.
 * Candidates first (BM25-weighted words, and vectors when given), then the
 * rules of `judgePair` on each pair, the strongest first:
 * - look-alikes (another environment, platform, day, role or subject) stay apart;
 * - the same subject with a changed value is a conflict, newer and surer winning;
 * - near-duplicates are merged, a third joining the group's merge;
 * - memories past their type's retention are pruned; relative dates made absolute.
 * Pinned memories are never touched; `--auto` reminders are left alone.
 */
export function planConsolidation(memories: Memory[], options: PlanOptions): ConsolidationPlan {
  const retention = { ...DEFAULT_RETENTION, ...options.retention };
  const judge: JudgeOptions = {
    duplicateAt: options.duplicateSimilarity ?? DEFAULT_JUDGE.duplicateAt,
    sameSubjectCosine: options.sameSubjectCosine ?? DEFAULT_JUDGE.sameSubjectCosine,
    sameSubjectRelative: options.sameSubjectRelative ?? DEFAULT_JUDGE.sameSubjectRelative,
    sameSubjectStanding: options.sameSubjectStanding ?? DEFAULT_JUDGE.sameSubjectStanding,
    cosineFloor: options.cosineFloor ?? DEFAULT_JUDGE.cosineFloor,
  };
  const eligible = memories.filter((memory) => !isAutoReminder(memory));
  const decides = (memory: Memory) => options.only === undefined || options.only.has(memoryId(memory));
  const involving = options.only ? new Set(eligible.flatMap((memory, index) => (decides(memory) ? [index] : []))) : undefined;
  const sides: JudgedSide[] = eligible.map((memory) => ({ memory, facts: memoryFacts(memory) }));
  const vectors = options.vectors ? eligible.map((memory) => options.vectors!.get(memoryId(memory))) : undefined;
  const scale = vectors ? vectorScale(vectors) : undefined;
  const candidateCosine =
    options.candidateCosine ??
    (scale ? Math.max(judge.cosineFloor, cosineAtStanding(options.candidateStanding ?? DEFAULT_SCALE.candidateStanding, scale)) : DEFAULT_FIND.minCosine);
  const pairs = findCandidates(
    sides.map((side) => side.facts.mentions),
    // Name and description: the description is the first statement sequence when there is one.
    sides.map((side) => new Set([...side.facts.subject, ...(side.memory.description.trim() ? (side.facts.sequences[0] ?? []) : [])])),
    eligible.map((memory) => memory.type),
    { minLexical: options.subjectSimilarity ?? DEFAULT_FIND.minLexical, minCosine: candidateCosine, vectors, involving },
  );
  // Each memory's nearest neighbour: any closer than a candidate pair is a candidate pair too.
  const nearest = new Float64Array(eligible.length).fill(-1);
  for (const pair of pairs) {
    if (pair.cosine === undefined) continue;
    nearest[pair.a] = Math.max(nearest[pair.a]!, pair.cosine);
    nearest[pair.b] = Math.max(nearest[pair.b]!, pair.cosine);
  }
  const calibrated = scale !== undefined && options.sameSubjectCosine === undefined ? scale : undefined;
  const margin = calibrated ? (options.nearestMargin ?? DEFAULT_SCALE.nearestMargin) * (1 - calibrated.typical) : 0;

  const used = new Set<string>();
  // A merge group's kept memory, by every member's id; and the group's merged memory so far.
  const keepOf = new Map<string, string>();
  const mergedSoFar = new Map<string, Memory>();
  const undecided: [string, string][] = [];
  const merges: MergeOperation[] = [];
  const conflicts: ConflictProposal[] = [];
  for (const pair of pairs) {
    const [older, newer] = byAge(sides[pair.a]!, sides[pair.b]!, options.justWritten);
    const [olderId, newerId] = [memoryId(older.memory), memoryId(newer.memory)];
    if (used.has(olderId) && used.has(newerId)) continue;
    const evidence: PairEvidence = { lexical: pair.lexical, cosine: pair.cosine };
    if (calibrated && pair.cosine !== undefined) {
      evidence.relative = relativeDistance(pair.cosine, calibrated);
      evidence.standing = standing(pair.cosine, calibrated);
      evidence.mutual = pair.cosine >= nearest[pair.a]! - margin && pair.cosine >= nearest[pair.b]! - margin;
    }
    const verdict = judgePair(older, newer, evidence, judge);
    if (verdict.kind === "conflict") {
      if (used.has(olderId) || used.has(newerId)) continue;
      const winner = proposeWinner(older.memory, newer.memory, verdict.reason);
      if (!winner) continue;
      conflicts.push({ kind: "conflict", a: olderId, b: newerId, topic: topicOf(older, newer), proposedWinner: memoryId(winner), reason: verdict.reason });
    } else if (verdict.kind === "merge" && !older.memory.pinned && !newer.memory.pinned) {
      // A memory already merged takes the other into its group; one in a conflict is left to it.
      const inGroup = keepOf.has(olderId) ? olderId : keepOf.has(newerId) ? newerId : undefined;
      const other = inGroup === olderId ? newer : older;
      if (inGroup === undefined) {
        if (used.has(olderId) || used.has(newerId)) continue;
        const merge = mergeOf(older.memory, newer.memory);
        merges.push(merge);
        mergedSoFar.set(olderId, merge.merged);
        keepOf.set(olderId, olderId).set(newerId, olderId);
      } else {
        const keep = keepOf.get(inGroup)!;
        // A group this large is no longer one fact restated: the rest is left to a person or a model.
        if (used.has(memoryId(other.memory)) || merges.filter((m) => m.keep === keep).length >= MAX_GROUP - 1) continue;
        const merge = mergeOf(mergedSoFar.get(keep)!, other.memory);
        merges.push(merge);
        mergedSoFar.set(keep, merge.merged);
        keepOf.set(memoryId(other.memory), keep);
      }
    } else {
      if (verdict.kind === "undecided" && !used.has(olderId) && !used.has(newerId) && (!older.memory.pinned || !newer.memory.pinned))
        undecided.push([olderId, newerId]);
      continue;
    }
    used.add(olderId);
    used.add(newerId);
  }
  const groups = groupPairs(pairs).map((group) => group.members.map((index) => memoryId(eligible[index]!)));

  const prunes: PruneOperation[] = [];
  const redates: RedateOperation[] = [];
  for (const memory of eligible) {
    const id = memoryId(memory);
    if (memory.pinned || used.has(id) || !decides(memory)) continue;
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
    groups,
  };
}

// Older first: by date, then what was just written counts as newer, then by id.
function byAge(a: JudgedSide, b: JudgedSide, justWritten: Set<string> = new Set()): [JudgedSide, JudgedSide] {
  const key = (side: JudgedSide) =>
    [side.memory.updated || side.memory.created, justWritten.has(memoryId(side.memory)) ? 1 : 0, memoryId(side.memory)] as const;
  const [ka, kb] = [key(a), key(b)];
  const aFirst = ka[0] !== kb[0] ? ka[0] < kb[0] : ka[1] !== kb[1] ? ka[1] < kb[1] : ka[2] < kb[2];
  return aFirst ? [a, b] : [b, a];
}

// The more recent wins, unless the older is clearly surer; a pinned memory is never the loser.
function proposeWinner(older: Memory, newer: Memory, reason: ConflictProposal["reason"]): Memory | undefined {
  if (older.pinned && newer.pinned) return undefined;
  if (older.pinned) return older;
  if (newer.pinned) return newer;
  if (reason === "different-values" && (older.confidence ?? 0.5) - (newer.confidence ?? 0.5) >= 0.2) return older;
  return newer;
}

function topicOf(older: JudgedSide, newer: JudgedSide): string {
  const shared = (older.memory.name.match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? []).filter((word) => {
    const lower = word.toLowerCase();
    return newer.facts.mentions.has(stem(lower, older.facts.language)) && !older.facts.values.has(`name:${lower}`);
  });
  return shared.length >= 2 ? shared.slice(0, 5).join(" ") : older.memory.name;
}

/** Every detail of both survives: the fold's new facts, and whichever description or name is not kept as such. */
export function mergeOf(keep: Memory, fold: Memory): MergeOperation {
  const description = fold.description.length > keep.description.length ? fold.description : keep.description;
  const otherDescription = description === fold.description ? keep.description : fold.description;
  const mentioned = `${keep.body}\n${fold.body}`.toLowerCase();
  const extra = otherDescription && !mentioned.includes(otherDescription.toLowerCase()) ? `${otherDescription}\n\n` : "";
  const merged = mergeMemory(keep, {
    body: `${extra}${fold.body}`,
    sources: fold.sources,
    created: fold.created || fold.updated,
    updated: fold.updated || keep.updated,
  });
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
