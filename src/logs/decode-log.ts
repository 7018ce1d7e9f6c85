import type { Problem } from "../problems/problem.js";

/** Text of a log ready for parsing: BOM removed, line endings `\n`. */
export interface DecodedLog {
  text: string;
  problems: Problem[];
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });

/**
 * Decodes a log's bytes. Invalid UTF-8 never stops a run: bytes are replaced
 * with U+FFFD and a warning names the file and the first line affected.
 */
export function decodeLog(bytes: Uint8Array, source: string): DecodedLog {
  const problems: Problem[] = [];
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    text = lenientUtf8.decode(bytes);
    const firstBad = text.indexOf("\uFFFD");
    const line = text.slice(0, Math.max(firstBad, 0)).split("\n").length;
    problems.push({ source, line, ruleId: "invalid-utf8", message: "invalid UTF-8, replaced with U+FFFD" });
  }
  return { text: normaliseLineEndings(text), problems };
}

/** CRLF and lone CR become LF, so line numbers agree with every editor. */
export function normaliseLineEndings(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}
