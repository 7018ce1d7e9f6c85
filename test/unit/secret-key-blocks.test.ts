import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { exampleSecret as fake } from "../../src/logs/secret-patterns.js";

// A private key as logs hold it: blank lines inside it (a renderer that doubled its line breaks, a
// quote's empty `>` lines), CRLF line ends, a list's indentation, a quote, a fence. Each is redacted
// whole, with or without its BEGIN line, and the lines around it are kept.
const LINES = [fake("MIIEowIBAAKCAQEA", 48), fake("", 64), `${fake("", 60)}/+Zx`, fake("", 30)];

interface Shape {
  /** Before each of the key's lines. */
  prefix: string;
  /** A blank line as this shape writes it. */
  blank: string;
  eol: string;
  fence?: boolean;
}

const SHAPES: [string, Shape][] = [
  ["plain", { prefix: "", blank: "", eol: "\n" }],
  ["CRLF", { prefix: "", blank: "", eol: "\r\n" }],
  ["in a list", { prefix: "  ", blank: "", eol: "\n" }],
  ["in a quote", { prefix: "> ", blank: ">", eol: "\n" }],
  ["fenced", { prefix: "", blank: "", eol: "\n", fence: true }],
];

function block(shape: Shape, { begin, blanks }: { begin: boolean; blanks: "before END" | "between lines" | "both" }): string {
  const { prefix, blank, eol } = shape;
  const gap = `${blank}${eol}`;
  const body = LINES.map((line) => `${prefix}${line}${eol}`).join(blanks === "before END" ? "" : gap);
  const key = `${begin ? `${prefix}-----BEGIN RSA PRIVATE KEY-----${eol}` : ""}${body}${blanks === "between lines" ? "" : gap}${prefix}-----END RSA PRIVATE KEY-----${eol}`;
  const fenced = shape.fence ? `\`\`\`${eol}${key}\`\`\`${eol}` : key;
  return `- deploy key:${eol}${fenced}then I restarted nginx${eol}`;
}

describe("redactSecrets: private key blocks", () => {
  const cases = SHAPES.flatMap(([name, shape]) =>
    [true, false].flatMap((begin) =>
      (["before END", "between lines", "both"] as const).map(
        (blanks) => [`${name}, ${begin ? "with" : "without"} BEGIN, blank lines ${blanks}`, shape, begin, blanks] as const,
      ),
    ),
  );

  it.each(cases)("redacts a key %s whole", async (_name, shape, begin, blanks) => {
    const text = block(shape, { begin, blanks });
    const result = await redactSecrets(text);
    expect(result.kinds).toEqual(["private-key"]);
    expect(result.count).toBe(1);
    for (const line of LINES) expect(result.text).not.toContain(line.slice(-20));
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(result.text.startsWith("- deploy key:")).toBe(true);
    expect(result.text.endsWith(`then I restarted nginx${shape.eol}`)).toBe(true);
  });

  it("redacts a key cut off before its END line, past a blank line inside it", async () => {
    const text = `-----BEGIN RSA PRIVATE KEY-----\n${LINES[0]}\n\n${LINES[1]}\n\n\n${LINES[2]}\n\nthen I restarted nginx`;
    const result = await redactSecrets(text);
    for (const line of LINES.slice(0, 3)) expect(result.text).not.toContain(line.slice(-20));
    expect(result.text.endsWith("\n\nthen I restarted nginx")).toBe(true);
    expect(result.text.split("\n")).toHaveLength(text.split("\n").length);
  });

  it("redacts an armored key without its BEGIN line, its checksum with it", async () => {
    const text = `${LINES[0]}\n${LINES[1]}\n=Ab3x\n-----END PGP PRIVATE KEY BLOCK-----\n`;
    expect((await redactSecrets(text)).text).toBe("\n\n[REDACTED:private-key]\n-----END PGP PRIVATE KEY BLOCK-----\n");
  });

  it.each([
    // A blank line ends a key's lines read up from an END line unless a whole line of base64 is above it.
    [
      "a header's value above a blank line",
      `DEK-Info: AES-128-CBC,0123456789ABCDEF\n\n${LINES[1]}\n${LINES[2]}\n-----END RSA PRIVATE KEY-----`,
      "DEK-Info: AES-128-CBC,0123456789ABCDEF\n\n\n[REDACTED:private-key]\n-----END RSA PRIVATE KEY-----",
    ],
    // Three blank lines apart are two texts.
    [
      "a digest three blank lines above a key",
      `${fake("", 40)}\n\n\n\n${LINES[1]}\n${LINES[2]}\n-----END RSA PRIVATE KEY-----`,
      `${fake("", 40)}\n\n\n\n\n[REDACTED:private-key]\n-----END RSA PRIVATE KEY-----`,
    ],
    // After a key cut off before its END, a blank line and a word are the log's again.
    ["a word after a blank line below a key", `-----BEGIN RSA PRIVATE KEY-----\n${LINES[0]}\n\nDone\n`, "\n[REDACTED:private-key]\n\nDone\n"],
  ])("keeps %s", async (_name, text, expected) => {
    expect((await redactSecrets(text)).text).toBe(expected);
  });

  it.each([
    ["words above an END line, blank lines between", "a list\n\n-----END RSA PRIVATE KEY-----\n"],
    ["a hex digest above an END line, a blank line between", `${fake("", 40, "hex")}\n\n-----END RSA PRIVATE KEY-----\n`],
    ["a checksum-like line and words above an END line", "see the notes\n=Ab3x\n-----END PGP PRIVATE KEY BLOCK-----\n"],
  ])("leaves %s", async (_name, text) => {
    expect((await redactSecrets(text)).text).toBe(text);
  });
});
