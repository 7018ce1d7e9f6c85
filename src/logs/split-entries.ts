import { type MarkdownBlock, topLevelBlocks } from "../text/markdown.js";
import type { LogEntry } from "./log-types.js";
import { clearDateOf, readHeading } from "./read-heading.js";

interface EntryStart {
  line: number;
  shape: LogEntry["shape"];
  depth?: number;
}

/**
 * Splits a log into entries that together cover every line: each entry runs
 * from its start to the line before the next one, so no text is ever dropped.
 * Sections start at headings of the file's top two levels, and at deeper
 * headings that lead with a clear date; a file without headings is split at each
 * paragraph and list item.
 */
export function splitEntries(text: string, file: string, fileDate: string): LogEntry[] {
  const lines = text.split("\n");
  // A heading below the split level starts an entry too when it leads with a date that is clearly one
  // (`### Tue 3/4/25` under `## Week 10`): the entry after it is that day's. `### Step 1/3: schema` is no date.
  const isDateHeading = (node: MarkdownBlock) => clearDateOf(headingText(lines[node.startLine - 1]!), node.depth, fileDate) !== undefined;
  const starts = findEntryStarts(topLevelBlocks(text), isDateHeading);
  if (starts.length === 0) return [];
  starts[0] = { ...starts[0]!, line: 1 };

  const entries: LogEntry[] = [];
  let currentDate = fileDate;
  for (const [index, start] of starts.entries()) {
    const next = starts[index + 1]?.line ?? lines.length + 1;
    let first = start.line;
    let last = next - 1;
    while (first <= last && lines[first - 1]!.trim() === "") first++;
    while (last >= first && lines[last - 1]!.trim() === "") last--;
    if (first > last) continue;

    const entryText = lines.slice(first - 1, last).join("\n");
    const entry: LogEntry = { file, date: currentDate, startLine: first, endLine: last, shape: start.shape, text: entryText };
    if (start.shape === "heading") {
      const heading = headingText(lines[start.line - 1]!);
      const facts = readHeading(heading, start.depth ?? 2, currentDate);
      if (facts.date) currentDate = facts.date;
      entry.date = currentDate;
      entry.heading = heading;
      if (facts.time) entry.time = facts.time;
      if (facts.kind) entry.kind = facts.kind;
    }
    entries.push(entry);
  }
  return entries;
}

function findEntryStarts(nodes: MarkdownBlock[], isDateHeading: (node: MarkdownBlock) => boolean): EntryStart[] {
  const headingDepths = nodes.flatMap((node) => (node.type === "heading" ? [node.depth] : []));
  if (headingDepths.length === 0) return nodes.flatMap(blockStarts);

  const belowTop = headingDepths.filter((depth) => depth >= 2);
  // Only top-level headings (`# 2026-04-02`): they title the day, and its paragraphs are the entries.
  if (belowTop.length === 0) {
    return nodes.flatMap((node) => (node.type === "heading" ? [{ line: node.startLine, shape: "heading" as const, depth: 1 }] : blockStarts(node)));
  }
  const splitDepth = Math.max(
    2,
    belowTop.reduce<number>((min, depth) => Math.min(min, depth), 6),
  );
  const starts: EntryStart[] = [];
  let sawHeading = false;
  let afterFrontmatter = false;
  for (const node of nodes) {
    const line = node.startLine;
    if (node.type === "yaml") {
      starts.push({ line, shape: "frontmatter" });
      afterFrontmatter = true;
    } else if (node.type === "heading" && (node.depth <= splitDepth || isDateHeading(node))) {
      starts.push({ line, shape: "heading", depth: node.depth });
      sawHeading = true;
      afterFrontmatter = false;
    } else if (!sawHeading && (starts.length === 0 || afterFrontmatter)) {
      starts.push({ line, shape: "block" });
      afterFrontmatter = false;
    }
  }
  return starts;
}

function blockStarts(node: MarkdownBlock): EntryStart[] {
  if (node.type === "yaml") return [{ line: node.startLine, shape: "frontmatter" }];
  if (node.type === "list") {
    return node.children.map((item) => ({ line: item.startLine, shape: "block" as const }));
  }
  return [{ line: node.startLine, shape: "block" }];
}

function headingText(line: string): string {
  const atx = /^\s{0,3}#{1,6}(?:\s+|$)(.*?)(?:\s+#+\s*)?$/.exec(line);
  return (atx ? atx[1]! : line).trim();
}
