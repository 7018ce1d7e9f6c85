import type { Problem } from "../problems/problem.js";
import { readFrontmatter } from "../text/frontmatter.js";
import { MEMORY_TYPES, type Memory, newMemory } from "./memory.js";

/** Front matter keys the memory model reads into its own fields; every other key is kept in `extra`. */
export const KNOWN_KEYS = [
  "name",
  "description",
  "type",
  "created",
  "updated",
  "sources",
  "pinned",
  "confidence",
  "supersedes",
  "valid_to",
  "superseded_by",
  "merged_from",
  "aliases",
] as const;
const KNOWN = new Set<string>(KNOWN_KEYS);

// A type's name: a word, with `_` or `-` inside (`session_state`).
const TYPE_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

export type MemoryRead = { memory: Memory } | { problem: Problem } | { notMemory: true };

/**
 * Reads a memory file's text (already decoded, `\n` endings). A file whose
 * front matter is not data (another language, broken YAML) is a problem and
 * must be left untouched; a file without a `type` is not a memory.
 */
export function readMemory(file: string, text: string): MemoryRead {
  const read = readFrontmatter(text);
  if (read.problem) return { problem: { source: file, ruleId: "unreadable-frontmatter", message: `${read.problem}; file left as it is` } };
  // Front matter that is opened and never closed: not a note without one, a memory cut short or mistyped.
  if (read.raw === undefined && /^\uFEFF?---[^\n]*\n(?:[\s\S]*\n)?type[ \t]*:/.test(text)) {
    return { problem: { source: file, ruleId: "unreadable-frontmatter", message: "its front matter has no closing '---' line; file left as it is" } };
  }
  // A key given twice keeps its last value (YAML readers differ); for what a memory is and is called, that is a guess.
  const twice = read.raw === undefined ? undefined : repeatedIdentity(read.raw);
  if (twice)
    return {
      problem: {
        source: file,
        ruleId: "unreadable-frontmatter",
        message: `its front matter gives '${twice}' twice, with different values; file left as it is`,
      },
    };
  const data = read.data;
  const type = data["type"];
  if (type === undefined || type === null || (typeof type === "string" && type.trim() === "")) return { notMemory: true };
  // Types beside the four (`session_state`) are kept as found; a type that is no name at all (a list, `; rm -rf /`)
  // is a file this tool may not index, merge or move.
  if (typeof type !== "string" || !TYPE_NAME.test(type.trim())) {
    const given = typeof type === "string" ? `'${type.trim()}'` : JSON.stringify(type);
    return {
      problem: {
        source: file,
        ruleId: "unreadable-memory-type",
        message: `type ${given} is not a type's name (such as ${MEMORY_TYPES.join(", ")}); file left as it is`,
      },
    };
  }
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) if (!KNOWN.has(key)) extra[key] = value;
  const confidence = typeof data["confidence"] === "number" ? data["confidence"] : Number.parseFloat(String(data["confidence"] ?? ""));
  const supersededBy = text1(data["superseded_by"]);
  const validTo = day(data["valid_to"]);
  const base = file.slice(file.lastIndexOf("/") + 1).replace(/\.md$/i, "");
  const memory = newMemory({
    file,
    name: text1(data["name"]) || base,
    description: text1(data["description"]),
    type: type.trim(),
    body: read.body.replace(/^\n+/, "").trimEnd(),
    sources: strings(data["sources"]),
    created: day(data["created"]),
    updated: day(data["updated"]) || day(data["created"]),
    status: supersededBy || file.startsWith("archive/") ? "superseded" : "active",
    pinned: data["pinned"] === true || data["pinned"] === "true" || data["pinned"] === "yes",
    supersedes: strings(data["supersedes"]),
    mergedFrom: strings(data["merged_from"]),
    aliases: strings(data["aliases"]),
    extra,
    keyOrder: Object.keys(data),
  });
  if (Number.isFinite(confidence)) memory.confidence = confidence;
  if (supersededBy) memory.supersededBy = supersededBy;
  if (validTo) memory.validTo = validTo;
  return { memory };
}

function text1(value: unknown): string {
  return typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
}

// An ISO date, or the date of an ISO timestamp; any other value is kept as written (never cut).
function day(value: unknown): string {
  if (typeof value !== "string" && typeof value !== "number") return "";
  const text = String(value).trim();
  return /^\d{4}-\d{2}-\d{2}(?=$|[T ])/.exec(text)?.[0] ?? text;
}

function strings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  return typeof value === "string" && value.trim() !== "" ? [value.trim()] : [];
}

// `type` or `name` given twice at the top of the front matter with different values.
const IDENTITY_LINES = [
  ["type", /^type[ \t]*:(.*)$/gm],
  ["name", /^name[ \t]*:(.*)$/gm],
] as const;

function repeatedIdentity(raw: string): string | undefined {
  for (const [key, line] of IDENTITY_LINES) {
    const values = new Set(Array.from(raw.matchAll(line), (match) => match[1]!.trim()));
    if (values.size > 1) return key;
  }
  return undefined;
}
