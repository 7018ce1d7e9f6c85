import YAML from "yaml";
import { type Memory, newMemory } from "../memory/memory.js";
import type { Problem } from "../problems/problem.js";
import { readFrontmatter } from "../text/frontmatter.js";
import type { TypedMemoryBlock } from "./find-typed-memory-blocks.js";
import { candidateFrontmatter } from "./memory-candidate.js";

/** A memory the model proposed: validated, not yet placed in a file (`file` is ""). */
export interface MemoryCandidate {
  memory: Memory;
  /** 1-based position of its block in the answer, for messages. */
  block: number;
}

export type ParsedBlock = { ok: true; candidate: MemoryCandidate; problems: Problem[] } | { ok: false; problem: Problem };

const MAX_ISSUES = 5;

/** Reads one block's front matter (YAML or JSON, never code) and checks it (zod). */
export function parseTypedMemoryBlock(block: TypedMemoryBlock): ParsedBlock {
  const source = `answer block ${block.index}`;
  const warnings: Problem[] = [];
  if (!block.closed) warnings.push({ source, ruleId: "unclosed-block", message: "the block has no closing fence; read to the end of the answer" });

  const body = block.body.trim();
  let data: Record<string, unknown> | undefined;
  let content: string;
  if (body.startsWith("---")) {
    const read = readFrontmatter(`${body}\n`);
    if (read.raw === undefined) return reject(source, "no frontmatter (expected --- name / description / type ---)");
    if (read.problem && read.language === undefined) return reject(source, read.problem);
    data = read.problem ? looseFields(read.raw, source, warnings) : read.data;
    content = read.body;
  } else {
    // Models sometimes drop the --- fences: read leading `key: value` lines up to a blank line.
    const lines = body.split("\n");
    const end = lines.findIndex((line) => line.trim() === "");
    const head = lines.slice(0, end === -1 ? lines.length : end);
    if (head.length === 0 || !head.every((line) => /^[A-Za-z_]+\s*:/.test(line)))
      return reject(source, "no frontmatter (expected --- name / description / type ---)");
    data = readFields(head.join("\n"), source, warnings);
    content = lines.slice(head.length).join("\n");
  }
  if (!data) return reject(source, "frontmatter is not key: value lines");

  const checked = candidateFrontmatter.safeParse(data);
  if (!checked.success) {
    const messages = checked.error.issues.map((issue) => issue.message);
    const shown = messages.slice(0, MAX_ISSUES).join("; ");
    const more = messages.length > MAX_ISSUES ? `; … and ${messages.length - MAX_ISSUES} more` : "";
    return reject(source, shown + more);
  }
  const text = content.trim();
  if (text === "") return reject(source, "the memory has no content after its frontmatter");
  const memory = newMemory({ file: "", name: checked.data.name, description: checked.data.description, type: checked.data.type, body: text });
  return { ok: true, candidate: { memory, block: block.index }, problems: warnings };
}

function reject(source: string, message: string): ParsedBlock {
  return { ok: false, problem: { source, ruleId: "invalid-memory", message: `${message}; block skipped` } };
}

function readFields(text: string, source: string, warnings: Problem[]): Record<string, unknown> | undefined {
  try {
    const data = YAML.parse(text, { schema: "core" }) as unknown;
    if (data && typeof data === "object" && !Array.isArray(data)) return data as Record<string, unknown>;
  } catch {
    // Falls through to the line reader: `description: a: b` is invalid YAML but plain to a reader.
  }
  return looseFields(text, source, warnings);
}

function looseFields(text: string, source: string, warnings: Problem[]): Record<string, unknown> | undefined {
  const pairs = text
    .split("\n")
    .map((line) => /^([A-Za-z_]+)\s*:\s?(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  if (pairs.length === 0) return undefined;
  warnings.push({ source, ruleId: "loose-frontmatter", message: "frontmatter is not valid YAML; read as key: value lines" });
  return Object.fromEntries(pairs.map((match) => [match[1]!, match[2]!.trim().replace(/^(["'])(.*)\1$/, "$2")]));
}
