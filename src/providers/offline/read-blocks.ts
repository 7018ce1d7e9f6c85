import { type MarkdownBlock, topLevelBlocks } from "../../text/markdown.js";
import { BOOKKEEPING_NAMES, WrappedText } from "./plain-text.js";

/** The markdown structures a log is made of. */
export type BlockShape = "heading" | "paragraph" | "item" | "table" | "code" | "quote" | "rule" | "comment";

/** One block of an entry: a heading, a paragraph, a list item, a table, a code block, a quote. */
export interface Block {
  shape: BlockShape;
  /** Lines in the log file, 1-based, inclusive. */
  startLine: number;
  endLine: number;
  /** A heading's level; a list item's or indented paragraph's nesting (0 = top level). */
  depth: number;
  /** Markers removed and hard-wrapped lines joined into one line; code and tables keep their lines. */
  text: string;
  /** `1.` items are ordered, `-` items are not. */
  ordered: boolean;
}

// Inside a paragraph, as agents write them: a `**Label:** value` line, a property (`tags:: a, b`, Logseq's
// `SCHEDULED: <…>`) or a `•` line starts a new statement even without a blank line before it; `|` lines
// are a table (markdown without tables reads them as text).
const FIELD_LINE = /^\s*(?:\*\*[^*\n]{1,40}?(?:[:：]\s*\*\*|\*\*\s*[:：])|[\p{L}\p{N}_.-]+::(?:\s|$)|(?:SCHEDULED|DEADLINE):\s*<)/u;
const BULLET_LINE = /^\s*•\s+/;
// Logseq's own bookkeeping (`collapsed:: true`, `id:: 65e8…`) says nothing of the day: the line is no statement,
// and the block's lines after it are read.
const BOOKKEEPING_LINE = new RegExp(String.raw`^\s*${BOOKKEEPING_NAMES}::(?:\s|$)`);
const TABLE_LINE = /^\s*\|/;
const MATH_OPEN = /^\s*\$\$/;
const MATH_CLOSE = /\$\$\s*$/;
const FOLD_FRAME = /^\s*(?:<\/?(?:details|summary)\b[^>]*>\s*(?:[^<]*<\/summary>\s*)?)+$/i;
const HARD_BREAK = /(?: {2}|\\)$/;
const LIST_MARKER = /^\s*(?:[-*+]|\d{1,9}[.)])\s?/;

/**
 * Reads an entry into blocks through the markdown parser: headings, list
 * items (with their nesting), paragraphs, code, quotes, rules and comments,
 * each with its lines. A block's text is its source lines with the markers
 * removed and wrapped lines joined; a code block or table keeps its lines.
 */
export function readBlocks(text: string, firstLine: number): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  const lineOf = (n: number) => lines[n - 1] ?? "";
  const push = (shape: BlockShape, start: number, end: number, depth: number, body: string, ordered = false) =>
    blocks.push({ shape, startLine: firstLine + start - 1, endLine: firstLine + end - 1, depth, text: body, ordered });

  const paragraph = (start: number, end: number, depth: number, firstLineText?: string) => {
    let runStart = start;
    let body = new WrappedText();
    let shape: BlockShape = "paragraph";
    const flush = (last: number) => {
      if (runStart > last) return;
      if (shape === "table") push("table", runStart, last, 0, lines.slice(runStart - 1, last).join("\n"));
      else push(shape, runStart, last, depth, body.toString().replace(/\\$/, ""));
    };
    // Display math (`$$ … $$`) is a formula, read as code is: no statement of the day. Its closing line is
    // looked for no further than the paragraph's last one: lines that open and never close cost one pass.
    let lastClosing: number | undefined;
    const mathEnd = (from: number): number | undefined => {
      if (/^\s*\$\$.*\S.*\$\$\s*$/.test(lineOf(from))) return from;
      if (lastClosing === undefined) {
        lastClosing = start;
        for (let n = end; n > start && lastClosing === start; n--) if (MATH_CLOSE.test(lineOf(n))) lastClosing = n;
      }
      for (let n = from + 1; n <= lastClosing; n++) if (MATH_CLOSE.test(lineOf(n))) return n;
      return undefined;
    };
    for (let n = start; n <= end; n++) {
      const raw = n === start && firstLineText !== undefined ? firstLineText : lineOf(n);
      const math = MATH_OPEN.test(raw) ? mathEnd(n) : undefined;
      if (math !== undefined) {
        flush(n - 1);
        push("code", n, math, 0, lines.slice(n - 1, math).join("\n"));
        runStart = math + 1;
        body = new WrappedText();
        n = math;
        continue;
      }
      if (BOOKKEEPING_LINE.test(raw)) {
        flush(n - 1);
        runStart = n + 1;
        body = new WrappedText();
        continue;
      }
      const lineShape: BlockShape = TABLE_LINE.test(raw) ? "table" : BULLET_LINE.test(raw) ? "item" : "paragraph";
      const startsNew =
        n > runStart && (lineShape !== shape || lineShape === "item" || (shape !== "table" && (FIELD_LINE.test(raw) || HARD_BREAK.test(lineOf(n - 1)))));
      if (startsNew) {
        flush(n - 1);
        runStart = n;
        body = new WrappedText();
      }
      if (n === runStart) shape = lineShape;
      body.add(raw.replace(BULLET_LINE, "").trim());
    }
    flush(end);
  };

  const walk = (node: MarkdownBlock, depth: number) => {
    const start = node.startLine;
    const end = node.endLine;
    switch (node.type) {
      case "heading":
        push(
          "heading",
          start,
          start,
          node.depth,
          lineOf(start)
            .replace(/^\s{0,3}#{1,6}\s*/, "")
            .replace(/\s+#+\s*$/, "")
            .trim(),
        );
        return;
      case "code":
        push("code", start, end, 0, node.value);
        return;
      case "thematicBreak":
        push("rule", start, end, 0, "");
        return;
      case "html":
        // A comment, or the frame of a folded block (`<details><summary>Full error</summary>`), says nothing of the day.
        if (/^\s*<!--/.test(node.value) || FOLD_FRAME.test(node.value)) push("comment", start, end, 0, "");
        else paragraph(start, end, depth);
        return;
      case "blockquote": {
        const body = new WrappedText();
        for (let n = start; n <= end; n++)
          body.add(
            lineOf(n)
              .replace(/^\s{0,3}>\s?/, "")
              .trim(),
          );
        push("quote", start, end, 0, withoutCalloutMarker(body.toString(), lineOf(start)));
        return;
      }
      case "list":
        for (const item of node.children) listItem(item, depth, node.ordered === true);
        return;
      case "paragraph":
        paragraph(start, end, depth);
        return;
      case "yaml":
      case "definition":
        return;
      default:
        if (end >= start) paragraph(start, end, depth);
    }
  };

  const listItem = (item: MarkdownBlock, depth: number, ordered: boolean) => {
    const start = item.startLine;
    const [first, ...rest] = item.children;
    const marked = lineOf(start).replace(LIST_MARKER, "");
    if (first?.type === "paragraph") {
      const end = first.endLine;
      const body = new WrappedText();
      body.add(marked.trim());
      let n = start + 1;
      // The item's own text runs to its first hard break or field line; what follows is a statement of its own.
      while (n <= end && !FIELD_LINE.test(lineOf(n)) && !HARD_BREAK.test(lineOf(n - 1)) && !TABLE_LINE.test(lineOf(n))) body.add(lineOf(n++).trim());
      blocks.push({ shape: "item", startLine: firstLine + start - 1, endLine: firstLine + n - 2, depth, text: body.toString().replace(/\\$/, ""), ordered });
      if (n <= end) paragraph(n, end, depth + 1);
    } else {
      blocks.push({ shape: "item", startLine: firstLine + start - 1, endLine: firstLine + start - 1, depth, text: first ? "" : marked.trim(), ordered });
      if (first) walk(first, depth + 1);
    }
    for (const child of rest) walk(child, child.type === "list" ? depth + 1 : depth + 1);
  };

  for (const node of topLevelBlocks(text)) walk(node, 0);
  return blocks;
}

// An Obsidian callout (`> [!note] Focus`): its marker shows as an icon, its title as a heading of what follows.
function withoutCalloutMarker(text: string, firstLine: string): string {
  const callout = /^\s{0,3}>\s?\[![\w-]+\][+-]?[ \t]*(.*)$/.exec(firstLine);
  if (!callout) return text;
  const title = callout[1]!.trim();
  const body = text
    .replace(/^\[![\w-]+\][+-]?\s*/, "")
    .slice(title.length)
    .trim();
  if (!title || !body) return title || body;
  return /[.:!?。：]$/u.test(title) ? `${title} ${body}` : `${title}: ${body}`;
}
