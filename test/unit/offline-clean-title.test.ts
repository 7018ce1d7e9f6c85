import { describe, expect, it, vi } from "vitest";
import { groupUnits } from "../../src/providers/offline/group-units.js";
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

  it("are cleaned as a fresh reading cleans them, however often and in whatever order they are asked", async () => {
    vi.resetModules();
    const fresh = await import("../../src/providers/offline/clean-title.js");
    const clean = new Map(list.map((title) => [title, fresh.cleanTitle(title)]));
    vi.resetModules();
    const again = await import("../../src/providers/offline/clean-title.js");
    const named = new Map(list.map((title) => [title, again.nameTitle(title)]));
    for (const title of [...list].reverse().concat(list)) {
      expect(fresh.cleanTitle(title)).toBe(clean.get(title));
      expect(again.nameTitle(title)).toBe(named.get(title));
      expect(again.cleanTitle(title)).toBe(clean.get(title));
    }
  });
});
