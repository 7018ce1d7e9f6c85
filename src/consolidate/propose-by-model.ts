import { readFile } from "node:fs/promises";
import path from "node:path";
import YAML from "yaml";
import type { MemoryModel } from "../model/memory-model.js";
import type { Problem } from "../problems/problem.js";
import { BUILT_IN_PROMPTS_DIR } from "../prompt/load-prompts.js";
import { findTypedMemoryBlocks } from "../parse/find-typed-memory-blocks.js";
import { redactSecrets } from "../logs/redact-secrets.js";
import type { Memory } from "../memory/memory.js";
import { memoryId } from "../memory/memory.js";
import { memoryTerms } from "./memory-terms.js";
import type { ConsolidationPlan } from "./plan-types.js";

/** A pair the code left undecided, or a merge whose text a model may write better. */
export interface PairToJudge {
  a: Memory;
  b: Memory;
}

/** The pairs worth a model's judgement: those the code could not decide first, then its merges (for their text). */
export function pairsToJudge(plan: ConsolidationPlan): PairToJudge[] {
  const get = (id: string) => plan.memories.get(id)!;
  return [
    ...plan.undecided.map(([a, b]) => ({ a: get(a), b: get(b) })),
    ...plan.merges.map((merge) => ({ a: get(merge.keep), b: get(merge.fold) })),
  ];
}

/** Pairs sent to the model in one run, at most: the call stays small and its cost known. */
export const MAX_PAIRS_PER_RUN = 20;

/**
 * Seed 000's dream, as a question to a model about pairs of memories. The
 * model only proposes: a duplicate's merged text is kept only if it keeps
 * every number, date, link and name of both memories (else the code's own
 * merge stands); a contradiction becomes a proposal a person or --auto
 * settles. Proposals involving a pinned memory are never made.
 */
export async function judgePairs(
  plan: ConsolidationPlan,
  pairs: PairToJudge[],
  model: MemoryModel,
  options: { promptsDir?: string | undefined; signal?: AbortSignal | undefined } = {},
): Promise<Problem[]> {
  const asked = pairs.slice(0, MAX_PAIRS_PER_RUN);
  if (asked.length === 0) return [];
  // Your prompts dir may hold only the compaction prompts: the built-in consolidation ones stand in.
  const read = (file: string) => readFile(path.join(options.promptsDir ?? BUILT_IN_PROMPTS_DIR, file), "utf8").catch(() => readFile(path.join(BUILT_IN_PROMPTS_DIR, file), "utf8"));
  const [system, template] = await Promise.all([read("consolidate-system.md"), read("consolidate-user.md")]);
  const prompt = template.replace("{pairs}", asked.map((pair, i) => renderPair(i + 1, pair)).join("\n\n"));
  const redacted = await redactSecrets(prompt);
  const answer = await model.complete(redacted.text, { systemPrompt: system.trim(), temperature: 0.2, maxTokens: 4096, signal: options.signal });

  const problems: Problem[] = answer.warnings.map((message) => ({ source: "model", ruleId: "provider-warning", message }));
  const used = new Set([...plan.merges.flatMap((m) => [m.keep, m.fold]), ...plan.conflicts.flatMap((c) => [c.a, c.b])]);
  for (const block of pairBlocks(answer.text)) {
    const pair = asked[block.number - 1];
    if (!pair) {
      problems.push({ source: "model", ruleId: "invalid-judgement", message: `answer names pair ${block.number}, which was not asked; ignored` });
      continue;
    }
    const source = `model judgement of pair ${block.number}`;
    const [idA, idB] = [memoryId(pair.a), memoryId(pair.b)];
    const merge = plan.merges.find((m) => [m.keep, m.fold].includes(idA) && [m.keep, m.fold].includes(idB));
    if (block.verdict === "duplicate" && merge) {
      if (keepsEveryDetail(block.text, [pair.a, pair.b])) merge.merged = { ...merge.merged, body: (await redactSecrets(block.text)).text };
      else problems.push({ source, ruleId: "merge-lost-detail", message: "the merged text drops a number, date, link or name; the code's merge is kept" });
    } else if (block.verdict === "contradiction" && !merge && !used.has(idA) && !used.has(idB)) {
      if (pair.a.pinned && pair.b.pinned) continue;
      const named = block.current === "A" ? pair.a : pair.b;
      const winner = pair.a.pinned ? pair.a : pair.b.pinned ? pair.b : named;
      plan.conflicts.push({ kind: "conflict", a: idA, b: idB, topic: block.topic || pair.a.name, proposedWinner: memoryId(winner), reason: "different-values" });
      used.add(idA);
      used.add(idB);
    }
  }
  return problems;
}

function renderPair(number: number, pair: PairToJudge): string {
  const side = (label: string, m: Memory) => `### ${label}: ${m.name} (${m.type}, updated ${m.updated || "unknown"})\n${m.description}\n\n${m.body}`;
  return `## Pair ${number}\n${side("A", pair.a)}\n\n${side("B", pair.b)}`;
}

interface PairBlock {
  number: number;
  verdict: string;
  current: string;
  topic: string;
  text: string;
}

function pairBlocks(answer: string): PairBlock[] {
  // The same fence reader as typed_memory blocks, for the `pair` tag.
  const { blocks } = findTypedMemoryBlocks(answer.replace(/^( {0,3}(?:`{3,}|~{3,})[ \t]*)pair\b/gm, "$1typed_memory"));
  return blocks.flatMap((block) => {
    const [head = "", ...rest] = block.body.split(/^---\s*$/m);
    let data: Record<string, unknown>;
    try {
      data = (YAML.parse(head, { schema: "core" }) ?? {}) as Record<string, unknown>;
    } catch {
      return [];
    }
    const number = Number(data["pair"]);
    if (!Number.isInteger(number)) return [];
    return [{ number, verdict: String(data["verdict"] ?? "").trim().toLowerCase(), current: String(data["current"] ?? "").trim().toUpperCase(), topic: String(data["topic"] ?? "").trim(), text: rest.join("---").trim() }];
  });
}

// Details a merge must not lose: links, dates, numbers, and names (as the planner finds them).
function keepsEveryDetail(merged: string, parts: Memory[]): boolean {
  if (merged === "") return false;
  const literal = (text: string) => text.match(/https?:\/\/[^\s)>\]]+|\d{4}-\d{2}-\d{2}|\b\d+(?:\.\d+)?\b/g) ?? [];
  const mergedText = merged.toLowerCase();
  return parts.every((part) => literal(part.body).every((detail) => merged.includes(detail)) && [...memoryTerms(part.body).keys].every((name) => mergedText.includes(name)));
}
