import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/providers/describe-failure.js";
import { shownEndpoint } from "../../src/providers/shown-endpoint.js";

describe("an endpoint in an error", () => {
  it("shows scheme, host, port and path, never a user name, password, query or fragment", () => {
    expect(shownEndpoint("http://user:s3cretPass@127.0.0.1:9/v1?api-key=sk-abcdef#x")).toBe("http://127.0.0.1:9/v1");
    expect(shownEndpoint("https://api.openai.com/")).toBe("https://api.openai.com");
    expect(shownEndpoint("not a url s3cretPass")).toBe("the configured base URL");
  });

  it("is how a provider that cannot be reached is named", () => {
    const unreachable = Object.assign(new Error("Connection error."), { cause: { code: "ECONNREFUSED" } });
    const settings = {
      apiKey: "k",
      apiKeyEnv: "OPENAI_API_KEY",
      baseURL: "http://user:s3cretPass@127.0.0.1:9/v1?api-key=sk-abcdef",
      model: "m",
      timeoutMs: 1000,
      maxRetries: 0,
    };
    const error = describeFailure("openai", unreachable, settings, "OPENAI_BASE_URL");
    expect(error.message).toContain("cannot reach http://127.0.0.1:9/v1 (ECONNREFUSED, after 0 retries)");
    expect(error.message).not.toContain("s3cretPass");
    expect(error.message).not.toContain("sk-abcdef");
  });
});
