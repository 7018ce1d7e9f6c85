// Upper bounds of what o200k_base measured: English about a token per 4 to 5 characters, Chinese,
// Japanese and Korean about 0.7 a character, Cyrillic, Arabic and Thai 0.3 to 0.4.
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * About how many tokens a text is, never much less, without loading a
 * tokenizer: a quarter per ASCII character, one per Chinese, Japanese or
 * Korean character, half per other character. Not rounded, so a sum of
 * parts is the whole's.
 */
export function approximateTokens(text: string): number {
  let quarters = 0;
  for (const char of text) {
    if (char.charCodeAt(0) < 128) quarters += 1;
    else quarters += WIDE.test(char) ? 4 : 2;
  }
  return quarters / 4;
}
