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
 * Decodes a file's bytes: UTF-8 (BOM or not), or UTF-16 LE/BE with a BOM
 * (or without one, told by its NUL bytes), or Windows-1252 (Latin-1) when no
 * byte of it reads as UTF-8. Nothing stops a run: invalid UTF-8 is replaced
 * with U+FFFD, NUL and other control characters are removed, and a warning
 * names the file and line.
 */
export function decodeText(bytes: Uint8Array, source: string): DecodedText {
  const problems: Problem[] = [];
  let text: string;
  const bomless = hasBom(bytes) ? undefined : utf16Without(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = utf16le.decode(bytes);
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = utf16be.decode(bytes);
  else if (bomless) {
    text = (bomless === "le" ? utf16le : utf16be).decode(bytes);
    problems.push({ source, line: 1, ruleId: "utf16-without-bom", message: `UTF-16 ${bomless.toUpperCase()} without a byte order mark: read as such` });
  } else {
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      if (!holdsUtf8Sequence(bytes)) {
        text = decodeWindows1252(bytes);
        problems.push({ source, line: 1, ruleId: "not-utf8", message: "not UTF-8: read as Windows-1252 (Latin-1)" });
      } else {
        text = lenientUtf8.decode(bytes);
        const firstBad = text.indexOf("\uFFFD");
        const line = text.slice(0, Math.max(firstBad, 0)).split("\n").length;
        problems.push({ source, line, ruleId: "invalid-utf8", message: "invalid UTF-8, replaced with U+FFFD" });
      }
    }
  }
  const controls = countControlCharacters(text);
  if (controls.count > 0) {
    problems.push({ source, line: controls.firstLine, ruleId: "control-characters", message: `${controls.count} NUL or control character(s) removed` });
  }
  return { text: cleanText(text), problems };
}

function hasBom(bytes: Uint8Array): boolean {
  return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
}

// UTF-16 with no byte order mark: text in a Latin script has a NUL in every other byte, on one side. At
// least a quarter of the bytes NUL, nine in ten of them on that side (UTF-8 text holds none to speak of).
function utf16Without(bytes: Uint8Array): "le" | "be" | undefined {
  if (bytes.length < 4 || bytes.length % 2 !== 0) return undefined;
  const sample = bytes.subarray(0, Math.min(bytes.length, 64 * 1024));
  let even = 0;
  let odd = 0;
  for (let i = 0; i < sample.length; i++) if (sample[i] === 0) i % 2 === 0 ? even++ : odd++;
  const nuls = even + odd;
  if (nuls < sample.length / 4) return undefined;
  const side = odd >= nuls * 0.9 ? "le" : even >= nuls * 0.9 ? "be" : undefined;
  // Throughout, not in one part: a UTF-8 log with a UTF-16 fragment pasted into it is UTF-8.
  return side && nulsThroughout(sample, side === "le" ? 1 : 0) ? side : undefined;
}

const WINDOW = 1024;

function nulsThroughout(sample: Uint8Array, parity: number): boolean {
  for (let from = 0; from < sample.length; from += WINDOW) {
    const window = sample.subarray(from, from + WINDOW);
    let nuls = 0;
    for (let i = parity; i < window.length; i += 2) if (window[i] === 0) nuls++;
    if (nuls < window.length / 8) return false;
  }
  return true;
}

// A multi-byte UTF-8 sequence anywhere: then the text is UTF-8 with some bytes broken, not another encoding.
function holdsUtf8Sequence(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte < 0xc2 || byte > 0xf4) continue;
    const length = byte < 0xe0 ? 2 : byte < 0xf0 ? 3 : 4;
    let valid = i + length <= bytes.length;
    for (let k = 1; valid && k < length; k++) valid = (bytes[i + k]! & 0xc0) === 0x80;
    if (valid) return true;
  }
  return false;
}

// Windows-1252's 0x80–0x9F (Latin-1 has controls there), by byte; the five bytes it leaves out stay
// controls, and are removed with the others. Node's own decoder of that name reads Latin-1.
const CP1252_HIGH = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";

function decodeWindows1252(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += 8192) {
    const chunk = bytes.subarray(start, start + 8192);
    text += String.fromCharCode(...Array.from(chunk, (byte) => (byte >= 0x80 && byte <= 0x9f ? CP1252_HIGH.charCodeAt(byte - 0x80) : byte)));
  }
  return text;
}
