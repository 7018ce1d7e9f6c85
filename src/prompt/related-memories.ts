/** An existing memory shown to the model beside a week's logs. */
export interface RelatedMemory {
  type: string;
  name: string;
  description: string;
}

/** Opens the block of existing memories, after the template's instructions. */
export const RELATED_MEMORIES_TAG = "<EXISTING_MEMORIES>";

const INTRO =
  "These memories already exist. When this week's logs update one of them, write its typed_memory block with exactly the same name and type, so that memory is updated instead of a second one written.";

// One line each: `- type | name | description`; a `|` inside a field would split it, so it becomes `/`.
const field = (text: string) => text.replace(/\s+/g, " ").replace(/\|/g, "/").trim();

/** The block appended after the template (empty when there are none). */
export function renderRelatedMemories(memories: RelatedMemory[]): string {
  if (memories.length === 0) return "";
  const lines = memories.map((m) => `- ${field(m.type)} | ${field(m.name)} | ${field(m.description)}`);
  return `${RELATED_MEMORIES_TAG}\n${INTRO}\n${lines.join("\n")}\n`;
}

/** Reads the block back from a rendered prompt (the offline model's view of it). */
export function readRelatedMemories(prompt: string): RelatedMemory[] {
  const start = relatedBlockStart(prompt);
  if (start === -1) return [];
  const found: RelatedMemory[] = [];
  for (const line of prompt.slice(start + RELATED_MEMORIES_TAG.length + 2).split("\n")) {
    const match = /^- ([^|]+?) \| ([^|]+?) \| ?(.*)$/.exec(line);
    if (match) found.push({ type: match[1]!, name: match[2]!, description: match[3]!.trim() });
  }
  return found;
}

/**
 * Where the block begins in a rendered prompt (the line break before its tag), or -1 without one. The
 * block is the prompt's last part, its intro and one line per memory: a log that quotes the tag is not it.
 */
export function relatedBlockStart(prompt: string): number {
  const start = prompt.lastIndexOf(`\n${RELATED_MEMORIES_TAG}\n`);
  if (start === -1) return -1;
  const lines = prompt.slice(start + RELATED_MEMORIES_TAG.length + 2).split("\n");
  return lines.every((line) => line === "" || line === INTRO || line.startsWith("- ")) ? start : -1;
}
