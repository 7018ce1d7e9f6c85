import { getHeapStatistics, setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { memoryFacts } from "../../src/consolidate/memory-facts.js";
import { BoundedCache } from "../../src/text/bounded-cache.js";
import { tokenize } from "../../src/text/tokenize.js";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

const TEXTS = 30;
// About 1 MB of filler that holds no word: whatever is read from the rest of a text is small.
const filler = () => "- ".repeat(500_000);

// What each of 30 texts of 1 MB leaves behind, kept as a long run keeps it: in megabytes.
function heldMB(read: (text: string, i: number) => unknown): number {
  const kept: unknown[] = [];
  gc();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < TEXTS; i++) kept.push(read(`${filler()}${i}\n`, i));
  // The last regular expression's subject is kept by the engine until the next one runs.
  /x/.test("y");
  gc();
  const held = (getHeapStatistics().used_heap_size - before) / 1e6;
  expect(kept).toHaveLength(TEXTS);
  return held;
}

// Texts cut from a long run's files outlive the files' texts in memos, facts and warnings: each must hold its own characters, or every version of a growing memory stays alive.
describe("what is read from a text does not keep the text alive", () => {
  it("holds that the measure sees a slice keep its text", () => {
    expect(heldMB((text, i) => `${text}the line worth keeping, number ${i}, long enough to be a slice`.split("\n")[1])).toBeGreaterThan(20);
  });

  it("holds for a line's long words (tokenize)", () => {
    const held = heldMB((text, i) => tokenize(`${text}internationalisation-${i} and supercalifragilistic words`));
    expect(held).toBeLessThan(5);
  });

  it("holds for text kept in a memo", () => {
    const cache = new BoundedCache<string>(100);
    const held = heldMB((text, i) => {
      cache.set(`line ${i}`, `${text}a value long enough to be cut out as a slice ${i}`.split("\n")[1]!);
      return cache;
    });
    expect(held).toBeLessThan(5);
  });

  it("holds for long words of a line outside ASCII", () => {
    const held = heldMB((text, i) => tokenize(`${text}überinternationalisierung-${i} und verwaltungsgerichtsbarkeit ${i}`));
    expect(held).toBeLessThan(5);
  });

  it("holds for a memory's facts", () => {
    const held = heldMB((text, i) =>
      memoryFacts({
        name: `Docs host ${i}`,
        description: "Where the setup guide lives.",
        body: `${text}see docs.example.com/guides/setup-${i} for version v1.2.3-beta${i}, owned by Dana Whitfield`.split("\n")[1]!,
      }),
    );
    expect(held).toBeLessThan(5);
  });
});
