import { detectLanguage, isStopWord } from "../../text/tokenize.js";

/** Longest memory name a person would still call a name. */
export const MAX_NAME_CHARS = 60;
export const MIN_NAME_WORDS = 2;
export const MAX_NAME_WORDS = 6;

const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]+/gu;
const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
// A sentence's subject: a noun phrase never starts with one.
const PRONOUN_START = /^(?:i|we|you|he|she|they|it|ich|wir|du|er|sie|es|yo|nosotros|je|nous|il|elle|eu|nós|ele|ela)\b(?!-)/iu;
const SENTENCE_STOP = /[.!?;:](?:\s|$)|[。！？；：]/u;
const ELLIPSIS = /(?:…|\.\.\.)\s*$/u;
const TRAILING_PUNCTUATION = /[,;:—–\-/(]\s*$/u;
// `decided-to-ship-sync-v2`: a slug of a sentence, not a name.
const SLUG = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+){2,}$/u;

/**
 * What is wrong with a memory name, empty when nothing is: a name is a short
 * noun phrase (2–6 words, at most 60 characters), never a cut sentence. A run
 * of Chinese or Japanese counts a word for every two characters, of Thai for every four.
 */
export function nameProblems(name: string): string[] {
  return findProblems(name, false);
}

/**
 * True when nothing is wrong with a name (nameProblems is empty). Naming a
 * memory tries many candidates, most of them long: this stops at the first problem.
 */
export function isGoodName(name: string): boolean {
  return findProblems(name, true).length === 0;
}

function findProblems(name: string, firstOnly: boolean): string[] {
  const text = name.trim();
  if (!text) return ["empty"];
  const problems: string[] = [];
  const found = (problem: string) => {
    problems.push(problem);
    return firstOnly;
  };
  if (text.length > MAX_NAME_CHARS && found(`over ${MAX_NAME_CHARS} characters`)) return problems;
  if (ELLIPSIS.test(text) && found("ends with an ellipsis")) return problems;
  const words = nameWords(text);
  if (words < MIN_NAME_WORDS && found(`fewer than ${MIN_NAME_WORDS} words`)) return problems;
  if (words > MAX_NAME_WORDS && found(`more than ${MAX_NAME_WORDS} words`)) return problems;
  if (SENTENCE_STOP.test(text.replace(ELLIPSIS, "")) && found("holds sentence punctuation")) return problems;
  if (TRAILING_PUNCTUATION.test(text) && found("ends mid-phrase")) return problems;
  if (PRONOUN_START.test(text) && found("starts like a sentence (a pronoun subject)")) return problems;
  if (!balanced(text) && found("an opened bracket, quote or code span is not closed (a cut phrase)")) return problems;
  const spaced = text.replace(UNSPACED_RUN, " ").trim().split(/\s+/).filter(Boolean);
  const last = spaced
    .at(-1)
    ?.toLowerCase()
    .replace(/[^\p{L}\p{N}'-]+$/u, "");
  if (last && !UNSPACED_CHAR.test(text.slice(-1)) && spaced.length > 1 && isStopWord(last, detectLanguage(text))) {
    if (found(`ends with '${last}' (a cut sentence)`)) return problems;
  }
  if (spaced.some((word) => SLUG.test(word) && /\p{L}{2,}-\p{L}{2,}-\p{L}{2,}/u.test(word))) problems.push("a slug, not a phrase");
  return problems;
}

/** Words of a name: spaced words, plus one for every two Chinese or Japanese characters, one for every four Thai ones. */
export function nameWords(text: string): number {
  let count = 0;
  for (const run of text.match(UNSPACED_RUN) ?? [])
    count += Math.max(1, Math.round(run.length / (/[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u.test(run) ? 4 : 2)));
  count += text
    .replace(UNSPACED_RUN, " ")
    .split(/\s+/)
    .filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  return count;
}

const PAIRS: Record<string, string> = { "(": ")", "[": "]", "{": "}", "（": "）", "「": "」", "『": "』", "“": "”", "《": "》" };
const CLOSERS = new Set(Object.values(PAIRS));

function balanced(text: string): boolean {
  const open: string[] = [];
  for (const char of text) {
    if (PAIRS[char]) open.push(PAIRS[char]!);
    else if (CLOSERS.has(char) && open.pop() !== char) return false;
  }
  const straight = (text.match(/"/g) ?? []).length;
  const ticks = (text.match(/`/g) ?? []).length;
  return open.length === 0 && straight % 2 === 0 && ticks % 2 === 0;
}
