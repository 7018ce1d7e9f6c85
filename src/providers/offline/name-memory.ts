import type { MemoryType } from "../../parse/memory-candidate.js";
import { isStopWord } from "../../text/tokenize.js";
import { nameTitle } from "./clean-title.js";
import { headingKind, isGenericTitle, isMetadataLabel } from "./cues/match-cues.js";
import { MAX_NAME_WORDS, MIN_NAME_WORDS, nameProblems, nameWords } from "./name-problems.js";
import type { ScoredUnit } from "./weigh-units.js";

const LEADING_VERB =
  /^(?:(?:we|i|they|she|he|you)\s+)?(?:(?:have|had|will|would|'ll|'ve)\s+)?(?:decided|agreed|chose|opted|settled|switched|moved|planned|plan|wanted|want|needed|need|prefers?|preferred|likes?|liked|started|began|stopped|asked|added|created|implemented|built|wrote|set up|configured|deployed|merged|fixed|updated|introduced)\b\s*(?:to\s+\w+\s+|on\s+|for\s+|with\s+|that\s+)?/iu;
const SEPARATORS = /\s*[:：|→]\s*|\s+[-–—]\s+|\s*[—–]\s*/u;
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
const TYPE_WORD: Record<MemoryType, string> = { user: "User note", feedback: "Working note", project: "Project note", reference: "Reference note" };

/**
 * A name a person would give the memory: a short noun phrase taken from the
 * log's own words (a field label, the section's title, its topic), never a
 * cut sentence. The first candidate that passes the name check wins.
 */
export function nameMemory(units: readonly ScoredUnit[], type: MemoryType): string {
  const lead = units[0]!;
  for (const candidate of candidates(units, type)) {
    const name = shapeName(candidate);
    if (name) return name;
  }
  const title = nameTitle(lead.section.title);
  const dated = `${title} ${lead.date}`;
  return title && nameProblems(dated).length === 0 ? capitalise(dated) : `${TYPE_WORD[type]} ${lead.date}`;
}

// What a statement is about, from its own words: its first clause without the subject and verb
// that introduce it ("We decided to move the weekly sync…" is about "weekly sync…").
export function phraseOf(sentence: string): string {
  return sentence
    .split(/[,;，；。]|\s[—–-]\s|\s(?:because|since|so that|due to|weil|porque|parce que)\s/iu)[0]!
    .replace(LEADING_VERB, "")
    .replace(/^(?:the|a|an)\s+/i, "")
    .trim();
}

function* candidates(units: readonly ScoredUnit[], type: MemoryType): Generator<string> {
  const lead = units[0]!;
  const first = lead.content[0];
  const title = nameTitle(lead.section.title);
  const single = units.length === 1 && !lead.whole;
  // A preference or a single statement is named for itself, not for the section it sits in.
  if (type === "user" || single) {
    if (first?.label && isSpecific(first.label)) yield first.label;
    if (first?.label) yield phraseOf(first.label);
    if (first) yield phraseOf(first.text);
    if (first?.label) yield `${first.label} ${first.text}`;
  }
  if (title && !isGenericTitle(title)) yield title;
  const topic = topicOf(lead);
  if (title && topic) yield `${topic} ${title}`;
  if (first?.label && isSpecific(first.label)) yield first.label;
  if (first) yield phraseOf(first.text);
}

// The subject of the sections above: the most specific part of the nearest specific heading.
function topicOf(unit: ScoredUnit): string | undefined {
  for (let i = unit.section.trail.length - 1; i >= 0; i--) {
    const segments = nameTitle(unit.section.trail[i]!).split(SEPARATORS).filter((segment) => segment && !isGenericTitle(segment));
    if (segments.length === 0) continue;
    let best = segments[segments.length - 1]!;
    for (const segment of segments) if (specificWords(segment) > specificWords(best)) best = segment;
    const shaped = shapeName(best, 3) ?? shapeName(best);
    if (shaped) return shaped;
  }
  return undefined;
}

/** A candidate brought to a name's shape, or undefined when it cannot be without cutting a sentence. */
export function shapeName(text: string, maxWords = MAX_NAME_WORDS): string | undefined {
  const clean = nameTitle(text).replace(/[.!?。！？…]+$/u, "").trim();
  if (!clean) return undefined;
  if (fits(clean, maxWords)) return capitalise(clean);
  for (const segment of clean.split(SEPARATORS)) {
    const part = segment.trim();
    if (part && !isGenericTitle(part) && fits(part, maxWords)) return capitalise(part);
  }
  const words = clean.split(/\s+/);
  if (words.length > maxWords && !UNSPACED.test(clean)) {
    for (let k = maxWords; k >= MIN_NAME_WORDS; k--) {
      const head = words.slice(0, k).join(" ").replace(/[,;:，；：]+$/u, "");
      if (/[,;，；(（]/u.test(head)) continue;
      if (fits(head, maxWords) && !isStopWord(words[k - 1]!.toLowerCase())) return capitalise(head);
    }
  }
  return undefined;
}

function fits(name: string, maxWords: number): boolean {
  return nameProblems(name).length === 0 && nameWords(name) <= maxWords;
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
