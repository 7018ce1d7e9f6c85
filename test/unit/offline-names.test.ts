import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isGoodName, nameProblems } from "../../src/providers/offline/name-problems.js";
import { sampleTitles } from "./offline-sample-weeks.js";

describe("titles and names of the sample weeks", async () => {
  const list = await sampleTitles();

  it("are good names exactly when nameProblems finds nothing", () => {
    for (const title of list) expect(isGoodName(title), title).toBe(nameProblems(title).length === 0);
    const word = fc.constantFrom("Sync", "service", "we", "the", "of", "decided-to-ship-it", "(draft", ")", "决定同步", "v2", "…", ":", "“", "a", "and");
    fc.assert(
      fc.property(fc.array(word, { maxLength: 9 }), (words) => {
        const name = words.join(" ");
        expect(isGoodName(name)).toBe(nameProblems(name).length === 0);
      }),
      { numRuns: 3000 },
    );
  });
});
