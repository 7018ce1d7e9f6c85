import type { LogEntry } from "../../logs/log-types.js";
import type { MemoryType } from "../../parse/memory-candidate.js";
import { termSet } from "../../text/tokenize.js";
import { givesReason, statesRule } from "./cues/find-cues.js";
import { reasonStart } from "./cues/match-cues.js";
import { type ExistingMemories, updatedMemory } from "./match-existing.js";
import { nameMemory } from "./name-memory.js";
import { clauses } from "./plain-text.js";
import { splitField } from "./split-field.js";
import type { ScoredUnit } from "./weigh-units.js";
import { bulletSentences, keySentence } from "./write-bullet.js";

/** A memory the offline model writes as a `typed_memory` block. */
export interface OfflineMemory {
  name: string;
  description: string;
  type: MemoryType;
  content: string;
}

// A unit below this salience is not durable enough for a memory.
const MIN_SCORE = 3;
// Roughly what an LLM writes for a busy week.
const MAX_MEMORIES = 40;
const MAX_DESCRIPTION = 200;

/**
 * The week's memories: one per section and type (one per preference),
 * holding the section's full text as written (seed 004), with Why and How
 * to apply only where the log gives them. A memory that updates one of the
 * existing memories takes that memory's name and type.
 */
export function buildMemories(units: readonly ScoredUnit[], entries: readonly LogEntry[], existing: ExistingMemories): OfflineMemory[] {
  const groups = new Map<string, ScoredUnit[]>();
  for (const unit of units) {
    if (!unit.memoryType || unit.score < MIN_SCORE) continue;
    const key = unit.memoryType === "user" ? `user:${unit.file}#${unit.startLine}` : `${unit.memoryType}:${unit.section.key}`;
    const group = groups.get(key);
    if (group) group.push(unit);
    else groups.set(key, [unit]);
  }
  const ranked = [...groups.values()]
    .map((group) => ({ group, score: group.reduce((best, unit) => Math.max(best, unit.score), 0), order: group[0]!.order }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_MEMORIES)
    .sort((a, b) => a.order - b.order);
  const lines = linesByFile(entries);
  const byName = new Map<string, OfflineMemory>();
  for (const { group } of ranked) {
    const memory = toMemory(group, lines, existing);
    const key = `${memory.type}:${memory.name.toLowerCase()}`;
    const same = byName.get(key);
    if (same) same.content += `\n\n${memory.content}`;
    else byName.set(key, memory);
  }
  return [...byName.values()];
}

function toMemory(group: ScoredUnit[], lines: Map<string, string[]>, existing: ExistingMemories): OfflineMemory {
  // The lead says what the memory is: a unit of code or a table alone says nothing in words.
  const said = group.filter((unit) => keySentence(unit) !== undefined);
  const lead = (said.length > 0 ? said : group).reduce((best, unit) => (unit.score > best.score ? unit : best));
  let type = lead.memoryType!;
  let name = nameMemory(group, type, keySentence(lead));
  const description = describe(lead);
  const body = quote(group, lines.get(lead.file) ?? []);
  const parts = [`**Date:** ${lead.date}`, "", body];
  if (type === "feedback" || type === "project") {
    const { why, how } = whyAndHow(group, description);
    if (why || how) parts.push("");
    if (why) parts.push(`**Why:** ${why}`);
    if (how) parts.push(`**How to apply:** ${how}`);
  }
  const content = parts.join("\n");
  const updates = updatedMemory(termSet(`${name} ${description} ${content}`), existing);
  if (updates) {
    name = updates.name;
    type = updates.type as MemoryType;
  }
  return { name, description, type, content };
}

// The units as written (a lead with all it holds, a whole small section), under their section's heading.
function quote(group: ScoredUnit[], lines: string[]): string {
  const section = group[0]!.section;
  const heading = section.title && group[0]!.startLine > section.startLine ? `${slice(lines, section.startLine, section.startLine)}\n\n` : "";
  return `${heading}${group.map((unit) => slice(lines, unit.startLine, unit.endLine)).join("\n")}`;
}

function slice(lines: string[], start: number, end: number): string {
  const out: string[] = [];
  for (let line = start; line <= end; line++) out.push(lines[line - 1] ?? "");
  return out.join("\n").trim();
}

function describe(unit: ScoredUnit): string {
  const line = keySentence(unit) ?? unit.section.title;
  if (line.length <= MAX_DESCRIPTION) return line;
  let kept = "";
  for (const clause of clauses(line)) {
    const next = kept ? `${kept} ${clause}` : clause;
    if (next.length > MAX_DESCRIPTION) break;
    kept = next;
  }
  if (kept) return kept.replace(/[,;，；、]\s*$/u, "");
  const cut = line.slice(0, MAX_DESCRIPTION);
  const space = cut.lastIndexOf(" ");
  return (space > MAX_DESCRIPTION / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:—-]+$/u, "");
}

// The log's own Why and How to apply. One sentence may hold both ("never X, because Y"),
// or be the statement itself ("we chose X, since Y"): then only its reason clause is the Why.
function whyAndHow(group: ScoredUnit[], statement: string): { why?: string; how?: string } {
  let why = reasonOf(group);
  let how = ruleOf(group);
  if (why && (why === how || why === statement)) {
    const start = reasonStart(why);
    const rule = start > 0 ? withoutLabel(why.slice(0, start)).replace(/[\s,;:，；：—-]+$/u, "") : undefined;
    if (why === how) how = rule || undefined;
    why = start > 0 ? why.slice(start) : undefined;
  }
  const out: { why?: string; how?: string } = {};
  if (why) out.why = why;
  if (how) out.how = withoutLabel(how);
  return out;
}

function withoutLabel(sentence: string): string {
  return splitField(sentence).value;
}

// The log's own reason: a `Why:`/`Reason:` field, else a sentence that gives one.
function reasonOf(group: ScoredUnit[]): string | undefined {
  for (const unit of group) {
    for (const part of unit.content) if (part.label && givesReason(part.label) && part.text) return part.text;
  }
  for (const unit of group) {
    const found = bulletSentences(unit).find((sentence) => givesReason(sentence));
    if (found) return found;
  }
  return undefined;
}

// The log's own rule: a sentence that says always, never or must.
function ruleOf(group: ScoredUnit[]): string | undefined {
  for (const unit of group) {
    const found = bulletSentences(unit).find((sentence) => statesRule(sentence));
    if (found) return found;
  }
  return undefined;
}

function linesByFile(entries: readonly LogEntry[]): Map<string, string[]> {
  const files = new Map<string, string[]>();
  for (const entry of entries) {
    const lines = files.get(entry.file) ?? [];
    files.set(entry.file, lines);
    entry.text.split("\n").forEach((line, i) => {
      lines[entry.startLine - 1 + i] = line;
    });
  }
  return files;
}
