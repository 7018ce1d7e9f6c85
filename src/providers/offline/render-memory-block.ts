import YAML from "yaml";
import type { OfflineMemory } from "./build-memories.js";

// Most names and descriptions are text YAML writes as it is, and YAML.stringify builds a whole document
// for three lines: such values are written directly. A value is written so when it starts with a letter,
// holds only letters, digits, spaces and punctuation YAML never quotes inside a plain scalar, holds no
// `: ` or ` #`, does not end with a colon, and is not a word YAML would read as true, false or null.
const PLAIN = /^\p{L}[\p{L}\p{N}\p{M} .,;!?'()/&+=_%$€£—–’“”…·→<>|~^*@`"#:[\]{}-]*$/u;
const NOT_PLAIN = /:(?: |$)| #|\s$/;
const KEYWORD = /^(?:true|false|null)$/i;

/** A memory as a seed 002 `typed_memory` block. */
export function renderMemoryBlock(memory: OfflineMemory): string {
  const fields = { name: memory.name, description: memory.description, type: memory.type };
  const frontmatter = Object.values(fields).every(isPlain)
    ? `name: ${fields.name}\ndescription: ${fields.description}\ntype: ${fields.type}\n`
    : YAML.stringify(fields, { lineWidth: 0 });
  const fence = "`".repeat(longestBacktickRun(memory.content) + 1);
  return `${fence}typed_memory\n---\n${frontmatter}---\n\n${memory.content}\n${fence}\n`;
}

function isPlain(value: string): boolean {
  return PLAIN.test(value) && !NOT_PLAIN.test(value) && !KEYWORD.test(value);
}

// A fence longer than any fence inside the content, so quoted code blocks survive.
function longestBacktickRun(content: string): number {
  let longest = 2;
  for (const match of content.matchAll(/^\s*(`{3,})/gm)) longest = Math.max(longest, match[1]!.length);
  return longest;
}
