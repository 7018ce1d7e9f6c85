import { z } from "zod";

/** The four memory types of seed 002. */
export const MEMORY_TYPES = ["user", "feedback", "project", "reference"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** A typed memory the model proposed, validated but not yet written. */
export interface MemoryCandidate {
  name: string;
  description: string;
  type: MemoryType;
  /** The block's body after its frontmatter, trimmed. */
  content: string;
  /** 1-based position of the block in the answer, for messages. */
  block: number;
}

const nonEmpty = (field: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : String(value ?? "").trim()),
    z.string({ error: `${field} is missing` }).min(1, { error: `${field} is empty` }),
  );

/** Frontmatter of a `typed_memory` block. */
export const candidateFrontmatter = z.object({
  name: nonEmpty("name"),
  description: nonEmpty("description"),
  type: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(MEMORY_TYPES, {
      error: (issue) =>
        issue.input === undefined
          ? "type is missing"
          : `type '${String(issue.input)}' is not one of ${MEMORY_TYPES.join(", ")}`,
    }),
  ),
});
