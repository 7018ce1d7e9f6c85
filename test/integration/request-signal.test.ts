import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnthropicModel } from "../../src/providers/anthropic/anthropic-model.js";
import { OpenAiModel } from "../../src/providers/openai/openai-model.js";
import { FakeProviderServer } from "../helpers/fake-provider-server.js";

const server = new FakeProviderServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

const settings = (baseURL: string) => ({ apiKey: "k", apiKeyEnv: "KEY", baseURL, model: "model-test", timeoutMs: 5_000, maxRetries: 0 });
const options = (signal: AbortSignal) => ({ systemPrompt: "system", temperature: 0.2, maxTokens: 64, signal });

describe.each([
  ["anthropic", () => new AnthropicModel(settings(server.anthropicURL))],
  ["openai", () => new OpenAiModel(settings(server.openaiURL))],
] as const)("calls to %s through its real SDK under one run signal", (_name, make) => {
  it("leave no listener on the run's signal, so a run of many calls draws no leak warning", async () => {
    const model = make();
    const run = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      server.respond({ text: "answer" });
      for (let i = 0; i < 12; i++) await model.complete("prompt", options(run.signal));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(getEventListeners(run.signal, "abort").length).toBeLessThanOrEqual(1);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("still ends a call in flight when the run's signal fires", async () => {
    const model = make();
    const run = new AbortController();
    server.respond({ text: "late", delayMs: 3_000 });
    const call = model.complete("prompt", options(run.signal));
    setTimeout(() => run.abort("SIGINT"), 100);
    const started = performance.now();
    await expect(call).rejects.toThrow(/interrupted \(SIGINT\)/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
