import { describe, expect, it } from "vitest";
import { batchPrice } from "../../src/model/batch-price.js";
import { estimateCost } from "../../src/model/estimate-cost.js";

describe("batchPrice", () => {
  it("is half the standard price when no batch price is configured", () => {
    expect(batchPrice({ inputPerMTok: 3, outputPerMTok: 15 })).toEqual({ inputPerMTok: 1.5, outputPerMTok: 7.5 });
  });

  it("takes the configured batch prices over the discount, each on its own", () => {
    expect(batchPrice({ inputPerMTok: 3, outputPerMTok: 15, batchInputPerMTok: 2 })).toEqual({ inputPerMTok: 2, outputPerMTok: 7.5 });
    expect(batchPrice({ inputPerMTok: 3, outputPerMTok: 15, batchInputPerMTok: 2, batchOutputPerMTok: 10 })).toEqual({ inputPerMTok: 2, outputPerMTok: 10 });
  });

  it("has no price when the model has none, so no cost is claimed", () => {
    expect(batchPrice(undefined)).toBeUndefined();
    expect(estimateCost({ inputTokens: 1_000_000, outputTokens: 0 }, batchPrice(undefined))).toBeUndefined();
  });
});
