import { dot } from "./find-candidates.js";

/**
 * A set's own cosine scale. Embeddings models differ in scale (one puts
 * paraphrases at 0.75 and unrelated texts at 0.2, another at 0.95 and 0.75),
 * so a cosine is read against the set's own pairs (a sample of them in a
 * large set): how far it stands above the typical pair, in spreads, which
 * no shift or stretch of the scale changes; and how close it is to 1
 * relative to the typical pair.
 */
export interface VectorScale {
  /** The median cosine between two memories of the set: mostly unrelated pairs. */
  typical: number;
  /** How widely pairs spread around it: the median absolute deviation, scaled to a standard deviation. */
  spread: number;
}

export interface ScaleOptions {
  /** Spreads above the typical pair from which a pair is compared at all. */
  candidateStanding: number;
  /** How far below its nearest neighbour's cosine a pair still counts as nearest, on the set's scale. */
  nearestMargin: number;
}

export const DEFAULT_SCALE: ScaleOptions = { candidateStanding: 3.5, nearestMargin: 0.01 };

// Fewer memories than this say too little about a scale: absolute cosines are used instead.
const MIN_MEMORIES = 12;
const SAMPLE = 4000;

/** The scale of a set's vectors, or `undefined` when there are too few to tell. */
export function vectorScale(vectors: readonly (Float32Array | undefined)[]): VectorScale | undefined {
  const present = vectors.filter((vector): vector is Float32Array => vector !== undefined);
  const n = present.length;
  if (n < MIN_MEMORIES) return undefined;
  const cosines: number[] = [];
  if ((n * (n - 1)) / 2 <= SAMPLE) {
    for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) cosines.push(dot(present[i]!, present[j]!));
  } else {
    // A fixed pseudo-random sample: the same set gives the same scale every run.
    let seed = 0x9e3779b9;
    for (let k = 0; k < SAMPLE; k++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const i = k % n;
      const j = (i + 1 + (seed % (n - 1))) % n;
      cosines.push(dot(present[i]!, present[j]!));
    }
  }
  const typical = median(cosines);
  // 1.4826 × MAD is the standard deviation of a normal spread, untouched by the few close pairs.
  const spread = 1.4826 * median(cosines.map((cosine) => Math.abs(cosine - typical)));
  // A set of near-copies has no room left above its median: keep some.
  return { typical: Math.min(typical, 0.9), spread: Math.max(spread, 1e-3) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** How many spreads a cosine stands above the set's typical pair. */
export function standing(cosine: number, scale: VectorScale): number {
  return (cosine - scale.typical) / scale.spread;
}

/** 0 for identical vectors, 1 for a pair as far apart as the set's typical pair. */
export function relativeDistance(cosine: number, scale: VectorScale): number {
  return (1 - cosine) / (1 - scale.typical);
}

/** The cosine that stands so many spreads above the typical pair. */
export function cosineAtStanding(spreads: number, scale: VectorScale): number {
  return scale.typical + spreads * scale.spread;
}
