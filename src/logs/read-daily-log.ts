import type { Problem } from "../problems/problem.js";
import { redactionModule } from "../store/lazy-redaction.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { decodeText } from "../text/decode-text.js";
import { readFrontmatter } from "../text/frontmatter.js";
import { sha256 } from "../text/hash.js";
import type { LogEntry, LogFile } from "./log-types.js";
import type { RedactionResult } from "./redact-secrets.js";
import { splitEntries } from "./split-entries.js";

/** A daily log read, redacted, split into entries and given absolute dates. */
export interface DailyLog {
  file: LogFile;
  /** sha256 of the file's bytes as found, to notice later edits. */
  sha256: string;
  /** The text as it may leave for a model: secrets redacted (unless read with `redact: false`), relative dates resolved. */
  text: string;
  entries: LogEntry[];
  /** Secrets replaced in this file. */
  redactions: number;
  redactionKinds: string[];
  /** Relative dates given an absolute date. */
  resolvedDates: number;
  problems: Problem[];
}

/** How a log is read. */
export interface ReadLogOptions {
  /**
   * Give relative dates in words (`yesterday`, `next Friday`) their absolute date (default true).
   * Counting a log's sessions needs its entries, not the dates in their text: without, no date parser is loaded.
   */
  resolveDates?: boolean;
  /**
   * Redact secrets (default true). Counting a log's sessions reads its entries and never shows or sends its text:
   * without, the redaction rules are not loaded. The text then holds what the file does.
   */
  redact?: boolean;
}

// Resolving dates is loaded when a log's dates are first resolved: counting sessions never resolves them.
let dates: Promise<typeof import("./resolve-relative-dates.js")> | undefined;
function datesModule(): Promise<typeof import("./resolve-relative-dates.js")> {
  dates ??= import("./resolve-relative-dates.js");
  return dates;
}

// The redaction rules are loaded when a log is first redacted: counting sessions never is.
async function redactedText(text: string, redact: boolean): Promise<RedactionResult> {
  if (!redact) return { text, count: 0, kinds: [] };
  return (await redactionModule()).redactSecrets(text);
}

/**
 * Reads one log through the memory dir's jail (size limit included). Odd
 * content becomes problems; a log that may not be read (a link out of the
 * directory, a FIFO) is undefined, with its problem in `skipped`.
 */
export async function readDailyLog(
  dir: MemoryDir,
  file: LogFile,
  maxBytes?: number | undefined,
  options: ReadLogOptions = {},
): Promise<DailyLog | { skipped: Problem }> {
  const read = await dir.readInput(file.relPath, maxBytes);
  if ("skipped" in read) return read;
  return readLogBytes(file, read.bytes, options);
}

const INVISIBLE_LINE_START = /^[\uFEFF\u200B\u2060]+/gm;

/** Decodes, redacts, splits and dates a log's bytes. */
export async function readLogBytes(file: LogFile, bytes: Uint8Array, options: ReadLogOptions = {}): Promise<DailyLog> {
  const decoded = decodeText(bytes, file.relPath);
  // A byte order mark or zero-width space at a line's start (logs joined with `cat`, text pasted from a chat)
  // is invisible, but hides the heading or list marker after it from the markdown parser.
  const text = decoded.text.replace(INVISIBLE_LINE_START, "");
  const frontmatter = readFrontmatter(text);
  // The log is still read as text: what is not data is read as part of the log, a `---` rule and what follows it.
  if (frontmatter.problem && meantAsFrontmatter(text, frontmatter.raw ?? "")) {
    decoded.problems.push({ source: file.relPath, line: 1, ruleId: "unreadable-frontmatter", message: `${frontmatter.problem}; read as part of the log` });
  }
  const redacted = await redactedText(text, options.redact !== false);
  const entries = splitEntries(redacted.text, file.relPath, file.date);
  const unclosed = unclosedFence(redacted.text);
  if (unclosed) {
    decoded.problems.push({
      source: file.relPath,
      line: unclosed.line,
      ruleId: "unclosed-code-fence",
      message: `a code fence opened here is never closed: the ${unclosed.headings} heading(s) after it are read as code, inside one entry`,
    });
  }

  // Resolving a date adds text inside a line, never a line: entries keep their line numbers.
  const lines = redacted.text.split("\n");
  let resolvedDates = 0;
  if (options.resolveDates !== false) {
    const { resolveRelativeDates } = await datesModule();
    for (const entry of entries) {
      const resolved = resolveRelativeDates(entry.text, entry.date);
      if (resolved.count === 0) continue;
      resolvedDates += resolved.count;
      entry.text = resolved.text;
      resolved.text.split("\n").forEach((line, i) => {
        lines[entry.startLine - 1 + i] = line;
      });
    }
  }
  return {
    file,
    sha256: sha256(bytes),
    text: lines.join("\n"),
    entries,
    redactions: redacted.count,
    redactionKinds: redacted.kinds,
    resolvedDates,
    problems: decoded.problems,
  };
}

// A log may open with a rule: a longer one (`-----`), or `---` over markdown (`## [09:00] …`, a list), which an
// agent appending `---` before each entry writes. Only `---` naming a language, or over a `key:` line, was front matter.
const OPENING_FENCE = /^\uFEFF?---[ \t]*(\w*)[ \t]*$/;
const FIELD = /^[\w"'][\w .'"-]*:(?:\s|$)/m;

function meantAsFrontmatter(text: string, between: string): boolean {
  const opening = OPENING_FENCE.exec(text.slice(0, text.indexOf("\n")));
  return opening !== null && (opening[1] !== "" || FIELD.test(between));
}

// A fence (``` or ~~~, three or more) left open to the end of the file, and the headings it hides.
function unclosedFence(text: string): { line: number; headings: number } | undefined {
  if (!text.includes("```") && !text.includes("~~~")) return undefined;
  let open: { line: number; char: string; length: number } | undefined;
  let headings = 0;
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (open) {
      if (fence && fence[1]![0] === open.char && fence[1]!.length >= open.length && line.trim() === fence[1]) open = undefined;
      else if (/^#{1,6}[ \t]/.test(line)) headings++;
    } else if (fence && !(fence[1]![0] === "`" && line.slice(fence[0].length).includes("`"))) {
      open = { line: i + 1, char: fence[1]![0]!, length: fence[1]!.length };
      headings = 0;
    }
  });
  return open && headings > 0 ? { line: open.line, headings } : undefined;
}
