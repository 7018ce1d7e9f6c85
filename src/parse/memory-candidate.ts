import { z } from "zod";
import { MEMORY_TYPES } from "../memory/memory.js";

const nonEmpty = (field: string) =>
  z.preprocess(
    (value) => (value === undefined ? undefined : String(value ?? "").trim()),
    z.string({ error: `${field} is missing` }).min(1, { error: `${field} is empty` }),
  );

/** Front matter of a `typed_memory` block. */
export const candidateFrontmatter = z.object({
  name: nonEmpty("name"),
  description: nonEmpty("description"),
  type: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(MEMORY_TYPES, {
      error: (issue) => (issue.input === undefined ? "type is missing" : `type '${String(issue.input)}' is not one of ${MEMORY_TYPES.join(", ")}`),
    }),
  ),
});

export { MEMORY_TYPES, type MemoryType } from "../memory/memory.js";
