import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

describe("redactSecrets", () => {
  it.each([
    ["anthropic", `key ${fake("sk-ant-api03-", 60)} here`, "anthropic-key"],
    ["openai project", `OPENAI ${fake("sk-proj-", 48)}`, "openai-key"],
    ["openai legacy", `use ${fake("sk-", 48)} now`, "openai-key"],
    ["github", `token ${fake("ghp_", 36)}`, "github-token"],
    ["slack", `bot ${fake("xoxb-1234567890-", 24)}`, "slack-token"],
    ["aws", "id AKIAQWERTYUIOPASDFGH ok", "aws-access-key"],
    ["bearer", `Authorization: Bearer ${fake("", 32)}`, "bearer-token"],
    ["url password", "db at postgres://admin:s3cr3tPass@db.internal:5432/app", "url-password"],
    ["https password", "see https://deploy:s3cr3tPass@ci.example.com/hook", "url-password"],
    ["env assignment of a vendor key", `STRIPE_SECRET_KEY=${fake("rk_live_", 24)}`, "stripe-key"],
    ["plain language", "the password for staging is hunter2, ask Dana", "password"],
  ])("redacts a %s secret", async (_name, text, kind) => {
    const result = await redactSecrets(text);
    expect(result.count).toBe(1);
    expect(result.kinds).toEqual([kind]);
    expect(result.text).toContain(`[REDACTED:${kind}]`);
    expect(result.text).not.toMatch(/hunter2|s3cr3tPass|aB3dE5fG7h|QWERTYUIOP/);
  });

  it.each([
    [`The AWS secret key is ${fake("wJalr/K7MDENG+bPxRfi", 20)}`, "The AWS secret key is [REDACTED:token]"],
    [`secret key ${fake("", 40)}`, "secret key [REDACTED:token]"],
    [`private key: ${fake("", 32, "hex")}`, "private key: [REDACTED:token]"],
    ["root pw is hunter2xyz", "root pw is [REDACTED:password]"],
    ["- | staging | password | hunter2xyz |", "- | staging | password | [REDACTED:password] |"],
    ["the admin password Tr0ub4dor&3 was rotated", "the admin password [REDACTED:password] was rotated"],
  ])("redacts a secret named in prose: %s", async (text, redacted) => {
    expect((await redactSecrets(text)).text).toBe(redacted);
  });

  it.each(["the pw is down today", "password reset flow shipped", "the secret key rotation is next week", "our signing key lives in the HSM"])(
    "leaves prose about a secret alone: %s",
    async (text) => {
      expect((await redactSecrets(text)).text).toBe(text);
    },
  );

  it("redacts a private key block and keeps the line count", async () => {
    const text = `before\n-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 60)}\n${fake("AAKCAQ", 60)}\n-----END RSA PRIVATE KEY-----\nafter`;
    const result = await redactSecrets(text);
    expect(result.text).toBe("before\n\n\n\n[REDACTED:private-key]\nafter");
  });

  it("leaves ordinary text alone", async () => {
    const text = "The token budget is fine. KIMI_API_KEY is read from the environment. Password reset flow shipped.";
    expect(await redactSecrets(text)).toEqual({ text, count: 0, kinds: [] });
  });

  it("counts each secret once even when two rules find it", async () => {
    const result = await redactSecrets(`a ${fake("sk-ant-api03-", 93)}AA b`);
    expect(result).toEqual({ text: "a [REDACTED:anthropic-key] b", count: 1, kinds: ["anthropic-key"] });
  });

  it("names a secret by its most specific finder", async () => {
    const result = await redactSecrets(`OPENAI_API_KEY=${fake("sk-proj-", 48)}`);
    expect(result.text).toBe("OPENAI_API_KEY=[REDACTED:openai-key]");
  });

  it("lists kinds in order of first appearance and counts every secret", async () => {
    const result = await redactSecrets(`DB_PASSWORD=hunter2\ntoken ${fake("ghp_", 36)}\nDB_PASSWORD=hunter3`);
    expect(result.count).toBe(3);
    expect(result.kinds).toEqual(["password", "github-token"]);
  });

  it("returns empty text as is", async () => {
    expect(await redactSecrets("")).toEqual({ text: "", count: 0, kinds: [] });
  });
});

describe("redactSecrets on long texts seen before", () => {
  const clean = Array.from({ length: 200 }, (_, i) => `- Deploy ${i} went to staging; nothing to report.`).join("\n");

  it("finds a secret added to a text found clean, wherever it is added", async () => {
    expect((await redactSecrets(clean)).count).toBe(0);
    expect((await redactSecrets(clean)).text).toBe(clean);
    for (const grown of [
      `${clean}\nthe password for staging is hunter2`,
      `the password for staging is hunter2\n${clean}`,
      clean.replace("- Deploy 7 went to staging; nothing to report.", "the password for staging is hunter2"),
    ]) {
      const result = await redactSecrets(grown);
      expect(grown.length).toBeGreaterThan(4096);
      expect(result.count).toBe(1);
      expect(result.text).not.toContain("hunter2");
    }
  });

  it("redacts a long text with a secret every time it is seen", async () => {
    const secret = `${clean}\nkey ${fake("sk-ant-api03-", 60)} here`;
    for (let i = 0; i < 3; i++) expect((await redactSecrets(secret)).count).toBe(1);
  });
});
