import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyPlan } from "../../src/consolidate/apply-plan.js";
import { planConsolidation } from "../../src/consolidate/plan-consolidation.js";
import { memoryId } from "../../src/memory/memory.js";
import { renderMemory } from "../../src/memory/render-memory.js";
import { memory } from "../helpers/memory-records.js";

const WORDS = ["deploy", "api", "cache", "sync", "service", "database", "region", "team", "release", "tests", "branch", "queue"];
const KEYS = ["Vercel", "ECS", "Redis", "Postgres", "Neon", "Kafka", "GitHub", "Grafana"];

const sentence = fc
  .tuple(
    fc.array(fc.constantFrom(...WORDS), { minLength: 3, maxLength: 7 }),
    fc.constantFrom(...KEYS),
    fc.constantFrom("", " yesterday", " last week", " We dropped Redis."),
  )
  .map(([words, key, tail]) => `${words.join(" ")} on ${key}.${tail}`.replace(/^./, (c) => c.toUpperCase()));

const memoryArb = fc.record({
  type: fc.constantFrom("project", "feedback", "session_state"),
  name: fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 4 }).map((w) => w.join(" ")),
  blocks: fc.array(sentence, { minLength: 1, maxLength: 3 }),
  day: fc.integer({ min: 1, max: 28 }),
  month: fc.constantFrom("2025-06", "2026-01", "2026-03"),
  pinned: fc.boolean(),
});

// Text of a fact, whatever absolute dates were written after its relative ones.
const norm = (text: string) =>
  text
    .replace(/ \((?:\d{4}-W\d{2}|\d{4}-\d{2}(?:-\d{2})?)\)/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

describe("consolidation keeps every memory's text", () => {
  it("each fact of each memory lands in an active memory, archive/ or the trash", () => {
    fc.assert(
      fc.property(fc.array(memoryArb, { minLength: 2, maxLength: 12 }), (specs) => {
        const memories = specs.map((spec, i) =>
          memory(
            `${spec.type}_m${i}`,
            {
              name: spec.name,
              description: spec.blocks[0],
              updated: `${spec.month}-${String(spec.day).padStart(2, "0")}`,
              pinned: spec.pinned,
              sources: [`log.md#L${i}`],
            },
            spec.blocks.join("\n\n"),
          ),
        );
        const plan = planConsolidation(memories, { today: "2026-04-06" });
        plan.supersedes = plan.conflicts.map((c) => ({ kind: "supersede", winner: c.proposedWinner, loser: c.proposedWinner === c.a ? c.b : c.a }));
        const effect = applyPlan(plan, "2026-04-06", new Set());
        const written = new Map(effect.writes.map((m) => [m.file, renderMemory(m)]));
        const removed = new Set(effect.removes);
        const active = memories.filter((m) => !removed.has(m.file)).map((m) => written.get(m.file) ?? renderMemory(m));
        const archive = [...written].filter(([file]) => file.startsWith("archive/")).map(([, text]) => text);
        // Removed memories go to the trash as they were.
        const trash = memories.filter((m) => removed.has(m.file)).map(renderMemory);
        const kept = norm([...active, ...archive, ...trash].join("\n"));
        for (const m of memories) {
          for (const block of m.body.split(/\n{2,}/)) expect(kept).toContain(norm(block));
          // A memory merged away lives on, every fact of it, in the memory it was merged into.
          const merge = plan.merges.find((op) => op.fold === memoryId(m));
          if (merge) for (const block of m.body.split(/\n{2,}/)) expect(norm(written.get(`${merge.keep}.md`)!)).toContain(norm(block));
          if (m.pinned) expect(written.has(m.file) || removed.has(m.file)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});
