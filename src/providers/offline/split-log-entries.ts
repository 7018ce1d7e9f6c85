import type { LogEntry } from "../../logs/log-types.js";
import { readHeading } from "../../logs/read-heading.js";
import { type Block, readBlocks } from "./read-blocks.js";

interface Start {
  line: number;
  shape: LogEntry["shape"];
  depth?: number;
}

const FRONTMATTER_OPEN = /^---\s*$/;
const FRONTMATTER_CLOSE = /^(?:---|\.\.\.)\s*$/;

/**
 * Splits a log into entries as `splitEntries` does (sections at the file's
 * top two heading levels, else paragraphs and list items; each entry runs to
 * the next; dates from date headings), but line by line, without a markdown
 * parser: a prompt may carry tens of thousands of headings and lists, where
 * the parser's time grows faster than the text.
 */
export function splitLogEntries(text: string, file: string, fileDate: string): LogEntry[] {
  const lines = text.split("\n");
  const starts: Start[] = [];
  let bodyStart = 0;
  if (FRONTMATTER_OPEN.test(lines[0] ?? "")) {
    let end = 1;
    while (end < lines.length && !FRONTMATTER_CLOSE.test(lines[end]!)) end++;
    if (end < lines.length) {
      starts.push({ line: 1, shape: "frontmatter" });
      bodyStart = end + 1;
    }
  }
  const blocks = readBlocks(lines.slice(bodyStart).join("\n"), bodyStart + 1);
  for (const start of entryStarts(blocks, starts.length > 0)) starts.push(start);
  if (starts.length === 0) return [];
  starts[0] = { ...starts[0]!, line: 1 };

  const entries: LogEntry[] = [];
  let currentDate = fileDate;
  for (let index = 0; index < starts.length; index++) {
    const start = starts[index]!;
    const next = starts[index + 1]?.line ?? lines.length + 1;
    let first = start.line;
    let last = next - 1;
    while (first <= last && lines[first - 1]!.trim() === "") first++;
    while (last >= first && lines[last - 1]!.trim() === "") last--;
    if (first > last) continue;
    const entry: LogEntry = { file, date: currentDate, startLine: first, endLine: last, shape: start.shape, text: lines.slice(first - 1, last).join("\n") };
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

// Top-level blocks only: a sub-bullet or an indented paragraph belongs to the item above it.
function entryStarts(blocks: Block[], afterFrontmatter: boolean): Start[] {
  const topLevel: Block[] = [];
  let paragraphEnd = -1;
  for (const block of blocks) {
    if (block.depth !== 0 && block.shape !== "heading") continue;
    // Lines read apart for their labels or hard breaks are still one markdown paragraph.
    const continued = block.shape === "paragraph" && block.startLine === paragraphEnd + 1;
    paragraphEnd = block.shape === "paragraph" ? block.endLine : -1;
    if (!continued) topLevel.push(block);
  }
  let minDepth = Number.POSITIVE_INFINITY;
  let anyHeading = false;
  for (const block of topLevel) {
    if (block.shape !== "heading") continue;
    anyHeading = true;
    if (block.depth >= 2) minDepth = Math.min(minDepth, block.depth);
  }
  if (!anyHeading) return topLevel.map((block) => ({ line: block.startLine, shape: "block" as const }));
  // Only top-level headings (`# 2026-04-02`): they title the day, and its paragraphs are the entries.
  if (minDepth === Number.POSITIVE_INFINITY) {
    return topLevel.map((block) => (block.shape === "heading" ? { line: block.startLine, shape: "heading" as const, depth: 1 } : { line: block.startLine, shape: "block" as const }));
  }
  const splitDepth = Math.max(2, minDepth);
  const starts: Start[] = [];
  let sawHeading = false;
  let firstBlock = !afterFrontmatter;
  let nextAfterFrontmatter = afterFrontmatter;
  for (const block of topLevel) {
    if (block.shape === "heading" && block.depth <= splitDepth) {
      starts.push({ line: block.startLine, shape: "heading", depth: block.depth });
      sawHeading = true;
      nextAfterFrontmatter = false;
    } else if (!sawHeading && (firstBlock || nextAfterFrontmatter)) {
      starts.push({ line: block.startLine, shape: "block" });
      nextAfterFrontmatter = false;
    }
    firstBlock = false;
  }
  return starts;
}

function headingText(line: string): string {
  const atx = /^\s{0,3}#{1,6}(?:\s+|$)(.*?)(?:\s+#+\s*)?$/.exec(line);
  return (atx ? atx[1]! : line).trim();
}
