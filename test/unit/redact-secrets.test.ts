import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";

// Built at run time so no literal credential sits in the repository.
const fake = (prefix: string, length: number) => prefix + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5bC7dE9fG1hJ3kL5mN7pQ9rS1tU3vW5xY7z".slice(0, length);

describe("redactSecrets", () => {
  it.each([
    ["anthropic", `key ${fake("sk-ant-api03-", 60)} here`, "anthropic"],
    ["openai project", `OPENAI ${fake("sk-proj-", 48)}`, "openai-key"],
    ["openai legacy", `use ${fake("sk-", 48)} now`, "openai-key"],
    ["github", `token ${fake("ghp_", 36)}`, "github"],
    ["slack", `bot ${fake("xoxb-1234567890-", 24)}`, "slack"],
    ["aws", "id AKIAQWERTYUIOPASDFGH ok", "aws-access-key"],
    ["bearer", `Authorization: Bearer ${fake("", 32)}`, "bearer-token"],
    ["url password", "db at postgres://admin:s3cr3tPass@db.internal:5432/app", "database-connection-string"],
    ["https password", "see https://deploy:s3cr3tPass@ci.example.com/hook", "basicauth"],
    ["env assignment", `STRIPE_SECRET_KEY=${fake("rk_live_", 24)}`, "assigned-secret"],
    ["plain language", "the password for staging is hunter2, ask Dana", "password"],
  ])("redacts a %s secret", async (_name, text, kind) => {
    const result = await redactSecrets(text);
    expect(result.count).toBeGreaterThanOrEqual(1);
    expect(result.kinds.join(",")).toContain(kind);
    expect(result.text).toMatch(/\[REDACTED:[a-z-]+\]/);
    if (text.includes("hunter2")) expect(result.text).not.toContain("hunter2");
  });

  it("redacts a private key block and keeps the line count", async () => {
    const text = `before\n-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 60)}\n${fake("AAKCAQ", 60)}\n-----END RSA PRIVATE KEY-----\nafter`;
    const result = await redactSecrets(text);
    expect(result.text).not.toContain("MIIEow");
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(result.text.split("\n").at(-1)).toBe("after");
  });

  it("leaves ordinary text alone", async () => {
    const text = "The token budget is fine. KIMI_API_KEY is read from the environment. Password reset flow shipped.";
    expect(await redactSecrets(text)).toEqual({ text, count: 0, kinds: [] });
  });

  it("counts each secret once even when two rules find it", async () => {
    const result = await redactSecrets(`a ${fake("sk-ant-api03-", 80)} b`);
    expect(result.count).toBe(1);
  });
});
