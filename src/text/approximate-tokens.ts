// Upper bounds of what o200k_base measured: English about a token per 4 to 5 characters, Chinese,
// Japanese and Korean about 0.7 a character, Cyrillic, Arabic and Thai 0.3 to 0.4, an emoji or a
// character outside the Basic Multilingual Plane (rare Han) up to 2 or 3, a typographic quote or dash 1.
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const PICTURE = /\p{Extended_Pictographic}/u;
// Typographic quotes, dashes, arrows and other signs are about a token each.
const SIGN = /[\p{P}\p{S}]/u;

/**
 * About how many tokens a text is, never much less, without loading a
 * tokenizer: a quarter per ASCII character, one per Chinese, Japanese or
 * Korean character or typographic sign, three per emoji or character beyond
 * U+FFFF, half per other character. Not rounded, so a sum of parts is the whole's.
 */
export function approximateTokens(text: string): number {
  let quarters = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 128) quarters += 1;
    else if (code > 0xffff || PICTURE.test(char)) quarters += 12;
    else quarters += WIDE.test(char) || SIGN.test(char) ? 4 : 2;
  }
  return quarters / 4;
}
