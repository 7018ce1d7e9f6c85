// Escapes that never match a line break: digits, word and non-space characters, letter and number
// classes, scripts, and escaped punctuation. `\s`, `\W`, `\D`, `\b` and anything not listed are not here.
const SAFE_ESCAPE = /^\\(?:[dwS]|p\{(?:L|Lu|Ll|Lt|Lm|Lo|M|Mn|Mc|Me|N|Nd|Nl|No|Script=[A-Za-z_]+)\}|[()[\]{}.*+?^$|\\/'":,;!#&%@~`<>=-])/u;
const GROUP_OPENING = /^\((?:\?(?::|=|!|<=|<!))?/;

/**
 * Whether a cue (a small regular expression of a cue table) might match a
 * line break, or look at one from a lookaround: conservative, so anything it
 * cannot read as harmless counts as spanning. A text's cues that cannot span
 * lines are the cues of its lines taken one at a time; the others must be
 * asked of the whole text.
 */
export function maySpanLines(source: string): boolean {
  let i = 0;
  while (i < source.length) {
    const char = source[i]!;
    if (char === "\\") {
      const safe = SAFE_ESCAPE.exec(source.slice(i));
      if (!safe) return true;
      i += safe[0].length;
    } else if (char === "[") {
      const end = classEnd(source, i);
      if (end === -1) return true;
      i = end + 1;
    } else if (char === "(") {
      i += GROUP_OPENING.exec(source.slice(i))![0].length;
    } else if (char === "." || char === "^" || char === "$" || char === "\n") {
      return true;
    } else {
      i++;
    }
  }
  return false;
}

// The index of the `]` closing a harmless character class opened at `start`, or -1: a negated class,
// a range around the line break, or an escape not known to be harmless may match one.
function classEnd(source: string, start: number): number {
  if (source[start + 1] === "^") return -1;
  let previous = -1;
  for (let i = start + 1; i < source.length; ) {
    const char = source[i]!;
    if (char === "]") return i;
    if (char === "\\") {
      const safe = SAFE_ESCAPE.exec(source.slice(i));
      if (!safe) return -1;
      i += safe[0].length;
      previous = -1;
    } else if (char === "-" && previous !== -1 && source[i + 1] !== "]") {
      const high = source.codePointAt(i + 1)!;
      if (high === 0x5c || (previous <= 0x0a && high >= 0x0a)) return -1;
      i += String.fromCodePoint(high).length + 1;
      previous = -1;
    } else {
      const code = source.codePointAt(i)!;
      if (code === 0x0a) return -1;
      previous = code;
      i += String.fromCodePoint(code).length;
    }
  }
  return -1;
}
