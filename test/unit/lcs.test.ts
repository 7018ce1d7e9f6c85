import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lcs } from "../../src/consolidate/judge-pair.js";

// The textbook table, a fresh array of arrays each time, read back the same way.
function reference(x: string[], y: string[]): [number, number][] {
  const t = Array.from({ length: x.length + 1 }, () => new Array<number>(y.length + 1).fill(0));
  for (let i = x.length - 1; i >= 0; i--)
    for (let j = y.length - 1; j >= 0; j--) t[i]![j] = x[i] === y[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  const pairs: [number, number][] = [];
  let [i, j] = [0, 0];
  while (i < x.length && j < y.length) {
    if (x[i] === y[j]) pairs.push([i++, j++]);
    else if (t[i + 1]![j]! >= t[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

describe("lcs", () => {
  it("aligns two lines as the textbook table does, whatever lines it aligned before", () => {
    const line = fc.array(fc.constantFrom("a", "b", "c", "d", "the", "runs"), { maxLength: 40 });
    fc.assert(
      fc.property(fc.array(fc.tuple(line, line), { minLength: 1, maxLength: 8 }), (pairs) => {
        for (const [x, y] of pairs) expect(lcs(x, y)).toEqual(reference(x, y));
      }),
      { numRuns: 300 },
    );
  });
});
