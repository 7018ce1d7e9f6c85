// A seeded PRNG so a seed always yields the same logs: mulberry32 (32-bit integer steps,
// no float drift), seeded from any string through FNV-1a.

/** A random source for `seed` (number or string): `next()` in [0, 1), plus helpers. */
export function createRandom(seed) {
  let state = hashSeed(String(seed));
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  const pick = (list) => list[Math.floor(next() * list.length)];
  const chance = (p) => next() < p;
  /** Picks a key of `weights` ({ key: weight }) in proportion to its weight. */
  const weighted = (weights) => {
    const entries = Object.entries(weights);
    let roll = next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries.at(-1)[0];
  };
  return { next, int, pick, chance, weighted };
}

function hashSeed(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
