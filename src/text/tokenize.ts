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
import { sha256 } from "./hash.js";
import { ownCopy } from "./own-copy.js";

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
// A stem found in the memo is the memo's own string, shared by every set of terms holding it:
// a smaller memo (20,000) made a 20,000-entry week peak about 14 MiB higher, with its copies.
const STEM_CACHE_LIMIT = 50_000;
const stemCache = Object.fromEntries(LANGUAGES.map((language) => [language, new BoundedCache<string>(STEM_CACHE_LIMIT)])) as Record<
  Language,
  BoundedCache<string>
>;

// Memory bodies are read again every week of a long run, mostly the same lines: each line's words
// are kept, and its terms in each language it was read in (stop words out, stemmed), so a line read
// again costs one lookup instead of one per word.
const LINE_CACHE_LIMIT = 10_000;
const LONGEST_CACHED_LINE = 2_000;
interface LineWords {
  tokens: string[];
  terms?: Partial<Record<Language, string[]>>;
  /** Stop words of each language among the tokens, in LANGUAGES' order. */
  stopWords?: readonly number[];
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
  if (ASCII_LINE.test(line)) return ownLongWords(line.toLowerCase().match(ASCII_WORD) ?? []);
  const tokens: string[] = [];
  for (const found of line.normalize("NFKC").toLowerCase().match(WORD) ?? []) {
    const word = found.includes("’") ? found.replace(/’/g, "'") : found;
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

// V8 cuts a word of this many characters or more out of its text without copying it, and a
// lower-case ASCII line is the text's own (other lines are normalised into new strings): kept in
// a memo or a memory's facts, one long word would keep a whole memory body alive long after the
// memory has grown past it.
const SHARED_FROM = 13;

function ownLongWords(words: string[]): string[] {
  for (let i = 0; i < words.length; i++) if (words[i]!.length >= SHARED_FROM) words[i] = ownCopy(words[i]!);
  return words;
}

/** How much of a text `detectLanguage` reads: text after it cannot change the language. */
export const DETECT_CHARS = 4000;

/** The language whose stop words a text uses most; English when none stands out. */
export function detectLanguage(text: string): Language {
  const lines: LineWords[] = [];
  for (const line of text.slice(0, DETECT_CHARS).split("\n")) if (line !== "") lines.push(wordsOf(line));
  return detectFromLines(lines, Number.POSITIVE_INFINITY);
}

// Words that tell a language as its stop words do, though its list lacks them: English's has "an" but
// not "a", and a short English text with two of them ("notes for a call with a vendor") read as Portuguese.
// Only for telling the language: as a term, "a" is kept as it was.
const TELLS_TOO: Partial<Record<Language, string[]>> = { english: ["a"] };

// Each stop word with the languages it belongs to, as bits in LANGUAGES' order: one lookup per token.
const STOP_WORD_LANGUAGES = new Map<string, number>();
for (const [bit, language] of LANGUAGES.entries())
  for (const word of [...STOP_WORDS[language], ...(TELLS_TOO[language] ?? [])])
    STOP_WORD_LANGUAGES.set(word, (STOP_WORD_LANGUAGES.get(word) ?? 0) | (1 << bit));

// A text's language from the stop words of its first `limit` tokens: each line's counts are kept with its words.
function detectFromLines(lines: readonly LineWords[], limit: number): Language {
  const hits = new Array<number>(LANGUAGES.length).fill(0);
  let left = limit;
  for (const words of lines) {
    if (left === 0) break;
    if (words.tokens.length <= left) {
      const counts = stopWordsOf(words);
      if (counts !== NO_STOP_WORDS) for (let bit = 0; bit < LANGUAGES.length; bit++) hits[bit]! += counts[bit]!;
      left -= words.tokens.length;
    } else {
      countStopWords(words.tokens.slice(0, left), hits);
      left = 0;
    }
  }
  // The first language with the most hits; English when none has any.
  let best = 0;
  for (let bit = 1; bit < LANGUAGES.length; bit++) if (hits[bit]! > hits[best]!) best = bit;
  return LANGUAGES[best]!;
}

const NO_STOP_WORDS: readonly number[] = Object.freeze(new Array<number>(LANGUAGES.length).fill(0));

function stopWordsOf(words: LineWords): readonly number[] {
  if (words.stopWords) return words.stopWords;
  const counts = new Array<number>(LANGUAGES.length).fill(0);
  words.stopWords = countStopWords(words.tokens, counts) ? counts : NO_STOP_WORDS;
  return words.stopWords;
}

// Adds each token's languages to `hits`; whether any token was a stop word.
function countStopWords(tokens: readonly string[], hits: number[]): boolean {
  let any = false;
  for (const token of tokens) {
    const bits = STOP_WORD_LANGUAGES.get(token);
    if (bits === undefined) continue;
    any = true;
    for (let bit = 0; bit < LANGUAGES.length; bit++) if (bits & (1 << bit)) hits[bit]!++;
  }
  return any;
}

/** True for a stop word of the language or of English, which logs in every language mix in. */
export function isStopWord(word: string, language: Language = "english"): boolean {
  return STOP_WORDS[language].has(word) || STOP_WORDS.english.has(word);
}

/** A word's stem in a language; numbers, versions and words of other scripts stay as they are. */
export function stem(word: string, language: Language = "english"): string {
  // Short words, numbers and versions stay as they are: told from the word faster than it is found in a
  // memo of tens of thousands of words.
  if (word.length < 3 || /[\d.]/.test(word)) return word;
  const cache = stemCache[language];
  let stemmed = cache.get(word);
  if (stemmed === undefined) {
    stemmed = /^[\p{Script=Latin}'-]+$/u.test(word) ? STEMMERS[language](word) : word;
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
  const lang = language ?? detectFromLines(lines, LANGUAGE_TOKENS);
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

/** The distinct terms of a text. */
export function termSet(text: string, language?: Language): Set<string> {
  return new Set(terms(text, language));
}

// Raised by hand for a change to how words are read that the probe below would not show.
const TOKENIZER_REVISION = 1;
// A line in each language read, with the forms read apart: inner dots, dashes and apostrophes, accents
// and compatibility forms, numbers, and scripts written without spaces.
const PROBE: readonly [string, Language | undefined][] = [
  ["The deployments were running smoothly; don't restart gpt-4o v1.2.3 nodes", "english"],
  ["Die Bereitstellungen liefen reibungslos und wurden überwacht", "german"],
  ["Las implementaciones se ejecutaban sin problemas en producción", "spanish"],
  ["Les déploiements fonctionnaient sans problèmes aujourd'hui", "french"],
  ["As implantações estavam funcionando sem problemas", "portuguese"],
  ["Le distribuzioni funzionavano senza problemi ieri", "italian"],
  ["De implementaties liepen zonder problemen gisteren", "dutch"],
  ["Distributionerna fungerade utan problem igår", "swedish"],
  ["Der Dienst ist wieder da und die Warteschlange ist leer", undefined],
  ["部署顺利完成 デプロイは完了しました การปรับใช้เสร็จแล้ว ｆｕｌｌｗｉｄｔｈ Ｎo. ①", undefined],
];
let fingerprint: string | undefined;

/**
 * Changes whenever reading words changes (a stemmer, a stop word, the word
 * pattern): terms counted by another reading are not used again.
 */
export function tokenizerFingerprint(): string {
  fingerprint ??= sha256(`${TOKENIZER_REVISION}\n${PROBE.map(([text, language]) => readTerms(text, language).terms.join(" ")).join("\n")}`);
  return fingerprint;
}
