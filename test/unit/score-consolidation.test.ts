import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ConsolidationLabels, type ConsolidationOutcome, checkLabels, memoryText, scoreConsolidation } from "../helpers/score-consolidation.js";

// Two near-duplicates, two reworded (across languages), one conflict, one look-alike, one singleton.
const labels: ConsolidationLabels = {
  set: "tiny",
  dir: "tiny",
  duplicates: { near: [["n1", "n2"]], reworded: [["r1", "r2"]] },
  crossLanguage: [["r1", "r2"]],
  conflicts: [{ a: "c1", b: "c2", winner: "c2" }],
  lookalikes: [{ a: "n1", b: "l1" }],
  singletons: ["l1", "s1"],
  facts: {
    n1: ["port 5432"],
    n2: ["port 5432"],
    r1: ["02:30 UTC"],
    r2: ["02:30 UTC"],
    c1: ["ECS Fargate"],
    c2: ["Vercel"],
    l1: ["port 6543"],
    s1: ["72 characters"],
  },
};
const TEXTS = {
  n1: "Prod database on port 5432",
  n2: "Production database listens on port 5432",
  r1: "Backups run at 02:30 UTC",
  r2: "Die Backups laufen um 02:30 UTC",
  c1: "Deploy to ECS Fargate",
  c2: "Deploy to Vercel",
  l1: "Staging database on port 6543",
  s1: "Commit subjects at most 72 characters",
};
const allTexts = (...without: (keyof typeof TEXTS)[]) =>
  Object.entries(TEXTS).flatMap(([id, text]) => (without.includes(id as keyof typeof TEXTS) ? [] : [text]));
const outcome = (parts: Partial<ConsolidationOutcome>): ConsolidationOutcome => ({
  merged: [],
  superseded: [],
  conflictsReported: [],
  activeTexts: allTexts(),
  ...parts,
});

describe("scoreConsolidation", () => {
  it("gives full marks to the labelled outcome", () => {
    const score = scoreConsolidation(
      labels,
      outcome({
        merged: [
          ["n1", "n2"],
          ["r2", "r1"],
        ],
        superseded: [{ winner: "c2", loser: "c1" }],
        activeTexts: allTexts("c1"),
      }),
    );
    expect(score.near).toEqual({ found: 1, of: 1 });
    expect(score.reworded).toEqual({ found: 1, of: 1 });
    expect(score.crossLanguage).toEqual({ found: 1, of: 1 });
    expect(score.merges).toEqual({ mergedPairs: 2, correctPairs: 2, precision: 1 });
    expect(score.conflicts.found).toEqual({ found: 1, of: 1 });
    expect(score.conflicts.resolved).toEqual({ found: 1, of: 1 });
    expect(score.falseMerges.count).toBe(0);
    expect(score.falseConflicts).toEqual([]);
    expect(score.singletonsTouched).toEqual([]);
    // The loser's own fact is gone, as it should be.
    expect(score.factsLost).toEqual({ count: 0, of: 7, lost: [] });
  });

  it("finds nothing when nothing was done, with precision undefined rather than perfect", () => {
    const score = scoreConsolidation(labels, outcome({}));
    expect(score.near.found).toBe(0);
    expect(score.reworded.found).toBe(0);
    expect(score.merges.precision).toBeNull();
    expect(score.conflicts.found.found).toBe(0);
    expect(score.factsLost.count).toBe(0);
  });

  it("counts a group that swallowed a look-alike as one false merge, its near-duplicates still found", () => {
    const score = scoreConsolidation(labels, outcome({ merged: [["n1", "n2", "l1"]] }));
    expect(score.near.found).toBe(1);
    expect(score.merges).toEqual({ mergedPairs: 3, correctPairs: 1, precision: 1 / 3 });
    expect(score.falseMerges.count).toBe(1);
    expect(score.falseMerges.reasons).toEqual({ lookalike: 1, conflict: 0, singleton: 1, other: 0 });
    expect(score.falseMerges.lookalikesMerged).toEqual({ found: 1, of: 1 });
    expect(score.singletonsTouched).toEqual(["l1"]);
  });

  it("joins merges that share a memory into one group", () => {
    const score = scoreConsolidation(
      labels,
      outcome({
        merged: [
          ["n1", "r1"],
          ["r1", "n2"],
        ],
      }),
    );
    expect(score.near.found).toBe(1);
    expect(score.reworded.found).toBe(0);
    expect(score.falseMerges.groups).toEqual([["n1", "n2", "r1"]]);
    expect(score.falseMerges.reasons.other).toBe(2);
  });

  it("counts a conflict merged as duplicates as a false merge, not as found", () => {
    const score = scoreConsolidation(labels, outcome({ merged: [["c1", "c2"]] }));
    expect(score.conflicts.mergedAsDuplicates).toBe(1);
    expect(score.conflicts.found.found).toBe(0);
    expect(score.falseMerges.reasons.conflict).toBe(1);
  });

  it("tells a right winner from a wrong one, and loses the winner's facts when it is archived", () => {
    const wrong = scoreConsolidation(labels, outcome({ superseded: [{ winner: "c1", loser: "c2" }], activeTexts: allTexts("c2") }));
    expect(wrong.conflicts.found.found).toBe(1);
    expect(wrong.conflicts.resolved.found).toBe(0);
    expect(wrong.conflicts.wrongWinner).toBe(1);
    expect(wrong.factsLost.lost).toEqual([{ id: "c2", fact: "Vercel" }]);
  });

  it("scores reported conflicts and their proposed winners apart from resolved ones", () => {
    const right = scoreConsolidation(labels, outcome({ conflictsReported: [{ a: "c2", b: "c1", proposedWinner: "c2" }] }));
    expect(right.conflicts.found.found).toBe(1);
    expect(right.conflicts.resolved.found).toBe(0);
    expect(right.conflicts.proposedRight).toEqual({ found: 1, of: 1 });
    const wrong = scoreConsolidation(labels, outcome({ conflictsReported: [{ a: "c1", b: "c2", proposedWinner: "c1" }] }));
    expect(wrong.conflicts.proposedRight).toEqual({ found: 0, of: 1 });
  });

  it("lists conflicts reported or superseded between memories that do not conflict", () => {
    const score = scoreConsolidation(
      labels,
      outcome({ conflictsReported: [{ a: "n1", b: "l1" }], superseded: [{ winner: "s1", loser: "r1" }], activeTexts: allTexts("r1") }),
    );
    expect(score.falseConflicts).toHaveLength(2);
    // r2 still says 02:30 UTC, so the superseded r1 lost no fact.
    expect(score.factsLost.count).toBe(0);
  });

  it("finds facts case-insensitively across line breaks, and counts a singleton's missing fact", () => {
    const kept = scoreConsolidation(labels, outcome({ activeTexts: [...allTexts("s1"), "COMMIT subjects: at most 72\n  CHARACTERS"] }));
    expect(kept.factsLost.count).toBe(0);
    const lost = scoreConsolidation(labels, outcome({ activeTexts: allTexts("s1") }));
    expect(lost.factsLost.lost).toEqual([{ id: "s1", fact: "72 characters" }]);
  });
});

describe("checkLabels", () => {
  const memories = Object.entries(TEXTS).map(([id, text]) => ({ id, text }));

  it("accepts consistent labels", () => {
    expect(checkLabels(labels, memories)).toEqual([]);
  });

  it("names unknown ids, facts not in their memory, filler facts, shared facts and a wrong singleton list", () => {
    const broken: ConsolidationLabels = {
      ...labels,
      lookalikes: [{ a: "n1", b: "ghost" }],
      singletons: ["s1"],
      facts: { ...labels.facts, s1: ["unless a later entry replaces it"], l1: ["database"], r1: ["03:00 UTC"] },
    };
    const problems = checkLabels(broken, [
      ...memories.filter((m) => m.id !== "s1"),
      { id: "s1", text: "Work from this decision unless a later entry replaces it." },
    ]);
    expect(problems).toEqual(
      expect.arrayContaining([
        "lookalikes: ghost is not a memory of the set",
        expect.stringMatching(/^singletons should be exactly/),
        's1: fact "unless a later entry replaces it" is the tool\'s filler',
        'l1: fact "database" is also in n1',
        'r1: fact "03:00 UTC" is not in its text',
      ]),
    );
  });
});

describe("memoryText", () => {
  it("keeps name, description, aliases and body, not the keys that name other memories", () => {
    const { text, data } = memoryText(
      "---\nname: Deploy target\ndescription: Where the API runs\ntype: project\naliases:\n  - API host\nmerged_from:\n  - project_vercel-old\n---\n\nDeploy to Vercel.\n",
    );
    expect(data["type"]).toBe("project");
    expect(text).toContain("Deploy target");
    expect(text).toContain("API host");
    expect(text).toContain("Deploy to Vercel.");
    expect(text).not.toContain("project_vercel-old");
  });
});

// The committed labelled sets: consistent, and as large as the bench's targets assume.
describe.each(["set-a", "set-b", "set-c", "set-d", "set-e"])("labelled set %s", (set) => {
  const root = path.join(import.meta.dirname, "../fixtures/consolidation-labelled");

  it("is consistent with its memory files and has enough of every kind", async () => {
    const labels = JSON.parse(await readFile(path.join(root, `${set}.labels.json`), "utf8")) as ConsolidationLabels;
    const files = (await readdir(path.join(root, labels.dir))).filter((file) => file.endsWith(".md"));
    const memories = await Promise.all(
      files.map(async (file) => ({ id: file.slice(0, -3), ...memoryText(await readFile(path.join(root, labels.dir, file), "utf8")) })),
    );
    expect(checkLabels(labels, memories)).toEqual([]);
    expect(memories.length).toBeGreaterThanOrEqual(40);
    expect(memories.every((m) => m.id.startsWith(`${String(m.data["type"])}_`))).toBe(true);
    expect(labels.duplicates.near.length).toBeGreaterThanOrEqual(8);
    expect(labels.duplicates.reworded.length).toBeGreaterThanOrEqual(10);
    expect(labels.crossLanguage?.length).toBeGreaterThanOrEqual(1);
    expect(labels.conflicts.length).toBeGreaterThanOrEqual(8);
    expect(labels.lookalikes.length).toBeGreaterThanOrEqual(10);
    const pinned = memories.filter((m) => m.data["pinned"] === true).map((m) => m.id);
    expect(pinned.filter((id) => labels.conflicts.some((c) => c.a === id || c.b === id))).toHaveLength(1);

    const { vectors } = JSON.parse(await readFile(path.join(root, `${set}.vectors.json`), "utf8")) as { vectors: Record<string, number[]> };
    expect(Object.keys(vectors).sort()).toEqual(memories.map((m) => m.id).sort());
    for (const vector of Object.values(vectors)) expect(Math.hypot(...vector)).toBeCloseTo(1, 3);
  });
});
