import { describe, expect, it } from "vitest";
import { priceOf } from "../../src/model/prices.js";
import { ANTHROPIC_DEFAULT_MODEL, messageParams } from "../../src/providers/anthropic/anthropic-model.js";
import { claudeRefusesTemperature, isOpenAiReasoningModel, outputTokenLimit, REASONING_ALLOWANCE } from "../../src/providers/known-refusals.js";
import { chatParams, OPENAI_DEFAULT_MODEL } from "../../src/providers/openai/openai-model.js";

const options = { systemPrompt: "system", temperature: 0.2, maxTokens: 4096 };

describe("settings a known model would refuse are not sent", () => {
  it("OpenAI reasoning models get max_completion_tokens with room to reason and no temperature, in a call and a batch line alike", () => {
    const reasoning = ["gpt-5", "gpt-5-mini", "gpt-5-nano-2025-08-07", "gpt-5.1", "gpt-5.2", "o3", "o3-mini", "o4-mini", "o1"];
    for (const model of [...reasoning, "openai/gpt-5", "openai/o4-mini", "azure/openai/o3"]) {
      expect(isOpenAiReasoningModel(model), model).toBe(true);
      const params = chatParams(model, "prompt", options);
      expect(params, model).not.toHaveProperty("temperature");
      expect(params, model).not.toHaveProperty("max_tokens");
      expect(params["max_completion_tokens"], model).toBe(4096 + REASONING_ALLOWANCE);
      expect(outputTokenLimit(model, 4096), model).toBe(4096 + REASONING_ALLOWANCE);
    }
    expect(outputTokenLimit("gpt-4.1-mini", 4096)).toBe(4096);
    expect(outputTokenLimit("claude-sonnet-4-6", 4096)).toBe(4096);
  });

  it("other OpenAI-compatible models keep the prompt's temperature and max_tokens", () => {
    for (const model of ["gpt-4.1-mini", "gpt-4o", "gpt-5-chat-latest", "openai/gpt-5-chat-latest", "llama3.1:8b", "qwen2.5", "o200k-lookalike"]) {
      expect(isOpenAiReasoningModel(model), model).toBe(false);
      const params = chatParams(model, "prompt", options);
      expect(params["temperature"], model).toBe(0.2);
      expect(params["max_tokens"], model).toBe(4096);
    }
  });

  it("Claude from the fifth generation on is sent no temperature; earlier Claude is", () => {
    for (const model of [
      "claude-sonnet-5",
      "claude-sonnet-5-5",
      "claude-opus-5-5",
      "claude-haiku-5-5",
      "claude-fable-5-1",
      "claude-mythos-preview",
      "anthropic/claude-sonnet-5",
    ]) {
      expect(claudeRefusesTemperature(model), model).toBe(true);
      expect(messageParams(model, "prompt", options), model).not.toHaveProperty("temperature");
    }
    for (const model of ["claude-sonnet-4-6", "claude-sonnet-4-5-20250929", "claude-opus-4-1", "claude-haiku-4-5", "claude-3-7-sonnet-latest"]) {
      expect(claudeRefusesTemperature(model), model).toBe(false);
      expect(messageParams(model, "prompt", options)["temperature"], model).toBe(0.2);
    }
  });

  it("the default models take the prompt's temperature and have a built-in price", () => {
    expect(messageParams(ANTHROPIC_DEFAULT_MODEL, "prompt", options)["temperature"]).toBe(0.2);
    expect(chatParams(OPENAI_DEFAULT_MODEL, "prompt", options)["temperature"]).toBe(0.2);
    expect(priceOf(ANTHROPIC_DEFAULT_MODEL, {})).toBeDefined();
    expect(priceOf(OPENAI_DEFAULT_MODEL, {})).toBeDefined();
  });
});
