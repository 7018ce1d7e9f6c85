import { type Memory, newMemory } from "../memory/memory.js";
import type { ConflictProposal } from "./plan-types.js";

/** The front matter `source` of the reminder `--auto` writes, so it is never consolidated itself. */
export const AUTO_REMINDER_SOURCE = "compact-auto";
export const REMINDER_FILE_NAME = "project_compact-contradictions-to-review.md";

export function isAutoReminder(memory: Memory): boolean {
  return memory.extra["source"] === AUTO_REMINDER_SOURCE;
}

/**
 * The one reminder for the contradictions `--auto` leaves to a person:
 * written when there are some, rewritten only when they change, and `null`
 * (removed) once none is left. Undefined: leave it as it is.
 */
export function reminderFor(existing: Memory | undefined, conflicts: ConflictProposal[], today: string, file: string): Memory | null | undefined {
  const pairs = conflicts.map((c) => `${c.a} vs ${c.b}`).sort();
  if (conflicts.length === 0) return existing ? null : undefined;
  const known = Array.isArray(existing?.extra["conflicts"]) ? (existing.extra["conflicts"] as unknown[]).map(String).sort() : undefined;
  if (existing && JSON.stringify(known) === JSON.stringify(pairs)) return undefined;
  const body = [
    `compact detected ${conflicts.length} contradiction(s) requiring manual review. Run \`compact consolidate\` to resolve them interactively.`,
    "",
    ...conflicts.map((c) => `- [${c.a}] vs [${c.b}] — "${c.topic}"`),
  ].join("\n");
  return newMemory({
    file,
    name: "Contradictions to review",
    description: `${conflicts.length} contradiction(s) between memories need a person: run compact consolidate`,
    type: "project",
    body,
    created: existing?.created || today,
    updated: today,
    extra: { source: AUTO_REMINDER_SOURCE, conflicts: pairs },
    keyOrder: ["name", "description", "type", "source", "created", "updated", "conflicts"],
  });
}
