import YAML from "yaml";
import type { OfflineMemory } from "./build-memories.js";

// Most names and descriptions are text YAML writes as it is, or in double quotes without escapes, and
// YAML.stringify builds a whole document for three lines: such values are written directly. A value of
// printable characters and spaces (no control, format or private character, no other space, no
// backslash) is written as it is when it starts with a letter, holds no `: ` or ` #`, does not end with
// a colon or space and is not a word YAML would read as true, false or null; it is written in double
// quotes when it holds `: ` or ` #` or ends with a colon or space, and holds no double quote.
const PRINTABLE = /^(?:[^\p{C}\p{Z}\\]| )*$/u;
const STARTS_PLAIN = /^\p{L}/u;
const QUOTED = /:(?: |$)| #|\s$/;
const KEYWORD = /^(?:true|false|null)$/i;

/** A memory as a seed 002 `typed_memory` block. */
export function renderMemoryBlock(memory: OfflineMemory): string {
  const fields = { name: memory.name, description: memory.description, type: memory.type };
  const values = Object.values(fields).map(written);
  const frontmatter = values.every((value) => value !== undefined)
    ? `name: ${values[0]}\ndescription: ${values[1]}\ntype: ${values[2]}\n`
    : YAML.stringify(fields, { lineWidth: 0 });
  const fence = "`".repeat(longestBacktickRun(memory.content) + 1);
  return `${fence}typed_memory\n---\n${frontmatter}---\n\n${memory.content}\n${fence}\n`;
}

// A value as YAML writes it, or undefined when only YAML can tell.
function written(value: string): string | undefined {
  if (!PRINTABLE.test(value)) return undefined;
  if (QUOTED.test(value)) return value.includes('"') ? undefined : `"${value}"`;
  return STARTS_PLAIN.test(value) && !KEYWORD.test(value) ? value : undefined;
}

// A fence longer than any fence inside the content, so quoted code blocks survive.
function longestBacktickRun(content: string): number {
  let longest = 2;
  for (const match of content.matchAll(/^\s*(`{3,})/gm)) longest = Math.max(longest, match[1]!.length);
  return longest;
}
