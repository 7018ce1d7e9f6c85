/**
 * Front matter in the shape this project writes it, read without a YAML
 * parser: `key: value` lines, and `key:` lines followed by `  - item` lines,
 * every value a string that YAML's core schema reads as exactly that string
 * (plain, single-quoted, or double-quoted with no escape). Anything else — a
 * number, a boolean, a null, an escape, a comment, a flow collection, an
 * anchor, a tag, a block scalar, a line that continues a value, a key met
 * twice — is left to YAML itself: the fields come back only when YAML would
 * read the same ones.
 *
 * A long run reads back every memory it writes; YAML's parser took about a
 * twentieth of it, for front matter that is a few names, dates and sources.
 */
export function readPlainFrontmatter(raw: string): [string, string | string[]][] | undefined {
  const fields: [string, string | string[]][] = [];
  const seen = new Set<string>();
  const lines = raw.split("\n");
  // The text between the fences ends with the line break before the closing fence.
  const count = lines.at(-1) === "" ? lines.length - 1 : lines.length;
  let list: string[] | undefined;
  for (let i = 0; i < count; i++) {
    const line = lines[i]!;
    if (line.startsWith(ITEM)) {
      const item = stringValue(line.slice(ITEM.length));
      if (list === undefined || item === undefined) return undefined;
      list.push(item);
      continue;
    }
    if (list !== undefined && list.length === 0) return undefined;
    list = undefined;
    const colon = line.indexOf(":");
    if (colon <= 0) return undefined;
    const key = line.slice(0, colon);
    if (!KEY.test(key) || NOT_A_STRING.test(key) || seen.has(key)) return undefined;
    seen.add(key);
    const rest = line.slice(colon + 1);
    if (rest === "") {
      list = [];
      fields.push([key, list]);
      continue;
    }
    if (!rest.startsWith(" ")) return undefined;
    const value = stringValue(rest.slice(1));
    if (value === undefined) return undefined;
    fields.push([key, value]);
  }
  if ((list !== undefined && list.length === 0) || fields.length === 0) return undefined;
  return fields;
}

const ITEM = "  - ";
const KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
// What the core schema reads as null, a boolean or a number: YAML's own tests, joined.
const NOT_A_STRING =
  /^(?:~|[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN|0o[0-7]+|0x[0-9a-fA-F]+|[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?)$/;
// Printable characters only: no control or format character YAML refuses or reads as a line break,
// no byte order mark, no lone surrogate; tabs and non-breaking spaces go to YAML too.
const UNPRINTABLE = /[^\x20-\x7e\u00a1-\u2027\u202a-\ufefe\uff00-\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
// A plain value may not start with an indicator, hold a comment or a `key: ` separator, or end
// with a colon or a space.
const PLAIN_START = /^[-?:,[\]{}#&*!|>'"%@`\s]/;

function stringValue(text: string): string | undefined {
  if (text === "" || UNPRINTABLE.test(text)) return undefined;
  if (text.startsWith('"')) {
    if (text.length < 2 || !text.endsWith('"')) return undefined;
    const inner = text.slice(1, -1);
    return inner.includes('"') || inner.includes("\\") ? undefined : inner;
  }
  if (text.startsWith("'")) {
    // Single quotes escape nothing but a quote, written twice.
    if (text.length < 2 || !text.endsWith("'")) return undefined;
    const parts = text.slice(1, -1).split("''");
    return parts.some((part) => part.includes("'")) ? undefined : parts.join("'");
  }
  if (PLAIN_START.test(text) || text.includes(": ") || text.includes(" #") || text.endsWith(":") || text.endsWith(" ")) return undefined;
  return NOT_A_STRING.test(text) ? undefined : text;
}

/**
 * Front matter as YAML writes it (`YAML.stringify(data, { lineWidth: 0 })`),
 * byte for byte, when every field is a string, a list of strings, a number
 * or a boolean that YAML writes on one line without escapes; undefined when
 * only YAML can tell. A long run writes every memory it changes, and YAML
 * built a whole document for a few names, dates and sources.
 */
export function writePlainFrontmatter(data: Record<string, unknown>): string | undefined {
  let out = "";
  for (const [key, value] of Object.entries(data)) {
    if (!KEY.test(key) || NOT_A_STRING.test(key)) return undefined;
    if (Array.isArray(value)) {
      if (value.length === 0) return undefined;
      out += `${key}:\n`;
      for (const item of value) {
        const written = typeof item === "string" ? yamlString(item) : undefined;
        if (written === undefined) return undefined;
        out += `${ITEM}${written}\n`;
      }
      continue;
    }
    const written = typeof value === "string" ? yamlString(value) : scalar(value);
    if (written === undefined) return undefined;
    out += `${key}: ${written}\n`;
  }
  return out === "" ? undefined : out;
}

/** A string as YAML writes it when it fits on its line without an escape; undefined when only YAML can tell. */
function yamlString(value: string): string | undefined {
  if (value === "" || !WRITTEN_AS_IS.test(value) || DOCUMENT_MARKER.test(value)) return undefined;
  if (!NOT_PLAIN.test(value) && !NOT_A_STRING.test(value)) return value;
  // Quoted: in double quotes, or in single quotes when it holds a double quote and no single one.
  if (!value.includes('"')) return `"${value}"`;
  return value.includes("'") ? undefined : `'${value}'`;
}

function scalar(value: unknown): string | undefined {
  if (typeof value === "boolean") return String(value);
  if (typeof value !== "number" || !Number.isFinite(value)) return undefined;
  return Object.is(value, -0) ? "-0" : JSON.stringify(value);
}

// Printable characters and plain spaces: no control, format, private or other space character, no
// backslash (each is escaped, or decides the quotes, in ways only YAML tells).
const WRITTEN_AS_IS = /^(?:[^\p{C}\p{Z}\\]| )*$/u;
// YAML's own test of text it cannot write plain: an indicator first, `: ` or ` #` inside, a colon or
// space last (yaml 2, stringifyString).
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/;
const DOCUMENT_MARKER = /^(?:%|---|\.\.\.)/;
