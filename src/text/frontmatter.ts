import { readPlainFrontmatter, writePlainFrontmatter } from "./plain-frontmatter.js";
import { yaml } from "./yaml.js";

/** A document split at its front matter. */
export interface FrontmatterRead {
  /** The fields, `{}` when there is no front matter or it could not be read as data. */
  data: Record<string, unknown>;
  /** Everything after the front matter; the whole text when there is none. */
  body: string;
  /** How the front matter was written, when there is one. */
  language?: "yaml" | "json";
  /** The front matter's own text, between the fences. */
  raw?: string;
  /**
   * Why the front matter is not data: written in another language (`---js`,
   * `---toml`), not valid YAML or JSON, or not a mapping. Such a file must be
   * left as it is.
   */
  problem?: string;
}

const OPEN = /^---([^\n]*)\n/;
const CLOSE = /^---[ \t]*$/m;
// Keys that would reach an object's prototype if a caller ever assigned them.
const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** The text after a document's front matter, found as `readFrontmatter` finds it, its fields not parsed. */
export function frontmatterBody(text: string): string {
  return splitFrontmatter(text).body;
}

// The fences found: the opening line's marker, the text between, the body after; or the whole text as body.
function splitFrontmatter(text: string): { body: string; marker?: string; raw?: string } {
  const source = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const open = OPEN.exec(source);
  if (!open) return { body: source };
  const rest = source.slice(open[0].length);
  const close = CLOSE.exec(rest);
  if (!close) return { body: source };
  const afterClose = rest.slice(close.index + close[0].length);
  return { body: afterClose.startsWith("\n") ? afterClose.slice(1) : afterClose, marker: open[1]!, raw: rest.slice(0, close.index) };
}

/**
 * The one front matter reader of the project, on every path: memory files,
 * summaries, daily logs, model answers, cassettes. Front matter is data:
 * YAML, or JSON parsed as JSON; any other language marker is refused and
 * nothing in it is evaluated. Text must use `\n` line endings.
 */
export function readFrontmatter(text: string): FrontmatterRead {
  const { body, marker: opening, raw } = splitFrontmatter(text);
  if (opening === undefined || raw === undefined) return { data: {}, body };
  const marker = opening.trim().toLowerCase();
  const language = marker === "" || marker === "yaml" || marker === "yml" ? "yaml" : marker === "json" ? "json" : undefined;
  if (!language) return { data: {}, body, raw, problem: `front matter marked '${opening.trim()}' is not read: only YAML or JSON front matter is data` };
  const plain = language === "yaml" ? readPlainFrontmatter(raw) : undefined;
  if (plain) {
    const data: Record<string, unknown> = {};
    for (const [key, value] of plain) if (!UNSAFE_KEYS.has(key)) data[key] = value;
    return { data, body, raw, language };
  }
  let parsed: unknown;
  try {
    // An unknown tag (`!!js/function`) is read as the plain text it holds; YAML's own warning about it
    // would print several lines on stderr, outside the tool's one-line warnings.
    parsed =
      language === "json"
        ? JSON.parse(raw)
        : raw.trim() === ""
          ? {}
          : yaml().parse(raw, { schema: "core", maxAliasCount: 100, uniqueKeys: false, logLevel: "error" });
  } catch (error) {
    // YAML counts lines from the first field; the file's own line is one further (the opening `---`).
    const reason = (error as Error).message
      .split("\n")[0]!
      .replace(/ at line (\d+), column (\d+):?$/, (_, line: string, column: string) => ` at line ${Number(line) + 1}, column ${column}`);
    return { data: {}, body, raw, language, problem: `front matter is not valid ${language === "json" ? "JSON" : "YAML"} (${reason})` };
  }
  if (parsed === null || parsed === undefined) return { data: {}, body, raw, language };
  if (typeof parsed !== "object" || Array.isArray(parsed)) return { data: {}, body, raw, language, problem: "front matter is not a list of fields" };
  const data: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(parsed)) if (!UNSAFE_KEYS.has(key)) data[key] = value;
  return { data, body, raw, language };
}

/** Front matter (keys in the order given) and a body, ending in one newline. */
export function renderFrontmatter(data: Record<string, unknown>, body: string): string {
  return `---\n${frontmatterFields(data)}---\n\n${body.trim()}\n`;
}

/** The fields between the fences, as YAML writes them (directly when they are plain). */
export function frontmatterFields(data: Record<string, unknown>): string {
  // yaml double-quotes a string holding DEL but writes the DEL as it is, which its own reader (as
  // YAML 1.2 asks) drops: escaped, a log's name with one in it reads back as it was.
  return writePlainFrontmatter(data) ?? yaml().stringify(data, { lineWidth: 0 }).replace(/\x7f/g, "\\x7F");
}
