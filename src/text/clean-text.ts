// C0 controls other than tab and newline, and DEL: never part of a memory. Nor are the bidirectional
// embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make a line read otherwise
// than it is stored ("Trojan Source"); the marks U+200E and U+200F that right-to-left text uses stay.
const BIDI = String.raw`\u202A-\u202E\u2066-\u2069`;
const CONTROL = new RegExp(String.raw`[\u0000-\u0008\u000B-\u001F\u007F${BIDI}]`, "g");

// The bidirectional controls alone: YAML writes them as they are (they are printable to it), so
// `cleanText` takes them out of front matter too, where the other controls are escaped and stay.
const BIDI_CONTROL = new RegExp(`[${BIDI}]`, "g");

/** A front-matter value as it reads back once its file went through `cleanText`. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROL, "");
}

/** CRLF and lone CR become LF, so line numbers agree with every editor. */
export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

/** Text safe to write: `\n` line endings, no NUL or other control characters. */
export function cleanText(text: string): string {
  return normaliseLineEndings(text).replace(CONTROL, "");
}

/** How many control characters `cleanText` would remove, and the first line holding one. */
export function countControlCharacters(text: string): { count: number; firstLine: number } {
  const normalised = normaliseLineEndings(text);
  const first = normalised.search(CONTROL);
  if (first === -1) return { count: 0, firstLine: 0 };
  return { count: normalised.match(CONTROL)!.length, firstLine: normalised.slice(0, first).split("\n").length };
}
