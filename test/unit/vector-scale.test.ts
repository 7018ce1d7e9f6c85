import { describe, expect, it } from "vitest";
import { createRandom } from "../../bench/lib/prng.mjs";
import { planConsolidation } from "../../src/consolidate/plan-consolidation.js";
import { relativeDistance, standing, vectorScale } from "../../src/consolidate/vector-scale.js";
import { memory } from "../helpers/memory-records.js";

const unit = (v: number[]) => {
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
};
const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((sum, x, i) => sum + x * b[i]!, 0);

/**
 * Random unit vectors, the first two `pairCosine` apart, then lifted onto a common direction
 * with weight `floor`: what another model's scale does (every cosine c becomes floor + (1 − floor)·c).
 */
function vectors(count: number, pairCosine: number, floor: number): Float32Array[] {
  const { next } = createRandom(7);
  const raw = Array.from({ length: count }, () => unit(Array.from({ length: 48 }, () => next() - 0.5)));
  // The second: the first turned towards a direction orthogonal to it, so the pair's cosine is exact.
  const first = raw[0]!;
  const away = raw[1]!;
  const along = dot(away, first);
  const orthogonal = unit(away.map((x, i) => x - along * first[i]!));
  raw[1] = first.map((x, i) => pairCosine * x + Math.sqrt(1 - pairCosine ** 2) * orthogonal[i]!);
  return raw.map((v) => Float32Array.from([...v.map((x) => x * Math.sqrt(1 - floor)), Math.sqrt(floor)]));
}

describe("vectorScale", () => {
  it("says nothing about a set too small to tell", () => {
    expect(vectorScale(vectors(11, 0.8, 0))).toBeUndefined();
    expect(vectorScale([...vectors(11, 0.8, 0), undefined])).toBeUndefined();
    expect(vectorScale(vectors(12, 0.8, 0))).toBeDefined();
  });

  it("reads a pair the same on any model's scale: a common floor changes its cosine, not its standing or relative distance", () => {
    const readings = [0, 0.4, 0.75].map((floor) => {
      const set = vectors(40, 0.8, floor);
      const scale = vectorScale(set)!;
      const cosine = dot(set[0]!, set[1]!);
      return { cosine, standing: standing(cosine, scale), relative: relativeDistance(cosine, scale) };
    });
    expect(readings[2]!.cosine - readings[0]!.cosine).toBeGreaterThan(0.1);
    for (const reading of readings.slice(1)) {
      expect(reading.standing).toBeCloseTo(readings[0]!.standing, 3);
      expect(reading.relative).toBeCloseTo(readings[0]!.relative, 3);
    }
    // Random 48-dim vectors sit near 0: the planted pair stands many spreads above them.
    expect(readings[0]!.standing).toBeGreaterThan(5);
  });
});

describe("planConsolidation with vectors of any scale", () => {
  // A reworded pair (few words in common) among unrelated memories.
  const syllables = ["ka", "lo", "mi", "ser", "tu", "ven", "dra", "pol", "nix", "qua", "ber", "sol"];
  const { next } = createRandom(3);
  const word = () => Array.from({ length: 3 }, () => syllables[Math.floor(next() * syllables.length)]).join("");
  const others = Array.from({ length: 28 }, (_, i) =>
    memory(
      `project_m${i}`,
      { name: `${word()} ${word()}`, description: `${word()} ${word()} ${word()}`, updated: "2026-01-01" },
      `${word()} ${word()} ${word()}.`,
    ),
  );
  const older = memory("user_mia-tz", { name: "Mia's time zone", description: "Mia is in Tokyo", updated: "2026-01-01" }, "Mia works from Tokyo (JST).");
  const newer = memory(
    "user_mia-hours",
    { name: "When to reach Mia", description: "Mia answers in Tokyo office hours", updated: "2026-02-01" },
    "Reach Mia during Tokyo office hours.",
  );
  const memories = [older, newer, ...others];
  const byId = (set: Float32Array[]) => new Map(memories.map((m, i) => [m.file.replace(/\.md$/, ""), set[i]!]));

  it("merges the reworded pair at a low-scale model's 0.8 as at a high-scale model's 0.95", () => {
    for (const floor of [0, 0.75]) {
      const plan = planConsolidation(memories, { today: "2026-04-01", vectors: byId(vectors(30, 0.8, floor)) });
      expect(plan.merges.map((m) => [m.keep, m.fold])).toEqual([["user_mia-tz", "user_mia-hours"]]);
      expect(plan.conflicts).toEqual([]);
    }
    // An absolute cosine given by the caller is taken as it is.
    expect(planConsolidation(memories, { today: "2026-04-01", vectors: byId(vectors(30, 0.8, 0)), sameSubjectCosine: 0.91 }).merges).toEqual([]);
  });

  it("leaves the pair apart when it does not stand out from the set's typical pair", () => {
    const plan = planConsolidation(memories, { today: "2026-04-01", vectors: byId(vectors(30, 0.3, 0.75)) });
    expect(plan.merges).toEqual([]);
  });
});
