import type { Root, RootContent } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { type Processor, unified } from "unified";

const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]);

// Splitting into blocks needs no inline markup (emphasis, links, code spans): leaving it out saves a quarter of the time.
const INLINE = [
  "attention",
  "autolink",
  "characterEscape",
  "characterReference",
  "codeText",
  "hardBreakEscape",
  "htmlText",
  "labelStartImage",
  "labelStartLink",
  "labelEnd",
];
function blocksOnly(this: Processor) {
  const data = this.data();
  data.micromarkExtensions = [...(data.micromarkExtensions ?? []), { disable: { null: INLINE } }];
}
const firstPiece = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]).use(blocksOnly);
const laterPiece = unified().use(remarkParse).use(blocksOnly);

/** The markdown tree of a text, with line positions; a leading `---` block is a `yaml` node. */
export function parseMarkdown(text: string): Root {
  return processor.parse(text) as Root;
}

// Lines per piece: micromark slows down more than linearly on long runs of blocks (a list item, a
// paragraph, a list item, …): 8,000 of them take 18 s in one parse, a fraction of that in pieces.
const PIECE_LINES = 400;

/**
 * The top-level blocks of a text, with positions in the text's own lines.
 * A long text is parsed in pieces cut where a block starts after a blank
 * line; a piece that ends inside a fenced code block or HTML block is
 * parsed again with the next one, so the blocks are those of one parse.
 */
export function topLevelBlocks(text: string): RootContent[] {
  const lines = text.split("\n");
  const blocks: RootContent[] = [];
  let start = 0;
  while (start < lines.length) {
    let end = nextCut(lines, start + PIECE_LINES);
    let root: Root;
    for (;;) {
      const piece = lines.slice(start, end);
      root = (start === 0 ? firstPiece : laterPiece).parse(piece.join("\n")) as Root;
      const last = root.children.at(-1);
      if (end >= lines.length || !last || !openAtEnd(last, piece)) break;
      end = nextCut(lines, end + PIECE_LINES);
    }
    for (const node of root.children) if (node.position) blocks.push(shift(node, start));
    start = end;
  }
  return blocks;
}

/**
 * The top-level blocks of a markdown text (paragraphs, lists, code, tables,
 * quotes), each as its own source text: fenced code is one block whatever it holds.
 */
export function markdownBlocks(text: string): string[] {
  const lines = text.split("\n");
  return topLevelBlocks(text).map((node) => lines.slice(node.position!.start.line - 1, node.position!.end.line).join("\n"));
}

// The first line at or after `from` that starts a block at the margin after a blank line.
function nextCut(lines: string[], from: number): number {
  for (let i = Math.max(from, 1); i < lines.length; i++) {
    if (lines[i - 1]!.trim() === "" && /^\S/.test(lines[i]!)) return i;
  }
  return lines.length;
}

// A fenced code block without its closing fence, or an HTML block, reaching the end of the piece may go on after it.
function openAtEnd(node: RootContent, piece: string[]): boolean {
  const endLine = node.position!.end.line;
  if (endLine < lastNonBlank(piece)) return false;
  if (node.type === "html") return true;
  if (node.type !== "code") return false;
  const open = /^ {0,3}(`{3,}|~{3,})/.exec(piece[node.position!.start.line - 1] ?? "");
  if (!open) return false;
  const close = (piece[endLine - 1] ?? "").trim();
  return endLine === node.position!.start.line || !(close.length >= open[1]!.length && [...close].every((c) => c === open[1]![0]));
}

function lastNonBlank(lines: string[]): number {
  for (let i = lines.length; i > 0; i--) if (lines[i - 1]!.trim() !== "") return i;
  return 0;
}

// Positions of a node and of every node inside it, moved down by `offset` lines.
function shift(node: RootContent, offset: number): RootContent {
  if (offset === 0) return node;
  const move = (n: { position?: RootContent["position"]; children?: unknown[] }) => {
    if (n.position)
      n.position = { start: { ...n.position.start, line: n.position.start.line + offset }, end: { ...n.position.end, line: n.position.end.line + offset } };
    for (const child of (n.children ?? []) as { position?: RootContent["position"]; children?: unknown[] }[]) move(child);
  };
  move(node as { position?: RootContent["position"]; children?: unknown[] });
  return node;
}
