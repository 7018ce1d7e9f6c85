import matter from "gray-matter";
import YAML from "yaml";

/** A document split at its frontmatter. */
export interface MatterSplit {
  /** Parsed frontmatter; `{}` when there is none or it is not valid YAML. */
  data: Record<string, unknown>;
  /** Raw frontmatter text, undefined when the document has none. */
  raw?: string;
  content: string;
}

// gray-matter with the `yaml` package: dates stay strings, and a fresh
// options object per call avoids gray-matter's cache sharing parsed data.
function options() {
  return {
    engines: {
      yaml: {
        parse: (text: string) => {
          try {
            return (YAML.parse(text) ?? {}) as object;
          } catch {
            return {};
          }
        },
        stringify: (data: object) => YAML.stringify(data),
      },
    },
  } as never;
}

/** Splits a document into frontmatter and content (text must use `\n`). */
export function splitFrontmatter(text: string): MatterSplit {
  const parsed = matter(text, options());
  const raw = (parsed as unknown as { matter?: string }).matter;
  const data = typeof parsed.data === "object" && parsed.data !== null ? { ...(parsed.data as Record<string, unknown>) } : {};
  return raw === undefined || raw === "" && !text.startsWith("---") ? { data, content: parsed.content } : { data, raw, content: parsed.content };
}
