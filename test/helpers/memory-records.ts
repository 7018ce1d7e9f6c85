import type { Memory } from "../../src/memory/memory.js";
import { readMemory } from "../../src/memory/read-memory.js";
import { renderFrontmatter } from "../../src/text/frontmatter.js";

/** A memory as read from a file `{id}.md` with this front matter and body. */
export function memory(id: string, data: Record<string, unknown>, body: string): Memory {
  const type = id.slice(0, id.lastIndexOf("_"));
  const read = readMemory(`${id}.md`, renderFrontmatter({ name: id, description: "", type, ...data }, body));
  if (!("memory" in read)) throw new Error(`not a memory: ${id}`);
  return read.memory;
}
