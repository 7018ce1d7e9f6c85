import { describe, expect, it } from "vitest";
import { AbortedError } from "../../src/errors/aborted-error.js";
import { countPromptTokens, countTokens } from "../../src/model/count-tokens.js";
import { estimateCost } from "../../src/model/estimate-cost.js";
import type { MemoryModel } from "../../src/model/memory-model.js";
import { BUILT_IN_PRICES, priceOf } from "../../src/model/prices.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";

const model = (countTokens?: MemoryModel["countTokens"]): MemoryModel => ({
  provider: "test",
  modelId: "test",
  complete: () => Promise.reject(new Error("no call expected")),
  ...(countTokens ? { countTokens } : {}),
});

describe("token counts", () => {
  it("counts real tokens, not characters / 4", async () => {
    // o200k_base: "hello world" is two tokens; a long number splits in threes.
    expect(await countTokens("hello world")).toBe(2);
    expect(await countTokens("1234567890")).toBe(4);
    const prose = "Postgres 16 on Neon for the sync service, because three concurrent writers rule out SQLite.";
    const tokens = await countTokens(prose);
    expect(tokens).toBeGreaterThan(0);
    expect(tokens).not.toBe(Math.ceil(prose.length / 4));
  });

  it("counts a long text a part at a time, to the same total", async () => {
    const { countTokens: whole } = await import("gpt-tokenizer/encoding/o200k_base");
    const lines = Array.from({ length: 6000 }, (_, i) => (i % 7 === 0 ? "" : `- [${i}] deployed build ${i * 37} to staging; 日本語のメモ ${i}  `));
    const text = `${lines.join("\n")}\n`;
    expect(text.length).toBeGreaterThan(3 * 64 * 1024);
    expect(await countTokens(text)).toBe(whole(text));
  });

  it("counts a run of thousands of characters with no space in slices, close to the whole count", async () => {
    const { countTokens: whole } = await import("gpt-tokenizer/encoding/o200k_base");
    const blob = Array.from({ length: 4000 }, (_, i) => "aB3dE5fG7hJ9kL1mN3pQ"[(i * 7) % 20]).join("");
    const counted = await countTokens(`blob: ${blob}\n`);
    expect(Math.abs(counted - whole(`blob: ${blob}\n`))).toBeLessThanOrEqual(16);
    // Runs of a megabyte, and of spaces: the square of them would take hours.
    expect(await countTokens("=".repeat(1_000_000))).toBeGreaterThan(0);
    expect(await countTokens(`a${" ".repeat(200_000)}b${"\u00a0".repeat(200_000)}c`)).toBeGreaterThan(0);
  });

  it("stops counting a long text once the run is stopped", async () => {
    const stop = new AbortController();
    const counting = countTokens("word ".repeat(200_000), stop.signal);
    stop.abort();
    await expect(counting).rejects.toBeInstanceOf(AbortedError);
  });

  it("asks the provider's counting endpoint when the model has one", async () => {
    const seen: string[] = [];
    const counted = await countPromptTokens(
      model(async (prompt, options) => {
        seen.push(options.systemPrompt, prompt);
        return 777;
      }),
      { system: "S", user: "U" },
    );
    expect(counted).toEqual({ tokens: 777, countedBy: "provider" });
    expect(seen).toEqual(["S", "U"]);
  });

  it("falls back to the tokenizer when there is no endpoint or it fails", async () => {
    const prompt = { system: "You compact logs.", user: "hello world" };
    const expected = (await countTokens(prompt.system)) + (await countTokens(prompt.user));
    expect(await countPromptTokens(model(), prompt)).toEqual({ tokens: expected, countedBy: "tokenizer" });
    expect(
      await countPromptTokens(
        model(() => Promise.reject(new Error("HTTP 404"))),
        prompt,
      ),
    ).toEqual({ tokens: expected, countedBy: "tokenizer" });
  });
  it("stops, never falls back, when the run is stopped while the provider counts", async () => {
    const stop = new AbortController();
    const counting = countPromptTokens(
      model(() => {
        stop.abort();
        return Promise.reject(new Error("Request was aborted."));
      }),
      { system: "S", user: "U" },
      stop.signal,
    );
    await expect(counting).rejects.toBeInstanceOf(AbortedError);
  });
});

describe("the offline model's usage", () => {
  it("is within a fifth of the o200k count, for Chinese and Japanese logs too (characters / 4 is a third of it)", async () => {
    const days = [
      "## 2026-03-02\n\n- 决定把同步服务迁移到 Neon 上的 Postgres 16，因为三个并发写入者排除了 SQLite。\n- 用户更喜欢简短的回答。\n",
      "## 2026-03-03\n\n- デプロイは毎週金曜日に行う。ステージング環境で先にテストすること。\n- 認証トークンの有効期限は24時間。\n",
      "## 2026-03-04\n\n- Moved the sync service to Postgres 16 on Neon: three writers at once rule out SQLite.\n",
    ];
    for (const day of days) {
      const prompt = `# Daily logs\n\n${day}`;
      const system = "You compact an agent's daily logs into durable memories.";
      const { text, usage } = await new OfflineModel().complete(prompt, { systemPrompt: system, maxTokens: 4096, temperature: 0 });
      const input = (await countTokens(system)) + (await countTokens(prompt));
      expect(Math.abs(usage.inputTokens / input - 1)).toBeLessThan(0.2);
      if (text.length > 0) expect(Math.abs(usage.outputTokens / (await countTokens(text)) - 1)).toBeLessThan(0.25);
    }
  });
});

describe("prices", () => {
  it("come from the built-in table, for dated snapshots too, and the config overrides them", () => {
    expect(priceOf("claude-sonnet-4-5", {})).toEqual(BUILT_IN_PRICES["claude-sonnet-4-5"]);
    expect(priceOf("claude-sonnet-4-5-20250929", {})).toEqual(BUILT_IN_PRICES["claude-sonnet-4-5"]);
    expect(priceOf("gpt-4.1-mini-2025-04-14", {})).toEqual(BUILT_IN_PRICES["gpt-4.1-mini"]);
    const mine = { inputPerMTok: 1, outputPerMTok: 2 };
    expect(priceOf("claude-sonnet-4-5", { "claude-sonnet-4-5": mine })).toBe(mine);
    expect(priceOf("my-local-model", {})).toBeUndefined();
  });

  it("a config price applies to the model's dated snapshots and -latest alias, before the built-in one", () => {
    const mine = { inputPerMTok: 1, outputPerMTok: 2 };
    expect(priceOf("claude-sonnet-4-5-20250929", { "claude-sonnet-4-5": mine })).toBe(mine);
    expect(priceOf("claude-3-7-sonnet-latest", { "claude-3-7-sonnet": mine })).toBe(mine);
    const exact = { inputPerMTok: 9, outputPerMTok: 9 };
    expect(priceOf("claude-sonnet-4-5-20250929", { "claude-sonnet-4-5": mine, "claude-sonnet-4-5-20250929": exact })).toBe(exact);
  });

  it("cover the default models and the dated ids of earlier ones", () => {
    expect(priceOf("claude-sonnet-4-6", {})).toMatchObject({ inputPerMTok: 3, outputPerMTok: 15 });
    expect(priceOf("gpt-4.1-mini", {})).toBeDefined();
    expect(priceOf("claude-sonnet-4-20250514", {})).toMatchObject({ inputPerMTok: 3, outputPerMTok: 15 });
    expect(priceOf("claude-opus-4-20250514", {})).toMatchObject({ inputPerMTok: 15, outputPerMTok: 75 });
    for (const model of ["claude-opus-4-5", "claude-opus-4-6", "claude-sonnet-5", "claude-sonnet-5-5", "claude-opus-5-5", "gpt-5.1"]) {
      expect(priceOf(model, {}), model).toBeDefined();
    }
  });

  it("every built-in model has batch prices below its standard ones", () => {
    for (const [name, price] of Object.entries(BUILT_IN_PRICES)) {
      expect(price.batchInputPerMTok, name).toBeLessThan(price.inputPerMTok);
      expect(price.batchOutputPerMTok, name).toBeLessThan(price.outputPerMTok);
    }
  });

  it("price a batch at the batch prices, and at half the standard ones when a price names none", () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 100_000 };
    expect(estimateCost(usage, { inputPerMTok: 3, outputPerMTok: 15, batchInputPerMTok: 1.5, batchOutputPerMTok: 7.5 })).toBe(4.5);
    expect(estimateCost(usage, { inputPerMTok: 3, outputPerMTok: 15, batchInputPerMTok: 1.5, batchOutputPerMTok: 7.5 }, { batch: true })).toBe(2.25);
    expect(estimateCost(usage, { inputPerMTok: 3, outputPerMTok: 15 }, { batch: true })).toBe(2.25);
    expect(estimateCost(usage, undefined)).toBeUndefined();
  });
});
