import { describe, expect, it } from "vitest";
import { sameNameInflected } from "../../src/consolidate/inflected-names.js";

describe("sameNameInflected: a place's genitive after -ck", () => {
  // Read as two names, "The office is in Płock" / "Staff travel from Płocka" was a conflict.
  it("reads a name in -ck and its genitive or locative as one name", () => {
    for (const [x, y] of [
      ["Płock", "Płocka"],
      ["płock", "płocku"],
      ["Płocka", "Płocku"],
    ])
      expect(sameNameInflected(x!, y!), `${x} / ${y}`).toBe(true);
  });

  it("keeps a man's and a woman's surname in -cki / -cka two names, and -ck apart from another name", () => {
    for (const [x, y] of [
      ["nowicki", "nowicka"],
      ["Płocki", "Płocka"],
      ["Płock", "Płońsk"],
    ])
      expect(sameNameInflected(x!, y!), `${x} / ${y}`).toBe(false);
  });
});
