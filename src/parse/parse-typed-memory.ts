import YAML from "yaml";
import { splitFrontmatter as splitMatter } from "../markdown/frontmatter.js";
import type { Problem } from "../problems/problem.js";
import { candidateFrontmatter, type MemoryCandidate } from "./memory-candidate.js";
import type { TypedMemoryBlock } from "./find-typed-memory-blocks.js";

export type ParsedBlock = { ok: true; candidate: MemoryCandidate; problems: Problem[] } | { ok: false; problem: Problem };

const MAX_ISSUES = 5;

/** Reads one block's frontmatter (gray-matter) and checks it (zod). */
export function parseTypedMemoryBlock(block: TypedMemoryBlock): ParsedBlock {
  const source = `answer block ${block.index}`;
  const warnings: Problem[] = [];
  if (!block.closed) warnings.push({ source, ruleId: "unclosed-block", message: "the block has no closing fence; read to the end of the answer" });

  const split = splitFrontmatter(block.body.trim());
  if (!split) return reject(source, "no frontmatter (expected --- name / description / type ---)");
  const data = readYaml(split.frontmatter, source, warnings);
  if (!data) return reject(source, "frontmatter is not key: value lines");

  const checked = candidateFrontmatter.safeParse(data);
  if (!checked.success) {
    const messages = checked.error.issues.map((issue) => issue.message);
    const shown = messages.slice(0, MAX_ISSUES).join("; ");
    const more = messages.length > MAX_ISSUES ? `; … and ${messages.length - MAX_ISSUES} more` : "";
    return reject(source, shown + more);
  }
  const content = split.content.trim();
  if (content === "") return reject(source, "the memory has no content after its frontmatter");
  return { ok: true, candidate: { ...checked.data, content, block: block.index }, problems: warnings };
}

function reject(source: string, message: string): ParsedBlock {
  return { ok: false, problem: { source, ruleId: "invalid-memory", message: `${message}; block skipped` } };
}

function splitFrontmatter(body: string): { frontmatter: string; content: string } | undefined {
  if (body.startsWith("---")) {
    const parsed = splitMatter(body);
    if (parsed.raw !== undefined) return { frontmatter: parsed.raw, content: parsed.content };
  }
  // Models sometimes drop the --- fences: read leading `key: value` lines up to a blank line.
  const lines = body.split("\n");
  const end = lines.findIndex((line) => line.trim() === "");
  const head = lines.slice(0, end === -1 ? lines.length : end);
  if (head.length === 0 || !head.every((line) => /^[A-Za-z_]+\s*:/.test(line))) return undefined;
  return { frontmatter: head.join("\n"), content: lines.slice(head.length).join("\n") };
}

function readYaml(text: string, source: string, warnings: Problem[]): Record<string, unknown> | undefined {
  try {
    const data = YAML.parse(text) as unknown;
    if (data && typeof data === "object" && !Array.isArray(data)) return data as Record<string, unknown>;
  } catch {
    // Falls through to the line reader: `description: a: b` is invalid YAML but plain to a reader.
  }
  const pairs = text
    .split("\n")
    .map((line) => /^([A-Za-z_]+)\s*:\s?(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  if (pairs.length === 0) return undefined;
  warnings.push({ source, ruleId: "loose-frontmatter", message: "frontmatter is not valid YAML; read as key: value lines" });
  return Object.fromEntries(pairs.map((match) => [match[1]!, match[2]!.trim().replace(/^(["'])(.*)\1$/, "$2")]));
}
