/**
 * Whether `text` holds `word` as a word of its own: no letter or digit beside
 * it, not part of a longer number ("20" in "20.5" or "1.20"), and a number not
 * that of a percent ("20" in "20%"). Read by its boundaries: a pattern per
 * value, cached, kept thousands of compiled expressions alive over a long run.
 */
export function holdsWholeWord(text: string, word: string): boolean {
  const percentAfter = /\d$/.test(word);
  // indexOf past the end answers the end again: an empty word would be found there for ever.
  for (let at = text.indexOf(word); at !== -1; at = at < text.length ? text.indexOf(word, at + 1) : -1) {
    // Read as code points, as the pattern did: a word does not begin or end between the halves of a
    // pair (the empty one, which V8 tries at every index, aside).
    if (word !== "" && (splitsPair(text, at) || splitsPair(text, at + word.length))) continue;
    const before = codePointBefore(text, at);
    if (before !== undefined && isWordPoint(before)) continue;
    if (at > 1 && DECIMAL_MARK.test(text[at - 1]!) && isNumberPoint(codePointBefore(text, at - 1)!)) continue;
    const end = at + word.length;
    const after = text.codePointAt(end);
    if (after !== undefined && isWordPoint(after)) continue;
    if (percentAfter && text[end] === "%") continue;
    if (DECIMAL_MARK.test(text[end] ?? "") && end + 1 < text.length && isNumberPoint(text.codePointAt(end + 1)!)) continue;
    return true;
  }
  return false;
}

const WORD_POINT = /[\p{L}\p{N}]/u;
const DECIMAL_MARK = /^[.,]$/;

function isWordPoint(codePoint: number): boolean {
  if (codePoint < 0x80) return (codePoint >= 0x30 && codePoint <= 0x39) || ((codePoint | 0x20) >= 0x61 && (codePoint | 0x20) <= 0x7a);
  return WORD_POINT.test(String.fromCodePoint(codePoint));
}

const NUMBER_POINT = /\p{N}/u;

function isNumberPoint(codePoint: number): boolean {
  if (codePoint < 0x80) return codePoint >= 0x30 && codePoint <= 0x39;
  return NUMBER_POINT.test(String.fromCodePoint(codePoint));
}

// The code point that ends just before `index` (a pair of surrogates read as one).
function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const last = text.charCodeAt(index - 1);
  if (last >= 0xdc00 && last <= 0xdfff && index > 1) {
    const first = text.charCodeAt(index - 2);
    if (first >= 0xd800 && first <= 0xdbff) return text.codePointAt(index - 2);
  }
  return last;
}

// Whether `index` falls between the high and the low surrogate of one pair.
function splitsPair(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return false;
  const first = text.charCodeAt(index - 1);
  const second = text.charCodeAt(index);
  return first >= 0xd800 && first <= 0xdbff && second >= 0xdc00 && second <= 0xdfff;
}
