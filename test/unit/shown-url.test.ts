import { describe, expect, it } from "vitest";
import { describeFailure } from "../../src/providers/describe-failure.js";
import { maskedUrl, shownEndpoint } from "../../src/text/shown-url.js";

describe("an endpoint in an error", () => {
  it("shows scheme, host, port and path, never a user name, password, query or fragment", () => {
    expect(shownEndpoint("http://user:s3cretPass@127.0.0.1:9/v1?api-key=sk-abcdef#x")).toBe("http://127.0.0.1:9/v1");
    expect(shownEndpoint("https://api.openai.com/")).toBe("https://api.openai.com");
    expect(shownEndpoint("not a url s3cretPass")).toBe("the configured base URL");
    // A scheme with no origin keeps its host, not "null".
    expect(shownEndpoint("ftp://user:s3cretPass@files.example/v1")).toBe("ftp://files.example/v1");
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

describe("a URL fetch refuses to ask", () => {
  // fetch refuses a URL with credentials before any connection, and its message quotes the whole URL.
  it("is named without the password or query fetch quotes in its own message", async () => {
    const { OpenAiModel } = await import("../../src/providers/openai/openai-model.js");
    const model = new OpenAiModel({
      apiKey: "ollama",
      apiKeyEnv: "(none needed)",
      baseURL: "http://user:s3cretPass@127.0.0.1:9/v1?api-key=sk-abcdef",
      model: "llama3.1",
      timeoutMs: 5000,
      maxRetries: 0,
      provider: "ollama",
    });
    const failure = model.complete("hello", { systemPrompt: "s", temperature: 0.2, maxTokens: 10 });
    await expect(failure).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1:9\/v1 \(.*\) — check the network, OLLAMA_BASE_URL or model\.baseURL/);
    const message = await failure.catch((error: Error) => error.message);
    expect(message).not.toContain("s3cretPass");
    expect(message).not.toContain("sk-abcdef");
  });

  it("keeps a message's other words, and shows each URL in it without its secrets", () => {
    const cause = new TypeError("Request cannot be constructed from a URL that includes credentials: http://u:pw@host:8/v1?key=sk-1%2Fchat");
    const error = describeFailure(
      "openai",
      Object.assign(new Error("Connection error."), { cause }),
      { apiKey: "k", apiKeyEnv: "K", model: "m", timeoutMs: 1, maxRetries: 1 },
      "OPENAI_BASE_URL",
    );
    expect(error.message).toBe(
      "openai: cannot reach the API (Request cannot be constructed from a URL that includes credentials: http://host:8/v1, after 1 retry) — check the network, OPENAI_BASE_URL or model.baseURL",
    );
  });
});

describe("a URL as compact config shows it", () => {
  it("masks a query part with no value whole, as the part is then the secret", () => {
    expect(maskedUrl("http://127.0.0.1:9/v1?qwa7zq9x")).toBe("http://127.0.0.1:9/v1?***");
    expect(maskedUrl("http://127.0.0.1:9/v1?key=qwa7&zq9x&region=eu")).toBe("http://127.0.0.1:9/v1?key=***&***&region=***");
  });

  it("masks all but the scheme of a URL with no host, where a user and password may be read as a path", () => {
    // `user:hunter2@host` parses as the scheme `user:` and the path `hunter2@host`.
    expect(maskedUrl("user:hunter2@localhost:8080/v1")).toBe("user:***");
    expect(maskedUrl("http://hunter2@127.0.0.1:9/v1")).toBe("http://***@127.0.0.1:9/v1");
  });
});
