import { toRecord } from "../../src/consolidate/read-memories.js";
import type { MemoryRecord } from "../../src/consolidate/memory-record.js";
import { renderTopicFile } from "../../src/store/topic-file.js";

/** A memory record as read from a file with this frontmatter and body. */
export function memory(id: string, data: Record<string, unknown>, body: string): MemoryRecord {
  const type = id.slice(0, id.lastIndexOf("_"));
  return toRecord(`${id}.md`, renderTopicFile({ data: { name: id, description: "", type, ...data }, body }))!;
}
