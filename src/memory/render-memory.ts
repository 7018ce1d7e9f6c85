import { cleanText } from "../text/clean-text.js";
import { renderFrontmatter } from "../text/frontmatter.js";
import type { Memory } from "./memory.js";
import { KNOWN_KEYS } from "./read-memory.js";

/**
 * A memory as a topic file. Known fields are written from the model, every
 * other front matter field as it was found, in the order the file had them
 * (new fields after); control characters never reach the file.
 */
export function renderMemory(memory: Memory): string {
  const known = knownFields(memory);
  const fields: Record<string, unknown> = {};
  for (const key of memory.keyOrder ?? []) {
    if (Object.hasOwn(known, key)) fields[key] = known[key];
    else if (Object.hasOwn(memory.extra, key)) fields[key] = memory.extra[key];
  }
  for (const key of KNOWN_KEYS) if (Object.hasOwn(known, key) && !Object.hasOwn(fields, key)) fields[key] = known[key];
  for (const [key, value] of Object.entries(memory.extra)) if (!Object.hasOwn(fields, key)) fields[key] = value;
  return cleanText(renderFrontmatter(cleanValues(fields) as Record<string, unknown>, memory.body));
}

function knownFields(memory: Memory): Record<string, unknown> {
  const had = new Set(memory.keyOrder ?? []);
  const fields: Record<string, unknown> = { name: memory.name, description: memory.description, type: memory.type };
  if (memory.created) fields["created"] = memory.created;
  if (memory.updated) fields["updated"] = memory.updated;
  if (memory.sources.length > 0 || had.has("sources")) fields["sources"] = memory.sources;
  if (memory.pinned || had.has("pinned")) fields["pinned"] = memory.pinned;
  if (memory.confidence !== undefined) fields["confidence"] = memory.confidence;
  if (memory.supersedes.length > 0) fields["supersedes"] = memory.supersedes;
  if (memory.supersededBy) fields["superseded_by"] = memory.supersededBy;
  if (memory.validTo) fields["valid_to"] = memory.validTo;
  if (memory.mergedFrom.length > 0) fields["merged_from"] = memory.mergedFrom;
  if (memory.aliases.length > 0) fields["aliases"] = memory.aliases;
  return fields;
}

// Front matter values are cleaned too: a model's name may carry a NUL.
function cleanValues(value: unknown): unknown {
  if (typeof value === "string") return cleanText(value);
  if (Array.isArray(value)) return value.map(cleanValues);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, cleanValues(v)]));
  return value;
}
