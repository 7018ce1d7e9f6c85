import { describe, expect, it } from "vitest";
import { planConsolidation } from "../../src/consolidate/plan-consolidation.js";
import type { ConsolidationPlan } from "../../src/consolidate/plan-types.js";
import { validatePlan } from "../../src/consolidate/validate-plan.js";
import { PlanRefusedError } from "../../src/errors/plan-refused-error.js";
import { memoryId } from "../../src/memory/memory.js";
import { memory } from "../helpers/memory-records.js";

const today = "2026-04-06";

describe("planConsolidation", () => {
  it("proposes the newer memory when it says it replaces the older's value", () => {
    const plan = planConsolidation(
      [
        memory("project_cache", { name: "Cache layer", description: "The cache runs on Redis", updated: "2026-01-10" }, "The API cache runs on Redis with a 5 minute TTL."),
        memory("project_cache-postgres", { name: "Cache layer moved", description: "The cache is now in Postgres", updated: "2026-03-01" }, "We dropped Redis; the API cache is now a Postgres table with a 5 minute TTL."),
      ],
      { today },
    );
    expect(plan.conflicts).toEqual([
      { kind: "conflict", a: "project_cache", b: "project_cache-postgres", topic: "Cache layer", proposedWinner: "project_cache-postgres", reason: "explicit-supersession" },
    ]);
    expect(plan.merges).toEqual([]);
  });

  it("never proposes a pinned memory as the loser, and leaves two pinned ones alone", () => {
    const older = memory("project_deploy-ecs", { name: "Deploy target", description: "Deploy to ECS", updated: "2026-01-01", pinned: true }, "Deploy the API to ECS.");
    const newer = memory("project_deploy-vercel", { name: "Deploy target", description: "Deploy to Vercel", updated: "2026-03-01" }, "Deploy the API to Vercel.");
    expect(planConsolidation([older, newer], { today }).conflicts[0]?.proposedWinner).toBe("project_deploy-ecs");
    const bothPinned = memory("project_deploy-vercel", { name: "Deploy target", description: "Deploy to Vercel", updated: "2026-03-01", pinned: true }, "Deploy the API to Vercel.");
    expect(planConsolidation([older, bothPinned], { today }).conflicts).toEqual([]);
  });

  it("never pairs memories of different types", () => {
    const plan = planConsolidation(
      [
        memory("user_answers", { name: "Short answers", description: "Dana wants short answers" }, "Dana prefers short answers with the command first."),
        memory("feedback_answers", { name: "Short answers", description: "Dana wants short answers" }, "Dana prefers short answers with the command first."),
      ],
      { today },
    );
    expect(plan.merges).toEqual([]);
  });

  it("prunes by the configured retention and seed 003's defaults, never a pinned memory", () => {
    const plan = planConsolidation(
      [
        memory("project_old", { updated: "2025-01-01" }, "An old project fact."),
        memory("session_state_stale", { updated: "2025-12-01" }, "Where a task stood."),
        memory("session_state_pinned", { updated: "2025-12-01", pinned: true }, "Where another task stood."),
        memory("compact_summary_recent", { updated: "2026-03-01" }, "A recent summary."),
      ],
      { today, retention: { project: 365 } },
    );
    expect(plan.prunes.map((p) => [p.id, p.ageDays])).toEqual([
      ["project_old", 460],
      ["session_state_stale", 126],
    ]);
  });
});

describe("validatePlan", () => {
  const a = memory("project_a", { sources: ["x.md#L1"] }, "Fact A.");
  const b = memory("project_b", { sources: ["y.md#L2"] }, "Fact B.");
  const u = memory("user_c", {}, "Fact C.");
  const pinned = memory("project_p", { pinned: true }, "Fact P.");
  const plan = (over: Partial<ConsolidationPlan>, memories = [a, b, u, pinned]): ConsolidationPlan => ({
    merges: [],
    conflicts: [],
    prunes: [],
    redates: [],
    supersedes: [],
    undecided: [],
    memories: new Map(memories.map((m) => [memoryId(m), m])),
    ...over,
  });
  const refusal = (p: ConsolidationPlan) => {
    try {
      validatePlan(p);
      return "accepted";
    } catch (error) {
      expect(error).toBeInstanceOf(PlanRefusedError);
      return (error as Error).message;
    }
  };

  it("accepts a plan within the invariants", () => {
    expect(refusal(plan({ merges: [{ kind: "merge", keep: "project_a", fold: "project_b", merged: { ...a, sources: ["x.md#L1", "y.md#L2"], body: "Fact A.\n\nFact B." } }] }))).toBe("accepted");
  });

  it("refuses a merge across types", () => {
    expect(refusal(plan({ merges: [{ kind: "merge", keep: "project_a", fold: "user_c", merged: { ...a, sources: ["x.md#L1"], body: "" } }] }))).toBe(
      "plan refused: merge of project_a (project) and user_c (user) crosses types",
    );
  });

  it("refuses a merge that drops a source", () => {
    expect(refusal(plan({ merges: [{ kind: "merge", keep: "project_a", fold: "project_b", merged: { ...a, sources: ["x.md#L1"], body: "" } }] }))).toBe(
      "plan refused: merge into project_a drops source y.md#L2",
    );
  });

  it("refuses to touch a pinned memory", () => {
    expect(refusal(plan({ prunes: [{ kind: "prune", id: "project_p", type: "project", ageDays: 999 }] }))).toBe("plan refused: it changes project_p, which is pinned");
    expect(refusal(plan({ supersedes: [{ kind: "supersede", winner: "project_a", loser: "project_p" }] }))).toBe("plan refused: it changes project_p, which is pinned");
  });

  it("refuses to remove more than a quarter of the memories", () => {
    const many = Array.from({ length: 8 }, (_, i) => memory(`project_m${i}`, {}, `Fact ${i}.`));
    const prunes = many.slice(0, 3).map((m) => ({ kind: "prune" as const, id: memoryId(m), type: "project", ageDays: 400 }));
    expect(refusal(plan({ prunes }, many))).toBe("plan refused: it would remove 3 of 8 active memories, more than 25% (consolidation.maxRemoveFraction); nothing changed");
    expect(refusal(plan({ prunes: prunes.slice(0, 2) }, many))).toBe("accepted");
  });
});
