import type { Root } from "mdast";
import remarkFrontmatter from "remark-frontmatter";
import remarkParse from "remark-parse";
import { unified } from "unified";

const processor = unified().use(remarkParse).use(remarkFrontmatter, ["yaml"]);

/** The markdown tree of a text, with line positions; a leading `---` block is a `yaml` node. */
export function parseMarkdown(text: string): Root {
  return processor.parse(text) as Root;
}

/**
 * The top-level blocks of a markdown text (paragraphs, lists, code, tables,
 * quotes), each as its own source text: fenced code is one block whatever it holds.
 */
export function markdownBlocks(text: string): string[] {
  const lines = text.split("\n");
  return parseMarkdown(text)
    .children.filter((node) => node.position)
    .map((node) => lines.slice(node.position!.start.line - 1, node.position!.end.line).join("\n"));
}
