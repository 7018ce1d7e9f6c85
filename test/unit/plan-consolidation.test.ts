import { describe, expect, it } from "vitest";
import { planConsolidation } from "../../src/consolidate/plan-consolidation.js";
import type { ConsolidationPlan } from "../../src/consolidate/plan-types.js";
import { fitBudget, validatePlan } from "../../src/consolidate/validate-plan.js";
import { PlanRefusedError } from "../../src/errors/plan-refused-error.js";
import { memoryId } from "../../src/memory/memory.js";
import { memory } from "../helpers/memory-records.js";

const today = "2026-04-06";

describe("planConsolidation", () => {
  it("proposes the newer memory when it says it replaces the older's value", () => {
    const plan = planConsolidation(
      [
        memory(
          "project_cache",
          { name: "Cache layer", description: "The cache runs on Redis", updated: "2026-01-10" },
          "The API cache runs on Redis with a 5 minute TTL.",
        ),
        memory(
          "project_cache-postgres",
          { name: "Cache layer moved", description: "The cache is now in Postgres", updated: "2026-03-01" },
          "We dropped Redis; the API cache is now a Postgres table with a 5 minute TTL.",
        ),
      ],
      { today },
    );
    expect(plan.conflicts).toEqual([
      {
        kind: "conflict",
        a: "project_cache",
        b: "project_cache-postgres",
        topic: "Cache layer",
        proposedWinner: "project_cache-postgres",
        reason: "explicit-supersession",
      },
    ]);
    expect(plan.merges).toEqual([]);
  });

  it("never proposes a pinned memory as the loser, and leaves two pinned ones alone", () => {
    const older = memory(
      "project_deploy-ecs",
      { name: "Deploy target", description: "Deploy to ECS", updated: "2026-01-01", pinned: true },
      "Deploy the API to ECS.",
    );
    const newer = memory(
      "project_deploy-vercel",
      { name: "Deploy target", description: "Deploy to Vercel", updated: "2026-03-01" },
      "Deploy the API to Vercel.",
    );
    expect(planConsolidation([older, newer], { today }).conflicts[0]?.proposedWinner).toBe("project_deploy-ecs");
    const bothPinned = memory(
      "project_deploy-vercel",
      { name: "Deploy target", description: "Deploy to Vercel", updated: "2026-03-01", pinned: true },
      "Deploy the API to Vercel.",
    );
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
    expect(
      refusal(
        plan({
          merges: [{ kind: "merge", keep: "project_a", fold: "project_b", merged: { ...a, sources: ["x.md#L1", "y.md#L2"], body: "Fact A.\n\nFact B." } }],
        }),
      ),
    ).toBe("accepted");
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
    expect(refusal(plan({ prunes: [{ kind: "prune", id: "project_p", type: "project", ageDays: 999 }] }))).toBe(
      "plan refused: it changes project_p, which is pinned",
    );
    expect(refusal(plan({ supersedes: [{ kind: "supersede", winner: "project_a", loser: "project_p" }] }))).toBe(
      "plan refused: it changes project_p, which is pinned",
    );
  });

  it("accepts any number of merges: they keep every fact", () => {
    const many = Array.from({ length: 8 }, (_, i) => memory(`project_m${i}`, { sources: [`m${i}.md#L1`] }, `Fact ${i}.`));
    const merges = [1, 2, 3].map((i) => ({
      kind: "merge" as const,
      keep: "project_m0",
      fold: `project_m${i}`,
      merged: { ...many[0]!, sources: ["m0.md#L1", `m${i}.md#L1`] },
    }));
    const p = plan({ merges }, many);
    expect(refusal(p)).toBe("accepted");
    expect(fitBudget(p)).toEqual([]);
    expect(p.merges).toHaveLength(3);
  });
});

describe("fitBudget", () => {
  const many = Array.from({ length: 8 }, (_, i) => memory(`project_m${i}`, {}, `Fact ${i}.`));
  const base = (over: Partial<ConsolidationPlan>): ConsolidationPlan => ({
    merges: [],
    conflicts: [],
    prunes: [],
    redates: [],
    supersedes: [],
    undecided: [],
    memories: new Map(many.map((m) => [memoryId(m), m])),
    ...over,
  });

  it("keeps a quarter of the memories' worth of supersessions and prunes, and returns the rest", () => {
    const prunes = [300, 500, 400].map((ageDays, i) => ({ kind: "prune" as const, id: `project_m${i}`, type: "project", ageDays }));
    const p = base({ prunes });
    expect(fitBudget(p).map((op) => op.kind === "prune" && op.id)).toEqual(["project_m0"]);
    // The oldest are the safest to prune.
    expect(p.prunes.map((op) => op.id)).toEqual(["project_m1", "project_m2"]);
  });

  it("keeps supersessions said in words before value changes, and both before prunes", () => {
    const conflicts = [
      { kind: "conflict" as const, a: "project_m0", b: "project_m1", topic: "t", proposedWinner: "project_m1", reason: "different-values" as const },
      { kind: "conflict" as const, a: "project_m2", b: "project_m3", topic: "t", proposedWinner: "project_m3", reason: "explicit-supersession" as const },
    ];
    const supersedes = [
      { kind: "supersede" as const, winner: "project_m1", loser: "project_m0" },
      { kind: "supersede" as const, winner: "project_m3", loser: "project_m2" },
    ];
    const p = base({ conflicts, supersedes, prunes: [{ kind: "prune", id: "project_m5", type: "project", ageDays: 900 }] });
    const cut = fitBudget(p, { maxRemoveFraction: 0.125 });
    expect(p.supersedes).toEqual([supersedes[1]]);
    expect(cut.map((op) => (op.kind === "prune" ? op.id : op.loser))).toEqual(["project_m0", "project_m5"]);
  });

  it("leaves a plan within budget as it is", () => {
    const p = base({ prunes: [{ kind: "prune", id: "project_m0", type: "project", ageDays: 900 }] });
    expect(fitBudget(p)).toEqual([]);
    expect(p.prunes).toHaveLength(1);
  });

  it("with `only`, decides about those memories alone: how two others stand is left out", () => {
    const redis = memory(
      "project_cache",
      { name: "Cache layer", description: "The cache runs on Redis", updated: "2026-01-10" },
      "The API cache runs on Redis with a 5 minute TTL.",
    );
    const postgres = memory(
      "project_cache-postgres",
      { name: "Cache layer moved", description: "The cache is now in Postgres", updated: "2026-03-01" },
      "We dropped Redis; the API cache is now a Postgres table with a 5 minute TTL.",
    );
    const restated = memory(
      "project_cache-table",
      { name: "Cache layer moved", description: "The cache is now in Postgres", updated: "2026-04-01" },
      "We dropped Redis; the API cache is now a Postgres table with a 5 minute TTL.",
    );
    const all = planConsolidation([redis, postgres, restated], { today });
    expect(all.conflicts.map((c) => [c.a, c.b])).toEqual([["project_cache-postgres", "project_cache-table"]]);
    const only = planConsolidation([redis, postgres, restated], { today, only: new Set(["project_cache"]) });
    const decided = [...only.conflicts.map((c) => [c.a, c.b]), ...only.merges.map((m) => [m.keep, m.fold]), ...only.undecided];
    expect(decided.length).toBeGreaterThan(0);
    for (const pair of decided) expect(pair).toContain("project_cache");
  });
});
