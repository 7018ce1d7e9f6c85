import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedCache } from "../../src/text/bounded-cache.js";

describe("BoundedCache", () => {
  it("holds at most its limit, dropping the quarter set longest ago when full, as a list of the newest would", () => {
    const operation = fc.oneof(
      fc.record({ kind: fc.constant("set" as const), key: fc.constantFrom("a", "b", "c", "d", "e", "f"), value: fc.integer() }),
      fc.record({ kind: fc.constant("delete" as const), key: fc.constantFrom("a", "b", "c", "d", "e", "f") }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.array(operation, { maxLength: 40 }), (limit, operations) => {
        const cache = new BoundedCache<number>(limit);
        let newest: [string, number][] = [];
        for (const op of operations) {
          newest = newest.filter(([key]) => key !== op.key);
          if (op.kind === "set") {
            cache.set(op.key, op.value);
            if (newest.length >= limit) newest = newest.slice(Math.ceil(limit / 4));
            newest = [...newest, [op.key, op.value] as [string, number]];
          } else cache.delete(op.key);
          expect(cache.size).toBe(newest.length);
          for (const key of ["a", "b", "c", "d", "e", "f"]) expect(cache.get(key)).toBe(newest.find(([k]) => k === key)?.[1]);
        }
      }),
      { numRuns: 300 },
    );
  });
});
