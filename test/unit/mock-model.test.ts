import { describe, expect, it } from "vitest";
import { UnexpectedCallError } from "../../src/errors/unexpected-call-error.js";
import { MockMemoryModel } from "../../src/model/mock-model.js";

const options = { systemPrompt: "sys", temperature: 0.2, maxTokens: 4096 };

describe("MockMemoryModel", () => {
  it("answers the same text every call and records each call", async () => {
    const model = new MockMemoryModel("answer");
    expect((await model.complete("p1", options)).text).toBe("answer");
    expect((await model.complete("p2", options)).text).toBe("answer");
    expect(model.calls).toEqual([
      { prompt: "p1", options },
      { prompt: "p2", options },
    ]);
  });

  it("answers from a list in order and fails loudly past its end", async () => {
    const model = new MockMemoryModel(["one", { text: "two", usage: { inputTokens: 5, outputTokens: 7 }, warnings: ["w"] }]);
    expect((await model.complete("p", options)).text).toBe("one");
    expect(await model.complete("p", options)).toEqual({ text: "two", usage: { inputTokens: 5, outputTokens: 7 }, warnings: ["w"] });
    await expect(model.complete("p", options)).rejects.toThrow(UnexpectedCallError);
  });

  it("answers with a function of the prompt", async () => {
    const model = new MockMemoryModel((prompt, _options, index) => `${index}:${prompt}`);
    expect((await model.complete("hello", options)).text).toBe("0:hello");
  });
});
