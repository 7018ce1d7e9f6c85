import type { Memory } from "../memory/memory.js";

/** What is embedded of a memory: all of it. Consolidation and search share it, so they share cached vectors. */
export function embeddingText(memory: Pick<Memory, "name" | "description" | "body">): string {
  return `${memory.name}\n${memory.description}\n\n${memory.body}`;
}
