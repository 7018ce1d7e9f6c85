import type { LogEntry } from "../../logs/log-types.js";

/** One statement of a log the offline model weighs on its own: a seed 004 entry, a bullet or a paragraph. */
export interface LogItem {
  date: string;
  file: string;
  /** The heading (and sub-heading) the item sits under, e.g. `Session 2 (15:30–17:00) › Blockers`. */
  context: string;
  /** Seed 004 type word, when the item is a whole typed entry. */
  kind?: string;
  /** Title of a typed entry. */
  title?: string;
  /** The item's full text, markdown kept. */
  text: string;
}

const LIST_ITEM = /^ {0,3}(?:[-*+]|\d+[.)])\s+/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const SUB_HEADING = /^\s{0,3}#{1,6}\s+(.*)$/;

/** Breaks entries into items. Frontmatter and code blocks are not statements and are left out. */
export function extractItems(entries: LogEntry[]): LogItem[] {
  const items: LogItem[] = [];
  for (const entry of entries) {
    if (entry.shape === "frontmatter") continue;
    const lines = entry.text.split("\n");
    const body = entry.shape === "heading" ? lines.slice(1) : lines;
    if (entry.kind && entry.heading) {
      const title = entry.heading.replace(/^.*?\b[a-z]+:\s*/i, "").trim();
      items.push({ date: entry.date, file: entry.file, context: "", kind: entry.kind, title, text: body.join("\n").trim() });
      continue;
    }
    items.push(...splitBlocks(body, entry));
  }
  return items;
}

function splitBlocks(lines: string[], entry: LogEntry): LogItem[] {
  const items: LogItem[] = [];
  const heading = entry.heading ?? "";
  let subHeading = "";
  let current: string[] = [];
  let fence: string | undefined;
  const flush = () => {
    const text = current.join("\n").trim();
    if (text) items.push({ date: entry.date, file: entry.file, context: [heading, subHeading].filter(Boolean).join(" › "), text });
    current = [];
  };
  for (const line of lines) {
    const fenceMatch = FENCE.exec(line);
    if (fence !== undefined) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && line.trim().length >= fence.length && /^[`~]+$/.test(line.trim())) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      flush();
      fence = fenceMatch[1]!;
      continue;
    }
    const sub = SUB_HEADING.exec(line);
    if (sub) {
      flush();
      subHeading = sub[1]!.trim();
      continue;
    }
    if (line.trim() === "" || LIST_ITEM.test(line)) flush();
    if (line.trim() !== "") current.push(line);
  }
  flush();
  return items;
}
