/** A seeded random source (mulberry32 seeded through FNV-1a): the same sequence for a seed on every machine. */
export interface Random {
  /** In [0, 1). */
  next(): number;
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  chance(p: number): boolean;
  weighted(weights: Record<string, number>): string;
}

export declare function createRandom(seed: number | string): Random;
