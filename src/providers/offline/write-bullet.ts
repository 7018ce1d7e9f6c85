import { cleanTitle } from "./clean-title.js";
import { hasCue, statesRule } from "./cues/find-cues.js";
import { headingKind, isGenericTitle } from "./cues/match-cues.js";
import { statement } from "./group-units.js";
import { clauses, sentences, withStop } from "./plain-text.js";
import type { ScoredUnit } from "./weigh-units.js";

const SHORT_LEAD = 50;
// A single sentence longer than the cap is cut at a clause end; past this it is kept whole anyway.
const LONGEST_SENTENCE = 480;

/**
 * A summary bullet for a unit: whole sentences, most telling first kept,
 * written in their order, while they fit the cap. A short part of a
 * section gets the section's title in front, so it reads on its own.
 */
export function writeBullet(unit: ScoredUnit, cap: number): string | undefined {
  const { pieces, key, prefix } = draftOf(unit);
  if (pieces.length === 0) return undefined;
  const budget = Math.max(40, cap - (prefix ? prefix.length + 2 : 0));
  const chosen = choose(pieces, key, budget);
  const body = chosen.map((sentence) => withStop(sentence)).join(" ");
  return `- ${unit.date}: ${prefix ? `${prefix}: ${body}` : body}`;
}

/** The sentences a bullet can take, with a group's sub-bullets joined into one sentence. */
export function bulletSentences(unit: ScoredUnit): readonly string[] {
  return draftOf(unit).pieces;
}

/** The sentence that says what the unit is. */
export function keySentence(unit: ScoredUnit): string | undefined {
  const { pieces, key } = draftOf(unit);
  return pieces[key];
}

// What a unit's bullet is made of, whatever its length: a week asks for each bullet at up to eight
// lengths (every cap pickCap tries, then the one chosen) and for its sentences again when its memory
// is written, so they are read once per unit. Units are not changed once weighed.
interface Draft {
  pieces: readonly string[];
  /** The index of the key sentence in pieces. */
  key: number;
  prefix: string | undefined;
}

const drafts = new WeakMap<ScoredUnit, Draft>();

function draftOf(unit: ScoredUnit): Draft {
  let draft = drafts.get(unit);
  if (draft) return draft;
  const pieces = readSentences(unit);
  const key = pieces.length === 0 ? 0 : keyIndex(pieces, unit);
  // A part of a section that is a sentence of its own needs no title; a fragment or a whole section does.
  const prefix = pieces.length > 0 && (unit.whole || pieces[0]!.length < SHORT_LEAD) ? titlePrefix(unit, pieces.join(" ")) : undefined;
  draft = { pieces, key, prefix };
  drafts.set(unit, draft);
  return draft;
}

function readSentences(unit: ScoredUnit): string[] {
  const lines: string[] = [];
  for (const part of unit.content) {
    if (part.shape === "code" || part.shape === "table") continue;
    const text = statement(part).trim();
    if (!text) continue;
    if (part.depth > 0 && lines.length > 0) {
      const previous = lines[lines.length - 1]!;
      lines[lines.length - 1] = /[:：]$/u.test(previous) ? `${previous} ${text}` : `${previous.replace(/[.。;；]$/u, "")}; ${text}`;
    } else lines.push(text);
  }
  return lines.flatMap((line) => sentences(line));
}

function choose(pieces: readonly string[], key: number, budget: number): string[] {
  const picked = new Set<number>([key]);
  let used = pieces[key]!.length;
  if (used > budget) return [shorten(pieces[key]!, budget)];
  for (let i = 0; i < pieces.length; i++) {
    if (picked.has(i)) continue;
    if (used + 1 + pieces[i]!.length > budget) continue;
    picked.add(i);
    used += 1 + pieces[i]!.length;
  }
  return pieces.filter((_, i) => picked.has(i));
}

// The sentence that says what the unit is: the lead, unless a later one carries the decision, blocker or lesson;
// for a lesson or correction, the rule it sets.
function keyIndex(pieces: readonly string[], unit: ScoredUnit): number {
  if (unit.category === "lesson" || unit.category === "correction") {
    const rule = pieces.findIndex((piece) => statesRule(piece));
    if (rule !== -1) return rule;
  }
  const cue =
    unit.category === "decision" || unit.category === "blocker" || unit.category === "lesson" || unit.category === "preference" ? unit.category : undefined;
  if (cue && !hasCue(pieces[0]!, cue)) {
    const found = pieces.findIndex((piece) => hasCue(piece, cue));
    if (found !== -1) return found;
  }
  return 0;
}

// Ends a long sentence at the last clause that fits; a sentence with no such place stays whole.
function shorten(sentence: string, budget: number): string {
  let kept = "";
  for (const clause of clauses(sentence)) {
    const next = kept ? `${kept} ${clause}` : clause;
    if (next.length > budget) break;
    kept = next;
  }
  if (kept.length >= budget * 0.4) return kept.replace(/[,;，；、]\s*$/u, "");
  if (sentence.length <= LONGEST_SENTENCE) return sentence;
  kept = "";
  for (const clause of clauses(sentence)) {
    const next = kept ? `${kept} ${clause}` : clause;
    if (next.length > LONGEST_SENTENCE) break;
    kept = next;
  }
  return (kept || sentence).replace(/[,;，；、]\s*$/u, "");
}

function titlePrefix(unit: ScoredUnit, body: string): string | undefined {
  const title = cleanTitle(unit.section.title);
  if (!title || isGenericTitle(title) || headingKind(title) === "routine") return undefined;
  const words = title.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const lower = body.toLowerCase();
  const covered = words.filter((word) => lower.includes(word)).length;
  return covered >= words.length * 0.6 ? undefined : title;
}
