import { joinWrapped } from "./plain-text.js";

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

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})(?:\s+(.*?))?\s*$/;
const RULE = /^\s{0,3}([-*_])(?:\s*\1){2,}\s*$/;
const TABLE = /^\s*\|/;
const QUOTE = /^\s{0,3}>\s?/;
const ITEM = /^(\s*)([-*+•]|\d{1,3}[.)])\s+(.*)$/;
const COMMENT = /^\s*<!--/;
// `**Label:** value` starts a new statement even without a blank line before it.
const FIELD_LINE = /^\s*\*\*[^*\n]{1,40}?(?:[:：]\s*\*\*|\*\*\s*[:：])/;

/**
 * Reads an entry's lines into blocks, line by line (linear in the text).
 * Continuation lines of a wrapped paragraph or list item are joined to it;
 * a code block, table or quote stays one block, whatever it holds.
 */
export function readBlocks(text: string, firstLine: number): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  const itemIndents: number[] = [];
  let i = 0;
  const push = (shape: BlockShape, start: number, end: number, depth: number, body: string, ordered = false) =>
    blocks.push({ shape, startLine: firstLine + start, endLine: firstLine + end, depth, text: body, ordered });

  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const indent = indentOf(line);
    const fence = FENCE.exec(line);
    if (fence) {
      const mark = fence[1]!;
      let end = i + 1;
      while (end < lines.length && !closesFence(lines[end]!, mark)) end++;
      const last = Math.min(end, lines.length - 1);
      push("code", i, last, 0, lines.slice(i + 1, end).join("\n"));
      i = last + 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading && indent < 4) {
      itemIndents.length = 0;
      push("heading", i, i, heading[1]!.length, (heading[2] ?? "").replace(/\s+#+$/, ""));
      i++;
      continue;
    }
    if (RULE.test(line)) {
      push("rule", i, i, 0, "");
      i++;
      continue;
    }
    if (COMMENT.test(line)) {
      let end = i;
      while (end < lines.length - 1 && !lines[end]!.includes("-->")) end++;
      push("comment", i, end, 0, "");
      i = end + 1;
      continue;
    }
    if (TABLE.test(line)) {
      let end = i;
      while (end + 1 < lines.length && TABLE.test(lines[end + 1]!)) end++;
      push("table", i, end, 0, lines.slice(i, end + 1).join("\n"));
      i = end + 1;
      continue;
    }
    if (QUOTE.test(line)) {
      let end = i;
      let body = line.replace(QUOTE, "").trim();
      while (end + 1 < lines.length && QUOTE.test(lines[end + 1]!)) body = joinWrapped(body, lines[++end]!.replace(QUOTE, "").trim());
      push("quote", i, end, 0, body);
      i = end + 1;
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      while (itemIndents.length > 0 && indent <= itemIndents[itemIndents.length - 1]!) itemIndents.pop();
      const depth = itemIndents.length;
      itemIndents.push(indent);
      let end = i;
      let body = item[3]!.trim();
      while (end + 1 < lines.length && continues(lines[end + 1]!)) body = joinWrapped(body, lines[++end]!.trim());
      push("item", i, end, depth, body, /\d/.test(item[2]!));
      i = end + 1;
      continue;
    }
    // A paragraph: indented under a list item it belongs to that item.
    const depth = indent >= 2 && itemIndents.length > 0 ? itemIndents.length : 0;
    if (depth === 0) itemIndents.length = 0;
    let end = i;
    let body = line.trim();
    while (end + 1 < lines.length && continues(lines[end + 1]!) && !FIELD_LINE.test(lines[end + 1]!) && !/(?: {2}|\\)$/.test(lines[end]!)) {
      body = joinWrapped(body, lines[++end]!.trim());
    }
    push("paragraph", i, end, depth, body.replace(/\\$/, ""));
    i = end + 1;
  }
  return blocks;
}

function continues(line: string): boolean {
  return line.trim() !== "" && !FENCE.test(line) && !HEADING.test(line) && !RULE.test(line) && !TABLE.test(line) && !QUOTE.test(line) && !ITEM.test(line) && !COMMENT.test(line);
}

function closesFence(line: string, mark: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= mark.length && trimmed[0] === mark[0] && /^(`+|~+)$/.test(trimmed);
}

function indentOf(line: string): number {
  let width = 0;
  for (const char of line) {
    if (char === " ") width++;
    else if (char === "\t") width += 4;
    else break;
  }
  return width;
}
