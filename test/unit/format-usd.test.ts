import { describe, expect, it } from "vitest";
import { estimateCost, formatUsd, roundUsd } from "../../src/model/estimate-cost.js";

describe("costs", () => {
  it.each([
    [0, "$0.0000"],
    [1.5, "$1.5000"],
    [0.00432, "$0.0043"],
    [0.0001, "$0.0001"],
    [0.000043, "$0.000043"],
    [0.0000436, "$0.000044"],
    [0.00000004, "$0.00000004"],
    [1e-12, "$0"],
  ])("%d dollars read %s", (dollars, shown) => {
    expect(formatUsd(dollars)).toBe(shown);
  });

  it("keeps a cheap model's week to a millionth of a cent, so weeks add up to their true total", () => {
    const week = estimateCost({ inputTokens: 1000, outputTokens: 200 }, { inputPerMTok: 0.2, outputPerMTok: 0.8 })!;
    expect(week).toBe(0.00036);
    let total = 0;
    for (let i = 0; i < 12; i++) total = roundUsd(total + week);
    expect(total).toBe(0.00432);
  });
});
