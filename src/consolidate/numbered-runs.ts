/**
 * The numbers and identifiers with digits a text holds, as this pattern
 * reads them (group 1, or a bare number where group 1 fails):
 *
 *     /(?<![\p{L}\p{N}_:.,%-])[_:.,%-]*([\p{L}\p{N}][\p{L}\p{N}_:.,%-]*\d[\p{L}\p{N}_:.,%-]*)|\d+/gu
 *
 * `1.9.x`, `v2`, `99.9%`, `50,000`, `eu-west-1`, `node:20-slim`, `AM04`. A
 * match never leaves a run of letters, numbers and `_:.,%-`, and only a run
 * with an ASCII digit holds one: the run's first letter or number to its end
 * when a digit comes after that first one, else that first one alone (then
 * the run's only digit). So the runs are found from their digits, where the
 * pattern tried its Unicode classes at every character of every line.
 */
export function numberedRuns(text: string): string[] {
  const found: string[] = [];
  const { length } = text;
  let at = 0;
  while (at < length) {
    let digit = at;
    while (digit < length && !isDigit(text.charCodeAt(digit))) digit++;
    if (digit === length) break;
    let start = digit;
    while (start > 0) {
      const before = codePointBefore(text, start);
      if (!isRunPoint(before)) break;
      start -= before > 0xffff ? 2 : 1;
    }
    let end = digit + 1;
    while (end < length) {
      const next = text.codePointAt(end)!;
      if (!isRunPoint(next)) break;
      end += next > 0xffff ? 2 : 1;
    }
    // Leading punctuation is skipped: the token starts at the run's first letter or number (the digit at the latest).
    let first = start;
    while (isRunPunctuation(text.charCodeAt(first))) first++;
    let digitAfter = false;
    for (let i = first + 1; i < end && !digitAfter; i++) digitAfter = isDigit(text.charCodeAt(i));
    found.push(digitAfter ? text.slice(first, end) : text[first]!);
    at = end;
  }
  return found;
}

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

// `_:.,%-`
function isRunPunctuation(code: number): boolean {
  return code === 0x5f || code === 0x3a || code === 0x2e || code === 0x2c || code === 0x25 || code === 0x2d;
}

const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

function isRunPoint(codePoint: number): boolean {
  if (codePoint < 0x80) return isDigit(codePoint) || ((codePoint | 0x20) >= 0x61 && (codePoint | 0x20) <= 0x7a) || isRunPunctuation(codePoint);
  return LETTER_OR_NUMBER.test(String.fromCodePoint(codePoint));
}

// The code point that ends just before `index` (a pair of surrogates read as one, as the pattern's look behind reads it).
function codePointBefore(text: string, index: number): number {
  const last = text.charCodeAt(index - 1);
  if (last >= 0xdc00 && last <= 0xdfff && index > 1) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2)!;
  }
  return last;
}
