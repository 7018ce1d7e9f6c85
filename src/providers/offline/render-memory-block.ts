import { frontmatterFields } from "../../text/frontmatter.js";
import type { OfflineMemory } from "./build-memories.js";

/** A memory as a seed 002 `typed_memory` block. */
export function renderMemoryBlock(memory: OfflineMemory): string {
  const fields = { name: memory.name, description: memory.description, type: memory.type };
  const frontmatter = frontmatterFields(fields);
  const fence = "`".repeat(longestBacktickRun(memory.content) + 1);
  return `${fence}typed_memory\n---\n${frontmatter}---\n\n${memory.content}\n${fence}\n`;
}

// A fence longer than any fence inside the content, so quoted code blocks survive.
function longestBacktickRun(content: string): number {
  let longest = 2;
  for (const match of content.matchAll(/^\s*(`{3,})/gm)) longest = Math.max(longest, match[1]!.length);
  return longest;
}
