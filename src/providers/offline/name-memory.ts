import type { MemoryType } from "../../parse/memory-candidate.js";
import { detectLanguage, isStopWord, type Language } from "../../text/tokenize.js";
import { nameTitle } from "./clean-title.js";
import { headingKind, isGenericTitle, isMetadataLabel } from "./cues/match-cues.js";
import { isGoodName, MAX_NAME_WORDS, MIN_NAME_WORDS, nameWords } from "./name-problems.js";
import type { ScoredUnit } from "./weigh-units.js";

// "We decided to drop IE11" is about dropping IE11: the verb after "to" stays, it carries the decision.
const LEADING_VERB =
  /^(?:(?:we|i|they|she|he|you|\p{Lu}\p{L}+)\s+)?(?:(?:have|had|will|would|'ll|'ve)\s+)?(?:(?:decided|agreed|chose|opted|settled|planned|plan|wanted|want|needed|need|asked|told|reminded|started|began)\b\s*(?:(?:me|us|him|her|them)\s+)?(?:to\s+|on\s+|that\s+)?|(?:switched|moved|migrated|changed|went|go)\s+(?:over\s+)?to\s+)/iu;
// "We keep invoices in UTC" is about keeping invoices in UTC: a first person before a verb of what is done goes
// (not before one that only links: "we were blocked" names nothing).
const SUBJECT =
  /^(?:we|i)\s+(?!(?:am|are|was|were|be|been|have|has|had|will|would|can|could|should|shall|must|may|might|do|does|did|don't|didn't|won't|can't|got|get|still|also|just|all|both)\b)(?=\p{Ll})/iu;
// A link's `://` is no separator: split there, `the dashboard at https://…` named a memory `The dashboard at https`.
const SEPARATORS = /\s*(?::(?!\/\/)|[：|→])\s*|\s+[-–—]\s+|\s*[—–]\s*/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const TYPE_WORD: Record<MemoryType, string> = { user: "User note", feedback: "Working note", project: "Project note", reference: "Reference note" };

/**
 * A name a person would give the memory: a short noun phrase taken from the
 * log's own words (a field label, the section's title, its topic), never a
 * cut sentence. The first candidate that passes the name check wins.
 */
export function nameMemory(units: readonly ScoredUnit[], type: MemoryType, keySentence?: string): string {
  const lead = units[0]!;
  for (const candidate of candidates(units, type, keySentence)) {
    const name = shapeName(candidate);
    if (name) return name;
  }
  const title = nameTitle(lead.section.title);
  const dated = `${title} ${lead.date}`;
  return title && isGoodName(dated) ? capitalise(dated) : `${TYPE_WORD[type]} ${lead.date}`;
}

// What a statement is about, from its own words: its first clause without the subject and verb
// that introduce it ("We decided to move the weekly sync…" is about "weekly sync…").
export function phraseOf(sentence: string): string {
  return sentence
    .split(/[,;，；。]|\s[—–-]\s|\s(?:because|since|so that|due to|weil|porque|parce que)\s/iu)[0]!
    .replace(/^(?:so|and|but|then|also|thus|therefore)\s+/i, "")
    .replace(LEADING_VERB, "")
    .replace(/^[:：]\s*/u, "")
    .replace(SUBJECT, "")
    .replace(/^(?:the|a|an)\s+/i, "")
    .trim();
}

function* candidates(units: readonly ScoredUnit[], type: MemoryType, keySentence?: string): Generator<string> {
  const lead = units[0]!;
  const first = lead.content[0];
  const title = nameTitle(lead.section.title);
  const single = units.length === 1 && !lead.whole;
  // A preference or a single statement is named for itself, not for the section it sits in.
  if (type === "user" || single) {
    if (first?.label && isSpecific(first.label)) yield first.label;
    if (first?.label && isSpecific(first.label)) yield phraseOf(first.label);
    // The sentence the memory is kept for names it better than a lead-in before it.
    if (keySentence) yield* clausesOf(keySentence);
    if (first) yield phraseOf(first.text);
    if (first?.label && isSpecific(first.label)) yield `${first.label} ${first.text}`;
  }
  if (title && !isGenericTitle(title)) yield title;
  const topic = topicOf(lead);
  if (title && topic) yield `${topic} ${title}`;
  if (first?.label && isSpecific(first.label)) yield first.label;
  if (keySentence) yield* clausesOf(keySentence);
  if (first) yield phraseOf(first.text);
}

// The subject of the sections above: the most specific part of the nearest specific heading.
function topicOf(unit: ScoredUnit): string | undefined {
  for (let i = unit.section.trail.length - 1; i >= 0; i--) {
    const segments = nameTitle(unit.section.trail[i]!)
      .split(SEPARATORS)
      .filter((segment) => segment && !isGenericTitle(segment));
    if (segments.length === 0) continue;
    let best = segments[segments.length - 1]!;
    for (const segment of segments) if (specificWords(segment) > specificWords(best)) best = segment;
    const shaped = shapeName(best, 3) ?? shapeName(best);
    if (shaped) return shaped;
  }
  return undefined;
}

// Each clause of a sentence, as a phrase: "X loses edits, so we switched to per-field merge" → both halves.
function* clausesOf(sentence: string): Generator<string> {
  yield phraseOf(sentence);
  for (const clause of sentence.split(/[,;，；]\s*(?:so|and|but|then|therefore|also)?\s*/iu).slice(1)) if (clause) yield phraseOf(clause);
}

/** A candidate brought to a name's shape, or undefined when it cannot be without cutting a sentence. */
export function shapeName(text: string, maxWords = MAX_NAME_WORDS): string | undefined {
  const clean = nameTitle(text)
    .replace(/[.!?。！？…]+$/u, "")
    .trim();
  if (!clean) return undefined;
  if (fits(clean, maxWords)) return capitalise(clean);
  for (const segment of clean.split(SEPARATORS)) {
    const part = segment.trim();
    if (part && !isGenericTitle(part) && fits(part, maxWords)) return capitalise(part);
  }
  // Cut only where a phrase ends: before a small word ("Ship sync v2 | behind the flag"), never mid-phrase.
  for (const part of [clean, clean.split(SEPARATORS)[0]!.trim()]) {
    const words = part.split(/\s+/);
    if (words.length <= maxWords || UNSPACED.test(part)) continue;
    const language = detectLanguage(part);
    for (let k = maxWords; k >= MIN_NAME_WORDS; k--) {
      const head = words
        .slice(0, k)
        .join(" ")
        .replace(/[,;:，；：]+$/u, "");
      if (/[,;，；(（]/u.test(head)) continue;
      if (!isPhraseBoundary(words[k]!, language) || isPhraseBoundary(words[k - 1]!, language)) continue;
      if (fits(head, maxWords)) return capitalise(head);
    }
  }
  return undefined;
}

// Prepositions and conjunctions that open a phrase of their own, beyond the stop-word lists.
const OPENS_PHRASE = new Set(
  "about above across after against along among around because before behind below beneath beside besides between beyond despite during except including inside instead near onto outside over past regarding since starting through throughout toward towards under unless until upon using via whenever whereas whether while within without".split(
    " ",
  ),
);

function isPhraseBoundary(word: string, language: Language): boolean {
  const bare = word.toLowerCase().replace(/[^\p{L}]+/gu, "");
  return bare.length > 0 && (OPENS_PHRASE.has(bare) || isStopWord(bare, language));
}

function fits(name: string, maxWords: number): boolean {
  return isGoodName(name) && nameWords(name) <= maxWords;
}

function isSpecific(label: string): boolean {
  return !isMetadataLabel(label) && !isGenericTitle(label) && headingKind(label) === undefined;
}

function specificWords(text: string): number {
  return text.split(/\s+/).filter((word) => !isGenericTitle(word)).length;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
