/** The four memory types a compaction writes. Files of other types (`session_state`) are read and kept as found. */
export const MEMORY_TYPES = ["user", "feedback", "project", "reference"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/**
 * One memory: a topic file's front matter and body. The one shape a memory
 * has, from a model's answer to the file on disk and back.
 */
export interface Memory {
  /** Path relative to the memory dir: `project_deploy-target.md`, `topics/…`, `archive/…`. */
  file: string;
  name: string;
  /** One line, for the index and search. */
  description: string;
  /** `user`, `feedback`, `project`, `reference`; other types are kept as found. */
  type: string;
  /** The memory's text after its front matter. */
  body: string;
  /** Log entries it came from: `2026-03-02.md#L12-L14`, sorted. */
  sources: string[];
  /** `YYYY-MM-DD`, or "" when the file does not say. */
  created: string;
  updated: string;
  /** `superseded` when another memory replaced it (it then lives in `archive/`). */
  status: "active" | "superseded";
  /** Pinned memories are never merged, changed or pruned. */
  pinned: boolean;
  /** 0…1 when the file says. */
  confidence?: number;
  /** Ids of the memories this one replaced. */
  supersedes: string[];
  /** Id of the memory that replaced this one. */
  supersededBy?: string;
  /** Last day this memory held (`YYYY-MM-DD`), once superseded. */
  validTo?: string;
  /** Ids of memories merged into this one, and their names when they differed. */
  mergedFrom: string[];
  aliases: string[];
  /** Every other front matter field, kept as found. */
  extra: Record<string, unknown>;
  /** The front matter's keys in the order the file had them, so a rewrite keeps it. */
  keyOrder?: string[];
}

/** The id a memory is known by in reports and links: its file name without `.md`. */
export function memoryId(memory: Pick<Memory, "file">): string {
  return memory.file.slice(memory.file.lastIndexOf("/") + 1).replace(/\.md$/i, "");
}

/** True for the four types a compaction writes. */
export function isMemoryType(type: string): type is MemoryType {
  return (MEMORY_TYPES as readonly string[]).includes(type);
}

/** A new memory with the defaults of every optional field. */
export function newMemory(fields: Pick<Memory, "file" | "name" | "description" | "type" | "body"> & Partial<Memory>): Memory {
  return { sources: [], created: "", updated: "", status: "active", pinned: false, supersedes: [], mergedFrom: [], aliases: [], extra: {}, ...fields };
}
