import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { groupUnits, statement } from "../../src/providers/offline/group-units.js";
import { statementTerms } from "../../src/providers/offline/statement-terms.js";
import { termSet } from "../../src/text/tokenize.js";
import { sampleFloor, sampleWeeks } from "./offline-sample-weeks.js";

describe("statementTerms", async () => {
  const texts: string[] = [];
  for (const week of await sampleWeeks()) {
    for (const unit of groupUnits(week.logs.entries)) {
      texts.push(unit.parts.map(statement).join("\n"));
      for (const part of unit.parts) texts.push(statement(part));
    }
  }

  it("are a text's terms, whatever was read before, for every statement and unit of the sample weeks", () => {
    expect(texts.length).toBeGreaterThan(sampleFloor(2000, 80));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...texts, "", "x".repeat(3000), `${"word ".repeat(700)}end`), { maxLength: 40 }), (asked) => {
        for (const text of asked) expect([...statementTerms(text)]).toEqual([...termSet(text)]);
      }),
      { numRuns: 300 },
    );
  });
});
