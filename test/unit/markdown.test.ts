import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import type { Root, RootContent } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { markdownBlocks, topLevelBlocks } from "../../src/text/markdown.js";
import { CORPUS_DIR, corpusFiles, corpusPresent } from "../helpers/corpus.js";

// remark (micromark) is the CommonMark reference the block reader is checked against: same blocks, same lines.
// Its front matter extension is used only where there is front matter: it reads a lone leading `---` oddly.
const remark = unified().use(remarkParse);
const remarkWithFrontmatter = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]);

function shapeOf(text: string, nodes: { type: string; start: number; end: number; children?: unknown[] }[]): string[] {
  const lineCount = text.split("\n").length;
  return nodes.map((node) => `${node.type}:${node.start}-${Math.min(node.end, lineCount)}`);
}

function byRemark(text: string) {
  const lines = text.split("\n");
  const last = (from: number, to: number) => {
    let end = Math.min(to, lines.length);
    while (end > from && lines[end - 1]!.trim() === "") end--;
    return end;
  };
  const flat = (nodes: RootContent[]): { type: string; start: number; end: number }[] =>
    nodes.flatMap((node) => [
      { type: node.type, start: node.position!.start.line, end: last(node.position!.start.line, node.position!.end.line) },
      ...("children" in node && ["list", "listItem", "blockquote"].includes(node.type) ? flat(node.children as RootContent[]) : []),
    ]);
  // Front matter is a block of fields (a YAML mapping, or nothing): a `---` rule with markdown under it is markdown.
  const block = /^---[ \t]*\n((?:.*\n)*?)---[ \t]*(?:\n|$)/.exec(text);
  const parser = block && holdsFields(block[1]!) ? remarkWithFrontmatter : remark;
  const nodes = flat((parser.parse(text) as Root).children);
  // Known difference: the closing `---` of front matter that is not data underlines no heading.
  const closing = block && !holdsFields(block[1]!) ? block[0].replace(/\n$/, "").split("\n").length : 0;
  return shapeOf(
    text,
    nodes.map((node) =>
      node.type === "heading" && node.end === closing && /^-+[ \t]*$/.test(text.split("\n")[closing - 1]!) ? { ...node, type: "paragraph" } : node,
    ),
  );
}

function holdsFields(raw: string): boolean {
  if (raw.trim() === "") return true;
  try {
    const value: unknown = parseYaml(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value) && Object.keys(value).length > 0;
  } catch {
    return false;
  }
}

function byReader(text: string) {
  const flat = (nodes: ReturnType<typeof topLevelBlocks>): { type: string; start: number; end: number }[] =>
    nodes.flatMap((node) => [
      { type: node.type, start: node.startLine, end: node.endLine },
      ...(node.type === "paragraph" || node.type === "heading" ? [] : flat(node.children)),
    ]);
  return shapeOf(text, flat(topLevelBlocks(text)));
}

describe("topLevelBlocks", () => {
  it("reads headings, nested list items, code, quotes, rules and HTML with their lines", () => {
    const text = [
      "# 2026-04-02",
      "",
      "## 09:00 Deploy",
      "- shipped v2",
      "  - with the new cache",
      "1. first",
      "",
      "```sh",
      "# not a heading",
      "```",
      "> quoted",
      "---",
      "<!-- note -->",
      "Title",
      "=====",
    ].join("\n");
    const blocks = topLevelBlocks(text);
    expect(blocks.map((block) => [block.type, block.startLine, block.endLine])).toEqual([
      ["heading", 1, 1],
      ["heading", 3, 3],
      ["list", 4, 5],
      ["list", 6, 6],
      ["code", 8, 10],
      ["blockquote", 11, 11],
      ["thematicBreak", 12, 12],
      ["html", 13, 13],
      ["heading", 14, 15],
    ]);
    expect(blocks[0]!.depth).toBe(1);
    expect(blocks.at(-1)!.depth).toBe(1);
    expect(blocks[2]!.ordered).toBe(false);
    expect(blocks[3]!.ordered).toBe(true);
    expect(blocks[2]!.children[0]!.children.map((child) => child.type)).toEqual(["paragraph", "list"]);
    expect(blocks[4]!.value).toBe("# not a heading");
    expect(blocks[7]!.value).toBe("<!-- note -->");
  });

  it("reads a leading --- block as front matter, and the lines after it where they are", () => {
    const blocks = topLevelBlocks("---\ntitle: Day\n---\n# Heading\ntext");
    expect(blocks.map((block) => [block.type, block.startLine, block.endLine])).toEqual([
      ["yaml", 1, 3],
      ["heading", 4, 4],
      ["paragraph", 5, 5],
    ]);
    expect(blocks[0]!.value).toBe("title: Day");
    // Unclosed, it is a rule and a paragraph.
    expect(topLevelBlocks("---\ntitle: Day").map((block) => block.type)).toEqual(["thematicBreak", "paragraph"]);
  });

  it("reads a leading --- block that is not data as text, its closing --- no heading's underline", () => {
    const shape = (text: string) => topLevelBlocks(text).map((block) => [block.type, block.startLine, block.endLine]);
    expect(shape("---\ntitle: [unclosed\ntags: a\n---\n## Next")).toEqual([
      ["thematicBreak", 1, 1],
      ["paragraph", 2, 4],
      ["heading", 5, 5],
    ]);
    expect(shape("---toml\ntitle = 'x'\n---\n")).toEqual([["paragraph", 1, 3]]);
    // A longer rule opens no front matter.
    expect(shape("-----\nTitle\n---")).toEqual([
      ["thematicBreak", 1, 1],
      ["heading", 2, 3],
    ]);
    // Further down, `---` under a line is a heading's underline, as CommonMark has it.
    expect(shape("---\ntitle: [unclosed\n---\nTitle\n---")).toEqual([
      ["thematicBreak", 1, 1],
      ["paragraph", 2, 3],
      ["heading", 4, 5],
    ]);
  });

  it("reads past a byte order mark, CRLF line ends and link definitions", () => {
    expect(topLevelBlocks("\uFEFF## 2026-02-07\n- item").map((block) => block.type)).toEqual(["heading", "list"]);
    expect(topLevelBlocks("# A\r\n\r\ntext\r\n").map((block) => [block.type, block.startLine])).toEqual([
      ["heading", 1],
      ["paragraph", 3],
    ]);
    expect(topLevelBlocks("[docs]: https://example.com\n\ntext").map((block) => [block.type, block.startLine])).toEqual([
      ["definition", 1],
      ["paragraph", 3],
    ]);
  });

  it("reads a hostile nesting without running out of stack, every line still in a block", () => {
    const quotes = `${"> ".repeat(5000)}deep\n\nafter`;
    const lists = Array.from({ length: 3000 }, (_, i) => `${"  ".repeat(i)}- level ${i}`).join("\n");
    for (const text of [quotes, lists]) {
      const blocks = topLevelBlocks(text);
      const lastLine = text.split("\n").length;
      expect(Math.max(...blocks.map((block) => block.endLine))).toBe(lastLine);
    }
  });

  it("gives the blocks and lines the CommonMark reference parser gives, on generated logs", () => {
    const line = fc.constantFrom(
      "",
      "",
      "# 2026-04-02",
      "## 10:00 Standup",
      "### Notes",
      "Title",
      "===",
      "plain text line",
      "**Decision:** use Postgres",
      "- item",
      "  - nested item",
      "    continued",
      "* star item",
      "1. numbered",
      "2) other numbered",
      "> quote",
      "> > nested quote",
      "```",
      "```ts",
      "~~~",
      "    indented code",
      "---",
      "***",
      "<!-- comment -->",
      "<div>",
      "</div>",
      "[ref]: https://example.com",
      "",
      "| a | b |",
      "\ttabbed",
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (lines) => {
        const text = lines.join("\n");
        // Known differences, in lines no log loses (they stay in their entry): micromark reads a list
        // numbered from 2 right after a block or after indented code as a paragraph (CommonMark keeps such a list
        // only from interrupting a paragraph); a line right after a link definition goes on its paragraph for one parser only.
        fc.pre(!/[^\n]\n2\)/.test(text) && !/^(?: {4}|\t)[\s\S]*\n2\)/m.test(text) && !/^\[ref\]: .*\n[^\n]/m.test(text));
        expect(byReader(text)).toEqual(byRemark(text));
      }),
      { numRuns: Number(process.env.MD_RUNS ?? 400) },
    );
  });

  it.skipIf(!corpusPresent)("gives the reference parser's blocks and lines on every real log", () => {
    for (const file of corpusFiles()) {
      const text = readFileSync(path.join(CORPUS_DIR, file), "utf8");
      expect(byReader(text), file).toEqual(byRemark(text));
    }
  });
});

describe("markdownBlocks", () => {
  it("gives each top-level block as its source text", () => {
    expect(markdownBlocks("- a\n- b\n\nText\nmore\n\n```\nx\n\ny\n```")).toEqual(["- a\n- b", "Text\nmore", "```\nx\n\ny\n```"]);
  });
});
