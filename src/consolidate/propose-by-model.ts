import YAML from "yaml";
import { redactSecrets } from "../logs/redact-secrets.js";
import { type Memory, memoryId } from "../memory/memory.js";
import type { MemoryModel } from "../model/memory-model.js";
import { findTypedMemoryBlocks } from "../parse/find-typed-memory-blocks.js";
import type { Problem } from "../problems/problem.js";
import { type ConsolidationPrompts, loadConsolidationPrompts } from "../prompt/load-prompts.js";
import { typedValues } from "./memory-facts.js";
import { mergeOf } from "./plan-consolidation.js";
import type { ConsolidationPlan, MergeOperation } from "./plan-types.js";

/** A candidate group as the model sees it: its number in the call and its memories, oldest first. */
export interface GroupToJudge {
  number: number;
  members: Memory[];
}

/** One call holds at most this many groups, or this many characters of them; more groups make more calls. */
export const MAX_GROUPS_PER_CALL = 40;
export const MAX_CHARS_PER_CALL = 60_000;

/** The candidate groups worth a model's judgement: two or more memories, not all pinned. */
export function groupsToJudge(plan: ConsolidationPlan): Memory[][] {
  return (plan.groups ?? [])
    .map((ids) => ids.map((id) => plan.memories.get(id)).filter((m): m is Memory => m !== undefined))
    .filter((members) => members.length >= 2 && members.some((m) => !m.pinned))
    .map((members) => [...members].sort((x, y) => (x.updated || x.created).localeCompare(y.updated || y.created) || memoryId(x).localeCompare(memoryId(y))));
}

/** The groups in calls: at most MAX_GROUPS_PER_CALL and about MAX_CHARS_PER_CALL each. */
export function batchGroups(groups: Memory[][]): GroupToJudge[][] {
  const batches: GroupToJudge[][] = [];
  let current: GroupToJudge[] = [];
  let chars = 0;
  for (const members of groups) {
    const size = members.reduce((sum, m) => sum + m.body.length + m.description.length + m.name.length + 80, 0);
    if (current.length > 0 && (current.length >= MAX_GROUPS_PER_CALL || chars + size > MAX_CHARS_PER_CALL)) {
      batches.push(current);
      current = [];
      chars = 0;
    }
    current.push({ number: current.length + 1, members });
    chars += size;
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Seed 000's dream as one call (more when the groups are many) over every
 * candidate group: the model proposes, per group, merges (with the merged
 * text), supersessions (which memory is current) or keeping them apart.
 * Code checks each proposal before it replaces the rules' decision for that
 * group: members of the group and of one type; a merged text keeps every
 * number, date, link and name of its parts (else the code's own merge text
 * stands); sources are joined by code, so none is lost; a pinned memory is
 * never merged or superseded. The loss budget is applied later, as to any plan.
 */
export async function dream(
  plan: ConsolidationPlan,
  model: MemoryModel,
  options: { prompts?: () => Promise<ConsolidationPrompts>; signal?: AbortSignal | undefined } = {},
): Promise<Problem[]> {
  const batches = batchGroups(groupsToJudge(plan));
  if (batches.length === 0) return [];
  // Your prompts dir may hold only the compaction prompts: the built-in consolidation ones stand in.
  const { system, template } = await (options.prompts ?? loadConsolidationPrompts)();
  const problems: Problem[] = [];
  for (const batch of batches) {
    const prompt = template.replace("{groups}", batch.map(renderGroup).join("\n\n"));
    const redacted = await redactSecrets(prompt);
    const answer = await model.complete(redacted.text, { systemPrompt: system.trim(), temperature: 0.2, maxTokens: 8192, signal: options.signal });
    problems.push(...answer.warnings.map((message) => ({ source: "model", ruleId: "provider-warning", message })));
    const decisions = decisionBlocks(answer.text);
    for (const group of batch) {
      const own = decisions.filter((d) => d.group === group.number);
      if (own.length > 0) problems.push(...(await applyDecisions(plan, group, own)));
    }
    for (const d of decisions.filter((d) => !batch.some((g) => g.number === d.group))) {
      problems.push({ source: "model", ruleId: "invalid-judgement", message: `answer names group ${d.group}, which was not asked; ignored` });
    }
  }
  return problems;
}

function renderGroup(group: GroupToJudge): string {
  const side = (m: Memory) =>
    `### [${memoryId(m)}] ${m.name} (${m.type}, updated ${m.updated || m.created || "unknown"}${m.pinned ? ", pinned" : ""})\n${m.description}\n\n${m.body.trim()}`;
  return `## Group ${group.number}\n${group.members.map(side).join("\n\n")}`;
}

interface Decision {
  group: number;
  action: string;
  ids: string[];
  winner: string;
  topic: string;
  text: string;
}

function decisionBlocks(answer: string): Decision[] {
  // The same fence reader as typed_memory blocks, for the `decision` tag.
  const { blocks } = findTypedMemoryBlocks(answer.replace(/^( {0,3}(?:`{3,}|~{3,})[ \t]*)decision\b/gm, "$1typed_memory"));
  return blocks.flatMap((block) => {
    const [head = "", ...rest] = block.body.split(/^---\s*$/m);
    let data: Record<string, unknown>;
    try {
      data = (YAML.parse(head, { schema: "core" }) ?? {}) as Record<string, unknown>;
    } catch {
      return [];
    }
    const group = Number(data["group"]);
    if (!Number.isInteger(group)) return [];
    const rawIds = data["ids"] ?? data["memories"];
    const ids = (Array.isArray(rawIds) ? rawIds : String(rawIds ?? "").split(/[,\s]+/))
      .map((id) =>
        String(id)
          .replace(/^\[|\]$/g, "")
          .trim(),
      )
      .filter(Boolean);
    const clean = (value: unknown) =>
      String(value ?? "")
        .replace(/^\[|\]$/g, "")
        .trim();
    return [
      {
        group,
        action: clean(data["action"]).toLowerCase(),
        ids,
        winner: clean(data["winner"] ?? data["current"]),
        topic: clean(data["topic"]),
        text: rest.join("---").trim(),
      },
    ];
  });
}

// Checks a group's decisions and, when at least one holds, puts them in the plan instead of the rules' decisions for its members.
async function applyDecisions(plan: ConsolidationPlan, group: GroupToJudge, decisions: Decision[]): Promise<Problem[]> {
  const source = `model judgement of group ${group.number}`;
  const problems: Problem[] = [];
  const byId = new Map(group.members.map((m) => [memoryId(m), m]));
  const claimed = new Set<string>();
  const merges: MergeOperation[] = [];
  const conflicts: ConsolidationPlan["conflicts"] = [];
  let valid = 0;
  for (const decision of decisions) {
    const reject = (message: string) =>
      problems.push({ source, ruleId: "invalid-judgement", message: `${decision.action || "decision"}: ${message}; ignored` });
    const members = decision.ids.map((id) => byId.get(id));
    if (decision.action === "keep") {
      valid++;
      continue;
    }
    if (members.length < 2 || members.some((m) => m === undefined)) {
      reject(`names ${decision.ids.join(", ") || "no memory"}, not two or more memories of the group`);
      continue;
    }
    const parts = members as Memory[];
    if (new Set(parts.map((m) => m.type)).size > 1) reject("its memories are of different types");
    else if (parts.some((m) => claimed.has(memoryId(m)))) reject("a memory it names is already in another decision");
    else if (decision.action === "merge") {
      if (parts.some((m) => m.pinned)) {
        reject("a pinned memory is never merged");
        continue;
      }
      const ordered = group.members.filter((m) => parts.includes(m));
      let merged = mergeOf(ordered[0]!, ordered[1]!);
      const ops = [merged];
      for (const next of ordered.slice(2)) {
        merged = { ...mergeOf(merged.merged, next), keep: memoryId(ordered[0]!) };
        ops.push(merged);
      }
      if (keepsEveryDetail(decision.text, ordered)) ops.at(-1)!.merged = { ...ops.at(-1)!.merged, body: (await redactSecrets(decision.text)).text };
      else problems.push({ source, ruleId: "merge-lost-detail", message: "the merged text drops a number, date, link or name; the code's merge text is kept" });
      merges.push(...ops);
      for (const m of ordered) claimed.add(memoryId(m));
      valid++;
    } else if (decision.action === "supersede") {
      const winner = byId.get(decision.winner) ?? parts.at(-1)!;
      if (!parts.includes(winner) || parts.length !== 2) {
        reject("a supersession names two memories and a winner among them");
        continue;
      }
      const loser = parts.find((m) => m !== winner)!;
      if (loser.pinned) {
        reject(`${memoryId(loser)} is pinned and is never superseded`);
        continue;
      }
      const [older, newer] = group.members.indexOf(loser) < group.members.indexOf(winner) ? [loser, winner] : [winner, loser];
      conflicts.push({
        kind: "conflict",
        a: memoryId(older),
        b: memoryId(newer),
        topic: decision.topic || winner.name,
        proposedWinner: memoryId(winner),
        reason: "model-judgement",
      });
      claimed.add(memoryId(loser)).add(memoryId(winner));
      valid++;
    } else reject(`unknown action '${decision.action}' (merge, supersede or keep)`);
  }
  if (valid === 0) return problems;
  const inGroup = (id: string) => byId.has(id);
  plan.merges = [...plan.merges.filter((m) => !inGroup(m.keep) && !inGroup(m.fold)), ...merges];
  plan.conflicts = [...plan.conflicts.filter((c) => !inGroup(c.a) && !inGroup(c.b)), ...conflicts];
  plan.undecided = plan.undecided.filter(([a, b]) => !inGroup(a) && !inGroup(b));
  return problems;
}

/** Details a merge must not lose: every link, date, number, version, time and name of every part. */
export function keepsEveryDetail(merged: string, parts: Memory[]): boolean {
  if (merged.trim() === "") return false;
  const mergedValues = typedValues(merged);
  const lower = merged.toLowerCase();
  return parts.every((part) =>
    [...typedValues(`${part.description}\n${part.body}`)].every((value) => mergedValues.has(value) || lower.includes(value.slice(value.indexOf(":") + 1))),
  );
}
