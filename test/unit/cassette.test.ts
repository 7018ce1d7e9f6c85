import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type Cassette, cassetteFileName, cassetteKey, readCassettes, renderCassette } from "../../src/providers/replay/cassette.js";

const request = { model: "m", system: "s", prompt: "p", temperature: 0.2, maxTokens: 100 };

describe("a cassette", () => {
  it("keeps that its answer stopped at the output limit, and says nothing of it when it did not", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "cassette-"));
    const cut: Cassette = {
      key: cassetteKey(request),
      provider: "openai",
      request,
      response: { text: "cut", usage: { inputTokens: 1, outputTokens: 100 }, warnings: [], stoppedAtLimit: true },
    };
    const whole = { ...cut, request: { ...request, prompt: "q" }, response: { text: "whole", usage: { inputTokens: 1, outputTokens: 2 }, warnings: [] } };
    whole.key = cassetteKey(whole.request);
    for (const cassette of [cut, whole]) await writeFile(path.join(dir, cassetteFileName(cassette.key)), renderCassette(cassette));
    expect(renderCassette(whole)).not.toContain("stopped_at_limit");
    const read = await readCassettes(dir);
    expect(read.get(cut.key)?.response.stoppedAtLimit).toBe(true);
    expect(read.get(whole.key)?.response).not.toHaveProperty("stoppedAtLimit");
  });
});
