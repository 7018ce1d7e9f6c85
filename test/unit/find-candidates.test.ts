import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_FIND, findCandidates } from "../../src/consolidate/find-candidates.js";

// The rule written out plainly, with maps by word: BM25 idf over the word sets (floored at 0.5, 1 for a
// word in none), weighted Jaccard of words and of heads, a pair met through words in at most 200
// memories, sharing two of them (one when either has three words or fewer) and weight enough.
function reference(words: Set<string>[], heads: Set<string>[], types: string[], involving?: Set<number>) {
  const df = new Map<string, number>();
  for (const set of words) for (const word of set) df.set(word, (df.get(word) ?? 0) + 1);
  const idf = (word: string) => {
    const count = df.get(word);
    return count === undefined ? 1 : Math.max(0.5, Math.log(1 + (words.length - count + 0.5) / (count + 0.5)));
  };
  const weight = (set: Set<string>) => [...set].reduce((sum, word) => sum + idf(word), 0);
  const jaccard = (a: Set<string>, b: Set<string>) => {
    const [small, large] = a.size <= b.size ? [a, b] : [b, a];
    let shared = 0;
    for (const word of small) if (large.has(word)) shared += idf(word);
    const union = weight(a) + weight(b) - shared;
    return union <= 0 ? 0 : shared / union;
  };
  const met = (sets: Set<string>[], a: number, b: number) => {
    const common = [...sets[a]!].filter((word) => sets[b]!.has(word) && sets.filter((set) => set.has(word)).length <= 200);
    if (common.length === 0) return false;
    if (common.length < 2 && Math.min(sets[a]!.size, sets[b]!.size) > 3) return false;
    return common.reduce((sum, word) => sum + idf(word), 0) >= DEFAULT_FIND.minLexical * Math.max(weight(sets[a]!), weight(sets[b]!));
  };
  const pairs: { a: number; b: number; lexical: number }[] = [];
  for (let a = 0; a < words.length; a++)
    for (let b = a + 1; b < words.length; b++) {
      if (types[a] !== types[b] || (involving && !involving.has(a) && !involving.has(b))) continue;
      if (!met(words, a, b) && !met(heads, a, b)) continue;
      const lexical = Math.max(jaccard(words[a]!, words[b]!), jaccard(heads[a]!, heads[b]!));
      if (lexical >= DEFAULT_FIND.minLexical) pairs.push({ a, b, lexical });
    }
  return pairs.sort((x, y) => y.lexical - x.lexical || x.a - y.a || x.b - y.b);
}

describe("findCandidates", () => {
  it("finds the pairs and similarities the plain rule gives, with or without memories to decide about", () => {
    const vocabulary = Array.from({ length: 30 }, (_, i) => `w${i}`);
    const set = fc.uniqueArray(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 }).map((list) => new Set(list));
    const memory = fc.record({
      words: set,
      head: fc.uniqueArray(fc.constantFrom(...vocabulary, "only-in-a-name"), { maxLength: 4 }),
      type: fc.constantFrom("project", "feedback"),
    });
    fc.assert(
      fc.property(
        fc.array(memory, { minLength: 2, maxLength: 14 }),
        fc.option(fc.uniqueArray(fc.nat(13), { maxLength: 3 }), { nil: undefined }),
        (memories, only) => {
          const words = memories.map((m) => m.words);
          const heads = memories.map((m) => new Set(m.head));
          const types = memories.map((m) => m.type);
          const involving = only ? new Set(only.filter((i) => i < memories.length)) : undefined;
          const found = findCandidates(words, heads, types, { ...DEFAULT_FIND, involving }).map(({ a, b, lexical }) => ({ a, b, lexical }));
          expect(found).toEqual(reference(words, heads, types, involving));
        },
      ),
      { numRuns: 400 },
    );
  });
});
