import YAML from "yaml";
import { normaliseLineEndings } from "../logs/decode-log.js";
import { splitFrontmatter } from "../markdown/frontmatter.js";

/** A topic file's frontmatter and body. Unknown frontmatter keys (e.g. `pinned`) are kept. */
export interface TopicFile {
  data: Record<string, unknown>;
  body: string;
}

/** Reads a topic file; a file without frontmatter has empty data. */
export function parseTopicFile(text: string): TopicFile {
  const parsed = splitFrontmatter(normaliseLineEndings(text));
  return { data: parsed.data, body: parsed.content.replace(/^\n+/, "").trimEnd() };
}

/** Writes frontmatter (stable key order as given) and body, ending in one newline. */
export function renderTopicFile(file: TopicFile): string {
  const frontmatter = YAML.stringify(file.data, { lineWidth: 0 });
  return `---\n${frontmatter}---\n\n${file.body.trim()}\n`;
}
