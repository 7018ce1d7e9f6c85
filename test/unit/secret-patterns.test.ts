import { describe, expect, it } from "vitest";
import { redactSecrets } from "../../src/logs/redact-secrets.js";
import { SECRET_PATTERNS } from "../../src/logs/secret-patterns.js";

// The part of the positive example the row itself says is secret, quotes dropped.
function secretPart(row: (typeof SECRET_PATTERNS)[number]): string {
  const match = new RegExp(row.pattern.source, row.pattern.flags.replace("g", "")).exec(row.examples.positive);
  const found = match?.groups?.["value"] ?? match?.[0] ?? "";
  return found.replace(/^(["'`])(.*)\1$/s, "$2");
}

describe("SECRET_PATTERNS", () => {
  it.each(SECRET_PATTERNS.map((row, index) => [`${index} ${row.kind}`, row] as const))("%s: redacts its example, keeps its look-alike", async (_name, row) => {
    expect(row.pattern.global).toBe(true);
    // The redactor finds a value's offset from the end of the match.
    const match = new RegExp(row.pattern.source, row.pattern.flags.replace("g", "")).exec(row.examples.positive);
    const value = match?.groups?.["value"];
    if (value !== undefined) expect(match?.[0].endsWith(value)).toBe(true);
    const secret = secretPart(row);
    expect(secret.length).toBeGreaterThan(0);

    const positive = await redactSecrets(row.examples.positive);
    expect(positive.kinds).toContain(row.kind);
    expect(positive.text).not.toContain(secret);
    expect(positive.text.split("\n")).toHaveLength(row.examples.positive.split("\n").length);

    expect(await redactSecrets(row.examples.lookAlike)).toEqual({ text: row.examples.lookAlike, count: 0, kinds: [] });
  });

  // A row's `needs` lets a text without it go unsearched: the row finds its example, and nothing once that is gone.
  it.each(SECRET_PATTERNS.filter((row) => row.needs !== undefined).map((row, index) => [`${index} ${row.kind}`, row] as const))(
    "%s: finds nothing in a text without what it needs",
    (_name, row) => {
      const once = new RegExp(row.pattern.source, row.pattern.flags.replace("g", ""));
      const needs = typeof row.needs === "string" ? row.needs : new RegExp(row.needs!.source, `${row.needs!.flags}g`);
      expect(row.examples.positive).toMatch(needs);
      expect(once.test(row.examples.positive)).toBe(true);
      expect(once.test(row.examples.positive.replaceAll(needs, (found) => `\u00a0${found.slice(1)}`))).toBe(false);
    },
  );

  it("keeps kinds short and lower-case", () => {
    for (const { kind } of SECRET_PATTERNS) expect(kind).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });
});
