// A character the cues' word boundary counts as a letter, outside ASCII (ignoring case, as the cues do).
const NON_ASCII_WORD_CHAR = /(?![\x00-\x7f])[\p{L}\p{N}_]/iu;
const ASCII_WORD = /[A-Za-z0-9_]+/g;
const NON_ASCII = /[^\x00-\x7f]/;

/** What decides which anchored cues a text may hold. */
export interface TextWords {
  /** Its words (runs of letters, digits and `_`) are all in ASCII. */
  asciiWords: boolean;
  /** It holds a character outside ASCII. */
  outsideAscii: boolean;
  /** With ASCII words: its words, in lower case. */
  words: readonly string[];
}

/** A text's words as anchor words are looked up: only a text whose words are all in ASCII can be told apart. */
export function readWords(text: string): TextWords {
  const outsideAscii = NON_ASCII.test(text);
  if (outsideAscii && NON_ASCII_WORD_CHAR.test(text)) return { asciiWords: false, outsideAscii, words: [] };
  // A text all in ASCII is put in lower case at once; elsewhere only its ASCII words are.
  const words = outsideAscii ? (text.match(ASCII_WORD) ?? []).map((word) => word.toLowerCase()) : (text.toLowerCase().match(ASCII_WORD) ?? []);
  return { asciiWords: true, outsideAscii, words };
}
