import { ConfigError } from "../errors/config-error.js";

/**
 * A config file that does not parse, said by line and column and in words of our own: the
 * parsers' messages quote the text around the error (JSON.parse in some Node versions: `Unexpected
 * token 's', "{"key": sk-proj-"... is not valid JSON`; yaml: `Unsupported YAML version …`), and a
 * key pasted into a config would be printed with them.
 */
export function notValidJson(file: string, text: string): ConfigError {
  const error = findJsonError(text);
  return notValid(file, "JSON", error && { ...lineColumn(text, error.offset), reason: error.reason });
}

/** What the yaml library's error codes mean where its code alone would not say (others are shown as words), and two of ours. */
const YAML_REASONS: Record<string, string> = {
  DUPLICATE_KEY: "a key given twice",
  TAB_AS_INDENT: "a tab used to indent",
  MISSING_CHAR: "a closing quote or bracket missing",
  TAG_RESOLVE_FAILED: "a tag (!!…) the core schema does not know",
  MULTIPLE_DOCS: "more than one document",
  BLOCK_AS_IMPLICIT_KEY: "a key and value where only a value may go (quote the value, or check the indentation)",
  BAD_INDENT: "an indentation that does not line up",
  BAD_DIRECTIVE: "a % directive this YAML reader does not support",
  UNEXPECTED_TOKEN: "a character YAML does not expect there",
  UNRESOLVED_ALIAS: "an alias (*…) whose anchor (&…) is not set before it",
  TOO_MANY_ALIASES: "more aliases than the 100 a config may use, as in a resource exhaustion attack",
};

/**
 * A YAML config that does not parse or cannot be read as data: the first problem found, by its
 * code (the yaml library's, or `UNRESOLVED_ALIAS`, `TOO_MANY_ALIASES`) and position, never its message.
 */
export function notValidYaml(file: string, code: string | undefined, at: { line: number; column: number } | undefined): ConfigError {
  const reason = code === undefined ? "it cannot be read as data" : (YAML_REASONS[code] ?? code.toLowerCase().replaceAll("_", " "));
  return notValid(file, "YAML", at && { ...at, reason }, reason);
}

function notValid(file: string, language: string, at: { line: number; column: number; reason: string } | undefined, reason?: string): ConfigError {
  if (at) return new ConfigError(`${file}:${at.line}:${at.column}: not valid ${language}: ${at.reason}`, { file });
  return new ConfigError(`${file}: not valid ${language}${reason ? `: ${reason}` : ""}`, { file });
}

/** Where a text stops being JSON, and what JSON wanted there. */
export interface JsonSyntaxError {
  /** Offset of the first character JSON.parse cannot take, in UTF-16 code units. */
  offset: number;
  /** What was wrong there, never quoting the text. */
  reason: string;
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);

/**
 * The first syntax error JSON.parse would find in `text`, or undefined when it is JSON. Iterative,
 * so a file of a million `[` is an error, not a stack overflow.
 */
export function findJsonError(text: string): JsonSyntaxError | undefined {
  let i = 0;
  // Past the last character, whatever was expected, the file ended first.
  const fail = (reason: string, at = i): JsonSyntaxError => ({ offset: at, reason: at >= text.length ? "the file ends too early" : reason });
  const skipWhitespace = () => {
    while (i < text.length && WHITESPACE.has(text[i]!)) i++;
  };
  // Each scanner returns an error, or undefined with `i` just past what it read.
  const string = (): JsonSyntaxError | undefined => {
    i++;
    while (i < text.length) {
      const char = text[i]!;
      if (char === '"') {
        i++;
        return undefined;
      }
      if (char.charCodeAt(0) < 0x20) return fail("a control character in a string (write it as \\n, \\t or \\u00XX)");
      if (char === "\\") {
        const next = text[i + 1];
        if (next === "u") {
          const bad = [0, 1, 2, 3].find((k) => !/[0-9a-fA-F]/.test(text[i + 2 + k] ?? ""));
          if (bad !== undefined) return fail("a \\u escape without four hexadecimal digits", i + 2 + bad);
          i += 6;
        } else if (next !== undefined && ESCAPES.has(next)) i += 2;
        else return fail('an escape JSON does not have (one of \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)', i + 1);
      } else i++;
    }
    return { offset: i, reason: "a string that is never closed" };
  };
  const digits = (): boolean => {
    const start = i;
    while (i < text.length && text[i]! >= "0" && text[i]! <= "9") i++;
    return i > start;
  };
  const number = (): JsonSyntaxError | undefined => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else if (!digits()) return fail("a number with no digits");
    if (text[i] === ".") {
      i++;
      if (!digits()) return fail("a number with no digits after its point");
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      if (!digits()) return fail("a number with no digits in its exponent");
    }
    return undefined;
  };
  const word = (): JsonSyntaxError | undefined => {
    for (const literal of ["true", "false", "null"]) {
      if (literal[0] !== text[i]) continue;
      for (let k = 0; k < literal.length; k++, i++) if (text[i] !== literal[k]) return fail(`a value that is not ${literal}`);
      return undefined;
    }
    if (text[i] === "\uFEFF") return fail("a byte order mark (save the file as UTF-8 without one)");
    return fail("a character that starts no JSON value (text goes in double quotes)");
  };
  // A property name and its colon, `i` at the name.
  const key = (): JsonSyntaxError | undefined => {
    if (text[i] !== '"') return fail("a property name that is not in double quotes (or a comma before a closing brace)");
    const error = string();
    if (error) return error;
    skipWhitespace();
    if (text[i] !== ":") return fail("a property name not followed by ':'");
    i++;
    return undefined;
  };

  const open: ("{" | "[")[] = [];
  for (;;) {
    // A value: an object or array opens (and goes on with its first member), anything else is read whole.
    skipWhitespace();
    const char = text[i];
    if (char === "{" || char === "[") {
      i++;
      skipWhitespace();
      if (text[i] === (char === "{" ? "}" : "]")) i++;
      else {
        open.push(char);
        const error = char === "{" ? key() : undefined;
        if (error) return error;
        continue;
      }
    } else {
      const starts = char === "-" || (char !== undefined && char >= "0" && char <= "9");
      const error = char === '"' ? string() : starts ? number() : word();
      if (error) return error;
    }
    // What follows a value: the end of its object or array, or a comma and the next member.
    for (;;) {
      skipWhitespace();
      const within = open.at(-1);
      if (within === undefined) return i < text.length ? fail("more text after the JSON value") : undefined;
      if (text[i] === (within === "{" ? "}" : "]")) {
        open.pop();
        i++;
        continue;
      }
      if (text[i] !== ",") return fail(within === "{" ? "a property value not followed by ',' or '}'" : "an array item not followed by ',' or ']'");
      i++;
      if (within === "{") {
        skipWhitespace();
        const error = key();
        if (error) return error;
      }
      break;
    }
  }
}

/** The line and column (both from 1) of `offset` in `text`; `\r\n`, `\r` and `\n` each end a line. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let k = 0; k < offset && k < text.length; k++) {
    const char = text[k];
    if (char === "\n" || (char === "\r" && text[k + 1] !== "\n")) {
      line++;
      start = k + 1;
    }
  }
  return { line, column: offset - start + 1 };
}
