import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupUnits } from "../../src/providers/offline/group-units.js";
import { isGoodName, nameProblems } from "../../src/providers/offline/name-problems.js";
import { sampleWeeks } from "./offline-sample-weeks.js";

describe("titles and names of the sample weeks", async () => {
  const titles = new Set<string>();
  for (const week of await sampleWeeks()) {
    for (const unit of groupUnits(week.logs.entries)) {
      titles.add(unit.section.title);
      for (const title of unit.section.trail) titles.add(title);
      for (const part of unit.parts) {
        if (part.label) titles.add(part.label);
        titles.add(part.text.slice(0, 120));
      }
    }
  }
  const list = [...titles];

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
