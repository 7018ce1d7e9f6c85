/** A daily log file found in the memory directory. */
export interface LogFile {
  /** Path relative to the memory directory, with `/` separators. */
  relPath: string;
  /** The date the file name starts with, `YYYY-MM-DD`. */
  date: string;
}

/** Kinds named in seed 004 timestamped headings (`## [14:30] decision: …`), or other words found there. */
export type EntryKind = string;

/**
 * One entry of a daily log: a contiguous run of lines that keeps its full
 * text and its position, so whatever is built from it can name its source.
 */
export interface LogEntry {
  /** Path of the log relative to the memory directory. */
  file: string;
  /** The nearest date heading above the entry, else the file's date. */
  date: string;
  /** First line, 1-based, inclusive. */
  startLine: number;
  /** Last non-blank line, 1-based, inclusive. */
  endLine: number;
  /** Heading text without the `#` marks, if the entry starts with a heading. */
  heading?: string;
  /** `HH:MM` when the heading carries a time. */
  time?: string;
  /** The type word of a seed 004 heading: decision, outcome, blocker, lesson… */
  kind?: EntryKind;
  /** `frontmatter` for a YAML frontmatter block, `heading` for a section, `block` otherwise. */
  shape: "frontmatter" | "heading" | "block";
  /** The entry's lines exactly as read (after decoding and line-ending normalisation). */
  text: string;
}

/** `2026-03-02.md#L12-L14` */
export function entryAnchor(entry: Pick<LogEntry, "file" | "startLine" | "endLine">): string {
  return entry.startLine === entry.endLine ? `${entry.file}#L${entry.startLine}` : `${entry.file}#L${entry.startLine}-L${entry.endLine}`;
}
