import type MarkdownItType from "markdown-it";
import type StateBlock from "markdown-it/lib/rules_block/state_block.mjs";
import type Token from "markdown-it/lib/token.mjs";
import { requireDeferring } from "./deferred-require.js";
import { readFrontmatter } from "./frontmatter.js";

/** A block of a markdown text, with its lines (1-based, inclusive, trailing blank lines excluded). */
export interface MarkdownBlock {
  type: "yaml" | "heading" | "paragraph" | "list" | "listItem" | "code" | "html" | "blockquote" | "thematicBreak" | "definition";
  startLine: number;
  endLine: number;
  /** A heading's level, 1–6; 0 for any other block. */
  depth: number;
  /** A list whose items are numbered. */
  ordered: boolean;
  /** The text of code (without its fences), HTML or front matter; "" for any other block. */
  value: string;
  children: MarkdownBlock[];
}

type BlockRule = (state: StateBlock, startLine: number, endLine: number, silent: boolean) => boolean;

// Block structure only (CommonMark, HTML blocks on): inline markup is never read, which is what
// makes a log's split cost a few milliseconds; a block nests at most this deep.
const MAX_NESTING = 200;
// The package's CommonJS build is one file where its ES modules are fifty: reading a log for `compact status` loads
// it, and loading took longer than the read.
// It requires, as it loads, packages that only inline markup and links use: HTML entities' tables and punycode (used by
// a link reference's escapes and host name), and linkify-it (never used here). Loaded when used, they took half its
// load time.
const MarkdownIt = requireDeferring("markdown-it", ["entities", "linkify-it", "punycode.js"]) as typeof MarkdownItType;
const parser = new MarkdownIt("commonmark");
parser.disable(["inline", "text_join"]);
Object.assign(parser.options, { maxNesting: MAX_NESTING });
// At that depth markdown-it skips the rest of the text, not of the block: a list nested 100 deep hid every
// heading after it. The lines of the too-deep block are passed over instead, unread (and the stack bounded).
const tokenize = parser.block.tokenize.bind(parser.block);
parser.block.tokenize = (state, startLine, endLine) => {
  if (state.level < MAX_NESTING) return tokenize(state, startLine, endLine);
  let line = startLine;
  while (line < endLine && (state.isEmpty(line) || state.sCount[line]! >= state.blkIndent)) line++;
  state.line = line;
};
// A link reference definition leaves no token behind: give it one, so its lines are a block.
const reference = parser.block.ruler.getRules("").find((rule) => rule.name === "reference") as BlockRule | undefined;
if (reference) {
  parser.block.ruler.at("reference", (state, startLine, endLine, silent) => {
    if (!reference(state, startLine, endLine, silent)) return false;
    if (!silent) state.push("definition", "", 0).map = [startLine, state.line];
    return true;
  });
}

const FENCE = /^---[ \t]*$/;
const OPENING_FENCE = /^---[ \t]*\w*[ \t]*$/;

/**
 * The top-level blocks of a text, with their lines: headings, paragraphs,
 * lists (with their items and what the items hold), code, HTML, quotes,
 * rules, and a leading `---` front matter block (`yaml`).
 */
export function topLevelBlocks(text: string): MarkdownBlock[] {
  const lines = text.split("\n");
  const blocks: MarkdownBlock[] = [];
  // A byte order mark is no text: the first line is read without it.
  let source = text.replace(/^\uFEFF/, "");
  const first = (lines[0] ?? "").replace(/^\uFEFF|\r$/g, "");
  // Where front matter would end (its opening may name a language, `---toml`; a longer `-----` is a rule).
  const frontmatterEnd = OPENING_FENCE.test(first) ? lines.findIndex((line, i) => i > 0 && FENCE.test(line.replace(/\r$/, ""))) : -1;
  // Front matter that is not data is read as text, and its closing `---` as the rule it looks like: under a
  // line (`tags: a`), CommonMark would make that line a heading, and a bogus first entry of the log.
  let closingRule = -1;
  if (frontmatterEnd > 0 && FENCE.test(first) && holdsFields(lines.slice(1, frontmatterEnd))) {
    const value = lines.slice(1, frontmatterEnd).join("\n");
    blocks.push({ type: "yaml", startLine: 1, endLine: frontmatterEnd + 1, depth: 0, ordered: false, value, children: [] });
    // Blank lines in its place keep every later line where it was.
    source =
      "\n".repeat(frontmatterEnd + 1) +
      source
        .split("\n")
        .slice(frontmatterEnd + 1)
        .join("\n");
  } else if (frontmatterEnd > 0) {
    closingRule = frontmatterEnd;
  }
  // Not `push(...)`: a long log has more blocks than a call takes arguments.
  return blocks.concat(toBlocks(parser.parse(source, {}), lines, closingRule));
}

// Front matter is fields: a text that opens with a `---` rule and markdown under it (`## [11:20] decision`,
// `**Decision:** …`, which YAML cannot read or reads as nothing) is markdown, every line of it read.
function holdsFields(lines: string[]): boolean {
  const raw = lines.map((line) => line.replace(/\r$/, "")).join("\n");
  if (raw.trim() === "") return true;
  const read = readFrontmatter(`---\n${raw}\n---\n`);
  return read.problem === undefined && Object.keys(read.data).length > 0;
}

/**
 * The top-level blocks of a markdown text (paragraphs, lists, code, tables,
 * quotes), each as its own source text: fenced code is one block whatever it holds.
 */
export function markdownBlocks(text: string): string[] {
  const lines = text.split("\n");
  return topLevelBlocks(text).map((block) => lines.slice(block.startLine - 1, block.endLine).join("\n"));
}

const OPENING: Record<string, MarkdownBlock["type"]> = {
  paragraph_open: "paragraph",
  heading_open: "heading",
  bullet_list_open: "list",
  ordered_list_open: "list",
  list_item_open: "listItem",
  blockquote_open: "blockquote",
};
const LEAF: Record<string, MarkdownBlock["type"]> = {
  fence: "code",
  code_block: "code",
  html_block: "html",
  hr: "thematicBreak",
  definition: "definition",
};

// The token stream as a tree: an `_open` token starts a block holding what comes before its `_close`.
// A setext heading underlined by the line `closingRule` (0-based) is a paragraph.
function toBlocks(tokens: Token[], lines: string[], closingRule: number): MarkdownBlock[] {
  const root: MarkdownBlock[] = [];
  const open: MarkdownBlock[] = [];
  for (const token of tokens) {
    if (token.nesting === -1) {
      open.pop();
      continue;
    }
    const underlined = token.type === "heading_open" && token.markup === "-" && token.map?.[1] === closingRule + 1;
    const type = underlined ? "paragraph" : token.nesting === 1 ? OPENING[token.type] : LEAF[token.type];
    if (!type || !token.map) continue;
    const block: MarkdownBlock = {
      type,
      startLine: token.map[0] + 1,
      endLine: lastFilled(lines, token.map[0], token.map[1]),
      depth: type === "heading" ? Number(token.tag.slice(1)) : 0,
      ordered: token.type === "ordered_list_open",
      value: type === "code" || type === "html" ? token.content.replace(/\n$/, "") : "",
      children: [],
    };
    (open.at(-1)?.children ?? root).push(block);
    if (token.nesting === 1) open.push(block);
  }
  return root;
}

// The last line of [from, to) (0-based) with something on it, 1-based.
function lastFilled(lines: string[], from: number, to: number): number {
  for (let i = Math.min(to, lines.length) - 1; i > from; i--) if (lines[i]!.trim() !== "") return i + 1;
  return from + 1;
}
