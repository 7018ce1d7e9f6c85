import type { Problem } from "../problems/problem.js";
import { cleanText, countControlCharacters } from "./clean-text.js";

/** Text ready for parsing: BOM removed, `\n` line endings, no control characters. */
export interface DecodedText {
  text: string;
  problems: Problem[];
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false });
const lenientUtf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: false });
const utf16le = new TextDecoder("utf-16le", { fatal: false, ignoreBOM: false });
const utf16be = new TextDecoder("utf-16be", { fatal: false, ignoreBOM: false });

/**
 * Decodes a file's bytes: UTF-8 (BOM or not), or UTF-16 LE/BE with a BOM.
 * Nothing stops a run: invalid UTF-8 is replaced with U+FFFD, NUL and other
 * control characters are removed, and a warning names the file and line.
 */
export function decodeText(bytes: Uint8Array, source: string): DecodedText {
  const problems: Problem[] = [];
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = utf16le.decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = utf16be.decode(bytes);
  else {
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      text = lenientUtf8.decode(bytes);
      const firstBad = text.indexOf("\uFFFD");
      const line = text.slice(0, Math.max(firstBad, 0)).split("\n").length;
      problems.push({ source, line, ruleId: "invalid-utf8", message: "invalid UTF-8, replaced with U+FFFD" });
    }
  }
  const controls = countControlCharacters(text);
  if (controls.count > 0) {
    problems.push({ source, line: controls.firstLine, ruleId: "control-characters", message: `${controls.count} NUL or control character(s) removed` });
  }
  return { text: cleanText(text), problems };
}
