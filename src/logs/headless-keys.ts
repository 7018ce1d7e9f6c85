/** Where a private key's body is in a text. */
export interface KeyBody {
  start: number;
  end: number;
}

// A PEM private key's END line. Its BEGIN line may be cut off (a terminal scrolled, a copy started late):
// the body is then found from the END line up.
const END_LINE = /-----END[ A-Z0-9]*(?:PRIVATE|SECRET) KEY(?: BLOCK)?-----/g;
// What may come before a key's line and is no part of it, as the pattern table's private-key row reads it:
// indentation, a quote's `>`, a line number (`cat -n`, a read tool's `→`), a diff's sign; an opening quote.
const LINE_PREFIX = /^[ \t>]*(?:\d+(?:\t|→|:|\|)[ \t]*)?[-+]?[ \t]*["'`]?$/;
// Before a run on a line of other text (`key: MIIE…`): a separator, not a word's or a path's character.
const SEPARATOR = /[\s"'`:=(,[>]/;
const BASE64 = /[A-Za-z0-9+/]/;
// A run of base64 as a key's line holds it, no word: 16 characters or more, with a digit, `+` or `/`, or both cases.
const KEY_RUN = /^(?:(?=[A-Za-z0-9+/]{0,300}[0-9+/])|(?=[A-Za-z]{0,300}[a-z])(?=[A-Za-z]{0,300}[A-Z]))[A-Za-z0-9+/]{16,}={0,2}$/;
// Less base64 than this above an END line is no key anyone could use, nor is base64 without a digit
// (or `+`, `/`) and both cases: a word, a name or a hex digest above an END line is none of a key's.
const SHORTEST_BODY = 40;
// A line of a key's prefix alone (spaces, a quote's `>`, a number, a diff's sign), and how many of them in a row a key's
// lines may be apart.
const BLANK_LINE = /^[ \t>]*(?:\d+(?:\t|→|:|\|)[ \t]*)?[-+]?[ \t]*$/;
const MOST_BLANK_LINES = 2;
const CHECKSUM = /^=[A-Za-z0-9+/]{4}$/;
// How much of a line is read back from its end: a key's lines are under a hundred characters.
const LONGEST_LINE = 256;

/**
 * The base64 lines of private keys whose BEGIN line is missing: the lines right above an
 * END line, each one run of base64 or a few separated by spaces (the last line may be short,
 * the first may follow other text, an armor checksum may end them), broken by newlines or
 * JSON's `\n`, a blank line or two between them. Each END line's lines are read up once, to
 * the first line that is no key's: linear in the text.
 */
export function headlessPrivateKeys(text: string): KeyBody[] {
  if (!text.includes("-----END")) return [];
  const found: KeyBody[] = [];
  END_LINE.lastIndex = 0;
  for (let match = END_LINE.exec(text); match; match = END_LINE.exec(text)) {
    const body = bodyAbove(text, match.index);
    if (body && looksLikeKey(text.slice(body.start, body.end))) found.push(body);
  }
  return found;
}

function looksLikeKey(body: string): boolean {
  const base64 = body.replace(/[^A-Za-z0-9+/]/g, "");
  return base64.length >= SHORTEST_BODY && /[0-9+/]/.test(base64) && /[a-z]/.test(base64) && /[A-Z]/.test(base64);
}

interface Runs {
  start: number;
  end: number;
  /** Where the line starts when only its prefix is before the runs (the key may go on above), else undefined. */
  lineStart: number | undefined;
}

function bodyAbove(text: string, endLine: number): KeyBody | undefined {
  // Unless the END line starts a line (maybe numbered), it holds the body's last line (its line break lost).
  let lineStart = lineStartBefore(text, endLine);
  let runs = lineStart === undefined ? keyRuns(text, endLine, true) : undefined;
  let body: KeyBody | undefined = runs && { start: runs.start, end: runs.end };
  if (runs) lineStart = runs.lineStart;
  // The last line of a key may be short; the ones above it are a key's runs.
  let short = body === undefined;
  while (lineStart !== undefined) {
    // Blank lines inside a key (a renderer that doubled its line breaks, a quote's empty `>` lines): skipped
    // when a whole line of the key is above them, as the line a header ends in (`DEK-Info: …,<hex>`) is not.
    let lineEnd = endOfLineAbove(text, lineStart);
    let blanks = 0;
    for (let blank = blankLineStart(text, lineEnd); blank !== undefined && blanks < MOST_BLANK_LINES; blank = blankLineStart(text, lineEnd)) {
      blanks++;
      lineEnd = endOfLineAbove(text, blank);
    }
    if (lineEnd === undefined) break;
    // An armored key's checksum (`=Ab3x`) may stand between its body and its END line.
    const checksum = body === undefined ? checksumEnding(text, lineEnd) : undefined;
    if (checksum) {
      body = { start: checksum.start, end: lineEnd };
      lineStart = checksum.lineStart;
      continue;
    }
    runs = keyRuns(text, lineEnd, short);
    if (!runs || (blanks > 0 && runs.lineStart === undefined)) break;
    body = { start: runs.start, end: body?.end ?? runs.end };
    lineStart = runs.lineStart;
    short = false;
  }
  return body;
}

// An armor checksum's line ending at `lineEnd`: `=` and four base64 characters after a line's prefix.
function checksumEnding(text: string, lineEnd: number): { start: number; lineStart: number } | undefined {
  const start = lineEnd - 5;
  if (start < 0 || !CHECKSUM.test(text.slice(start, lineEnd))) return undefined;
  const lineStart = lineStartBefore(text, start);
  return lineStart === undefined ? undefined : { start, lineStart };
}

// The start of the line that ends at `lineEnd` when it holds nothing but a line's prefix.
function blankLineStart(text: string, lineEnd: number | undefined): number | undefined {
  if (lineEnd === undefined) return undefined;
  const start = lineStartBefore(text, lineEnd);
  return start !== undefined && BLANK_LINE.test(text.slice(start, lineEnd)) ? start : undefined;
}

// The runs of base64 that end at `to` on its line, separated by spaces or tabs: the last one any run when
// `short` (a key's last line), the others a key's runs. Undefined when none, or when a word's character is before them.
function keyRuns(text: string, to: number, short: boolean): Runs | undefined {
  let found: Runs | undefined;
  let at = to;
  for (;;) {
    let end = at;
    while (end > 0 && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
    let start = end;
    while (start > 0 && start > end - 2 && text[start - 1] === "=") start--;
    while (start > 0 && BASE64.test(text[start - 1]!)) start--;
    // JSON's `\n` ends a line.
    if (text[start] === "n" && text[start - 1] === "\\") start++;
    const run = text.slice(start, end);
    const fits = found === undefined && short ? /^[A-Za-z0-9+/]+={0,2}$/.test(run) : KEY_RUN.test(run);
    if (!fits) return found;
    const lineStart = lineStartBefore(text, start);
    const before = text[start - 1] ?? "";
    // A run glued to a word, a name or a path (`x_key`, `a.pem`) is no key's line.
    if (lineStart === undefined && !SEPARATOR.test(before)) return found;
    found = { start, end: found?.end ?? end, lineStart };
    if (lineStart !== undefined || (before !== " " && before !== "\t")) return found;
    at = start;
  }
}

// The start of the line `at` is on (after a newline or JSON's `\n`), when only a line's prefix is before `at`.
function lineStartBefore(text: string, at: number): number | undefined {
  let start = at <= LONGEST_LINE ? 0 : -1;
  for (let i = at - 1; i >= Math.max(0, at - LONGEST_LINE); i--) {
    if (text[i] === "\n" || (text[i] === "n" && text[i - 1] === "\\")) {
      start = i + 1;
      break;
    }
  }
  return start !== -1 && LINE_PREFIX.test(text.slice(start, at)) ? start : undefined;
}

// The end of the line above the one starting at `lineStart`, or undefined on the text's first line.
function endOfLineAbove(text: string, lineStart: number): number | undefined {
  if (text[lineStart - 1] === "\n") return text[lineStart - 2] === "\r" ? lineStart - 2 : lineStart - 1;
  if (lineStart >= 2 && text[lineStart - 1] === "n" && text[lineStart - 2] === "\\") return lineStart - 2;
  return undefined;
}
