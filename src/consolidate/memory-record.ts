/** One memory file as consolidation sees it. */
export interface MemoryRecord {
  /** The file name without `.md`: `project_use-postgres`. Used in reports. */
  id: string;
  /** Path relative to the memory dir. */
  file: string;
  type: string;
  name: string;
  description: string;
  body: string;
  /** The whole frontmatter, unknown keys included. */
  data: Record<string, unknown>;
  /** `YYYY-MM-DD`, or "" when the file does not say. */
  created: string;
  updated: string;
  /** Pinned memories are never merged, changed or pruned. */
  pinned: boolean;
  /** 0…1; 0.5 when the file does not say. */
  confidence: number;
  /** Sources (`2026-03-02.md#L12-L14`). */
  sources: string[];
  /** The file's text as read, for the journal. */
  raw: string;
}

/** The frontmatter key a reminder written by `--auto` carries, so it is never consolidated itself. */
export const AUTO_REMINDER_SOURCE = "compact-auto";

export function isAutoReminder(memory: MemoryRecord): boolean {
  return memory.data["source"] === AUTO_REMINDER_SOURCE;
}
