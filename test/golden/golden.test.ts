import { describe, expect, it } from "vitest";
import { findGoldenCases, runGoldenCase } from "../../src/golden/run-golden-case.js";

/**
 * Every folder here with a case.json is a golden case (see src/golden/run-golden-case.ts).
 * Regenerate deliberately with `npm run golden:update`, which runs `compact golden test/golden --update`.
 */
const cases = await findGoldenCases(import.meta.dirname);

describe.each(cases)("golden case %s", async (caseDir) => {
  const outcome = await runGoldenCase(caseDir);

  it("writes exactly the expected files, byte for byte", () => {
    expect(outcome.differences, outcome.stderr).toEqual([]);
  });
});
