import { stemmer as dutch } from "@orama/stemmers/dutch";
import { stemmer as english } from "@orama/stemmers/english";
import { stemmer as french } from "@orama/stemmers/french";
import { stemmer as german } from "@orama/stemmers/german";
import { stemmer as italian } from "@orama/stemmers/italian";
import { stemmer as portuguese } from "@orama/stemmers/portuguese";
import { stemmer as spanish } from "@orama/stemmers/spanish";
import { stemmer as swedish } from "@orama/stemmers/swedish";
import { stopwords as dutchStop } from "@orama/stopwords/dutch";
import { stopwords as englishStop } from "@orama/stopwords/english";
import { stopwords as frenchStop } from "@orama/stopwords/french";
import { stopwords as germanStop } from "@orama/stopwords/german";
import { stopwords as italianStop } from "@orama/stopwords/italian";
import { stopwords as portugueseStop } from "@orama/stopwords/portuguese";
import { stopwords as spanishStop } from "@orama/stopwords/spanish";
import { stopwords as swedishStop } from "@orama/stopwords/swedish";
import { BoundedCache } from "./bounded-cache.js";

/** Languages whose words are stemmed; text in any other script is still tokenized. */
export const LANGUAGES = ["english", "german", "spanish", "french", "portuguese", "italian", "dutch", "swedish"] as const;
export type Language = (typeof LANGUAGES)[number];

const STEMMERS: Record<Language, (word: string) => string> = { english, german, spanish, french, portuguese, italian, dutch, swedish };
const STOP_WORDS: Record<Language, Set<string>> = {
  english: new Set(englishStop),
  german: new Set(germanStop),
  spanish: new Set(spanishStop),
  french: new Set(frenchStop),
  portuguese: new Set(portugueseStop),
  italian: new Set(italianStop),
  dutch: new Set(dutchStop),
  swedish: new Set(swedishStop),
};

// Letters and digits, with inner dots, dashes and apostrophes kept: `v1.2.3`, `gpt-4o`, `don't`.
const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:[.'’_-][\p{L}\p{N}\p{M}]+)*/gu;
const ASCII_LINE = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+(?:[.'_-][a-z0-9]+)*/g;
// Scripts written without spaces between words: read as overlapping character pairs.
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]/u;
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}]+/gu;
const STEM_CACHE_LIMIT = 50_000;
const stemCache = Object.fromEntries(LANGUAGES.map((language) => [language, new BoundedCache<string>(STEM_CACHE_LIMIT)])) as Record<
  Language,
  BoundedCache<string>
>;

// Memory bodies are read again every week of a long run, mostly the same lines: each line's words
// are kept, and its terms in each language it was read in (stop words out, stemmed), so a line read
// again costs one lookup instead of one per word.
const LINE_CACHE_LIMIT = 20_000;
const LONGEST_CACHED_LINE = 2_000;
interface LineWords {
  tokens: string[];
  terms?: Partial<Record<Language, string[]>>;
}
const lineWords = new BoundedCache<LineWords>(LINE_CACHE_LIMIT);

function wordsOf(line: string): LineWords {
  let words = lineWords.get(line);
  if (!words) {
    words = { tokens: tokenizeLine(line) };
    if (line.length <= LONGEST_CACHED_LINE) lineWords.set(line, words);
  }
  return words;
}

/**
 * Words of a text, lower case, in order: `v1.2.3` and `gpt-4o` stay whole;
 * Chinese, Japanese and Thai runs become overlapping character pairs (a
 * single character stays as it is), so text without spaces can be matched too.
 * No word spans two lines.
 */
export function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    for (const word of wordsOf(line).tokens) tokens.push(word);
  }
  return tokens;
}

function tokenizeLine(line: string): string[] {
  // Most lines are ASCII: there the same words come from a plain regex, much faster than Unicode classes.
  if (ASCII_LINE.test(line)) return line.toLowerCase().match(ASCII_WORD) ?? [];
  const tokens: string[] = [];
  for (const match of line.normalize("NFKC").toLowerCase().matchAll(WORD)) {
    const word = match[0].replace(/’/g, "'");
    if (!UNSPACED.test(word)) {
      tokens.push(word);
      continue;
    }
    for (const part of word.split(UNSPACED_RUN)) if (part) tokens.push(part);
    for (const run of word.match(UNSPACED_RUN) ?? []) {
      if (run.length === 1) tokens.push(run);
      for (let i = 0; i + 1 < run.length; i++) tokens.push(run.slice(i, i + 2));
    }
  }
  return tokens;
}

/** How much of a text `detectLanguage` reads: text after it cannot change the language. */
export const DETECT_CHARS = 4000;

/** The language whose stop words a text uses most; English when none stands out. */
export function detectLanguage(text: string): Language {
  return detectFromTokens(tokenize(text.slice(0, DETECT_CHARS)));
}

// Each stop word with the languages it belongs to, as bits in LANGUAGES' order: one lookup per token.
const STOP_WORD_LANGUAGES = new Map<string, number>();
for (const [bit, language] of LANGUAGES.entries())
  for (const word of STOP_WORDS[language]) STOP_WORD_LANGUAGES.set(word, (STOP_WORD_LANGUAGES.get(word) ?? 0) | (1 << bit));

function detectFromTokens(tokens: string[]): Language {
  const hits = new Array<number>(LANGUAGES.length).fill(0);
  for (const token of tokens) {
    const bits = STOP_WORD_LANGUAGES.get(token);
    if (bits === undefined) continue;
    for (let bit = 0; bit < LANGUAGES.length; bit++) if (bits & (1 << bit)) hits[bit]!++;
  }
  // The first language with the most hits; English when none has any.
  let best = 0;
  for (let bit = 1; bit < LANGUAGES.length; bit++) if (hits[bit]! > hits[best]!) best = bit;
  return LANGUAGES[best]!;
}

/** True for a stop word of the language or of English, which logs in every language mix in. */
export function isStopWord(word: string, language: Language = "english"): boolean {
  return STOP_WORDS[language].has(word) || STOP_WORDS.english.has(word);
}

/** A word's stem in a language; numbers, versions and words of other scripts stay as they are. */
export function stem(word: string, language: Language = "english"): string {
  const cache = stemCache[language];
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    stemmed = word.length < 3 || /[\d.]/.test(word) || !/^[\p{Script=Latin}'-]+$/u.test(word) ? word : STEMMERS[language](word);
    cache.set(word, stemmed);
  }
  return stemmed;
}

/**
 * The terms a text is matched by: its words without stop words, stemmed in
 * the text's language (detected unless given). Repeats are kept, for term
 * frequencies. The one tokenizer of the project: parsing, the offline model,
 * consolidation and search all compare text through it.
 */
export function terms(text: string, language?: Language): string[] {
  return readTerms(text, language).terms;
}

// A text's language is told by its first words: text added after them cannot change it.
const LANGUAGE_TOKENS = 800;

/**
 * `terms`, with the language they were stemmed in and whether it is settled:
 * told from a full sample of words (or given), so that terms of text added
 * at the end, in that language, are the terms the whole text would have.
 */
export function readTerms(text: string, language?: Language): { terms: string[]; language: Language; settled: boolean } {
  const lines: LineWords[] = [];
  let count = 0;
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const words = wordsOf(line);
    lines.push(words);
    count += words.tokens.length;
  }
  const lang = language ?? detectFromTokens(firstTokens(lines, LANGUAGE_TOKENS));
  const out: string[] = [];
  for (const words of lines) for (const term of lineTerms(words, lang)) out.push(term);
  return { terms: out, language: lang, settled: language !== undefined || count >= LANGUAGE_TOKENS };
}

// A line's terms in a language: its words without stop words, stemmed; kept with the line's words.
function lineTerms(words: LineWords, language: Language): string[] {
  const known = words.terms?.[language];
  if (known) return known;
  const found: string[] = [];
  for (const token of words.tokens) if (!isStopWord(token, language)) found.push(stem(token, language));
  words.terms ??= {};
  words.terms[language] = found;
  return found;
}

function firstTokens(lines: LineWords[], limit: number): string[] {
  const tokens: string[] = [];
  for (const words of lines) {
    for (const token of words.tokens) {
      if (tokens.length === limit) return tokens;
      tokens.push(token);
    }
  }
  return tokens;
}

/** The distinct terms of a text. */
export function termSet(text: string, language?: Language): Set<string> {
  return new Set(terms(text, language));
}
