import { z } from "zod";
import { MEMORY_TYPES } from "../memory/memory.js";

// A YAML list or mapping is no name: String() made `name: {x: 1}` a memory named "[object Object]".
const isScalar = (value: unknown) => value === null || typeof value !== "object";
const notText = (field: string) => `${field} is a YAML list or mapping, not text`;

// A value that was only a secret is its redaction's marker, which YAML reads as a list (`[REDACTED:openai-key]`):
// it is the marker's text, as anywhere else in a memory.
const MARKER_ITEM = /^REDACTED:[a-z0-9-]+$/;
const markerText = (value: unknown) =>
  Array.isArray(value) && value.length === 1 && typeof value[0] === "string" && MARKER_ITEM.test(value[0]) ? `[${value[0]}]` : value;

const nonEmpty = (field: string) =>
  z.preprocess(
    (raw) => {
      const value = markerText(raw);
      return value === undefined || !isScalar(value) ? value : String(value ?? "").trim();
    },
    z.string({ error: (issue) => (issue.input === undefined ? `${field} is missing` : notText(field)) }).min(1, { error: `${field} is empty` }),
  );

/** Front matter of a `typed_memory` block. */
export const candidateFrontmatter = z.object({
  name: nonEmpty("name"),
  description: nonEmpty("description"),
  type: z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z.enum(MEMORY_TYPES, {
      error: (issue) =>
        issue.input === undefined
          ? "type is missing"
          : !isScalar(issue.input)
            ? `${notText("type")}, one of ${MEMORY_TYPES.join(", ")}`
            : `type '${String(issue.input)}' is not one of ${MEMORY_TYPES.join(", ")}`,
    }),
  ),
});

export { MEMORY_TYPES, type MemoryType } from "../memory/memory.js";
