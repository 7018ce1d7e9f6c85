import { describe, expect, it } from "vitest";
import { redactBytes, redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

const ascii = (text: string) => Buffer.from(text, "latin1");

describe("redactBytes", () => {
  it("keeps every byte outside a secret when the file is not valid UTF-8", async () => {
    const token = fake("ghp_", 36);
    const before = Buffer.from([0xff, 0xfe, 0x41, 0xc3, 0x28, 0x0a, 0x80, 0xe9, 0x20]);
    const after = Buffer.from([0x20, 0xa0, 0xc0, 0xaf, 0x0a, 0xf5, 0x00, 0xff]);
    const input = Buffer.concat([before, ascii(`token ${token}`), after]);

    const result = await redactBytes(new Uint8Array(input));
    expect(result.count).toBe(1);
    expect(result.kinds).toEqual(["github-token"]);
    expect(Buffer.from(result.bytes)).toEqual(Buffer.concat([before, ascii("token [REDACTED:github-token]"), after]));
  });

  it("redacts a password next to invalid bytes and keeps line breaks inside a secret", async () => {
    const key = `-----BEGIN RSA PRIVATE KEY-----\n${fake("MIIEow", 64)}\n${fake("", 40)}\n-----END RSA PRIVATE KEY-----`;
    const input = Buffer.concat([ascii("DB_PASSWORD=hunter2\n"), Buffer.from([0xe9, 0x0a]), ascii(key), Buffer.from([0x0a, 0xfe])]);
    const result = await redactBytes(new Uint8Array(input));
    expect(Buffer.from(result.bytes)).toEqual(
      Buffer.concat([ascii("DB_PASSWORD=[REDACTED:password]\n"), Buffer.from([0xe9, 0x0a]), ascii("\n\n\n[REDACTED:private-key]"), Buffer.from([0x0a, 0xfe])]),
    );
  });

  it("sends valid UTF-8 through the text path, BOM and all", async () => {
    const text = `\uFEFFnotes — café ☕\nthe password for staging is hunter2\n`;
    const result = await redactBytes(new TextEncoder().encode(text));
    const expected = await redactSecrets(text);
    expect(result.count).toBe(1);
    expect(Buffer.from(result.bytes).toString("utf8")).toBe(expected.text);
    expect([...result.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it("returns the input untouched when there is nothing to redact", async () => {
    const input = new Uint8Array([0xff, 0x41, 0x42, 0x0a]);
    const result = await redactBytes(input);
    expect(result).toEqual({ bytes: input, count: 0, kinds: [] });
  });
});
