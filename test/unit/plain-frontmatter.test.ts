import fc from "fast-check";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import { readFrontmatter } from "../../src/text/frontmatter.js";
import { readPlainFrontmatter, writePlainFrontmatter } from "../../src/text/plain-frontmatter.js";

const yamlFields = (raw: string): unknown => YAML.parse(raw, { schema: "core", maxAliasCount: 100, uniqueKeys: false });

// Values near every edge YAML draws: numbers, nulls and booleans in all spellings, dates,
// indicators first, comments, separators, quotes and escapes, unusual spaces and line breaks,
// control and format characters, lone surrogates, emoji.
const COMMON = ["a", "Z", "word", " ", "2026-03-02", "2017-01-17.md#L3-L9", "(exit 137).", "决定", "×", "—", "😀", "a:b", "x#y", "7", "-", "."];
const EDGES = [
  ..."--- ... 0 12 + e E 0x1F 0o17 .5 1e3 inf .inf .NaN ~ null Null NULL true True FALSE yes no on : # ? , [ ] { } & * ! | > ' '' \" % @ `".split(" "),
  ...[
    ": ",
    " #",
    "\\",
    "  ",
    "\t",
    "\r",
    "\u0085",
    "\u00a0",
    "\u2003",
    "\u3000",
    "\u200b",
    "\u2028",
    "\u2029",
    "\ufeff",
    "\ud83d",
    "\ude00",
    "\u0000",
    "\u001b",
  ],
];
const piece = fc.oneof({ arbitrary: fc.constantFrom(...COMMON), weight: 6 }, { arbitrary: fc.constantFrom(...EDGES), weight: 1 });
const value = fc.array(piece, { minLength: 0, maxLength: 5 }).map((parts) => parts.join(""));
const key = fc.oneof(
  { arbitrary: fc.constantFrom("name", "description", "type", "created", "updated", "valid_to", "sources", "k-1", "_x"), weight: 8 },
  { arbitrary: fc.constantFrom("true", "null", "1", "a b", "__proto__", "-k"), weight: 1 },
);
const line = fc.oneof(
  { arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: ${v}`), weight: 6 },
  { arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: "${v}"`), weight: 2 },
  { arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}: '${v}'`), weight: 2 },
  { arbitrary: fc.tuple(key, fc.array(value, { maxLength: 3 })).map(([k, items]) => [`${k}:`, ...items.map((item) => `  - ${item}`)].join("\n")), weight: 3 },
  { arbitrary: fc.tuple(key, value).map(([k, v]) => `${k}:${v}`), weight: 1 },
  { arbitrary: value, weight: 1 },
);

describe("readPlainFrontmatter", () => {
  it("reads exactly what YAML reads, or leaves the text to YAML", () => {
    let read = 0;
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 4 }), fc.boolean(), (lines, closingBreak) => {
        const raw = lines.join("\n") + (closingBreak ? "\n" : "");
        const plain = readPlainFrontmatter(raw);
        if (plain === undefined) return;
        read++;
        expect(Object.fromEntries(plain)).toEqual(yamlFields(raw));
        expect(plain.map(([k]) => k)).toEqual(Object.keys(yamlFields(raw) as object));
      }),
      { numRuns: 5000 },
    );
    // The generator must reach the plain reader often, or the comparison proves nothing.
    expect(read).toBeGreaterThan(500);
  });

  it("reads the front matter a memory file is written with", () => {
    const raw = [
      "name: Restarted backend",
      "description: Restarted backend after the 2026-03-02 outage (exit 137).",
      "type: feedback",
      "created: 2017-01-17",
      "updated: 2026-11-06",
      "sources:",
      "  - 2017-01-17.md#L3-L9",
      "  - 2017-02-01.md#L24-L31",
      'valid_to: "2027-01-01"',
      "",
    ].join("\n");
    expect(readPlainFrontmatter(raw)).toEqual(Object.entries(yamlFields(raw) as object));
  });

  it("never lets a key reach the prototype", () => {
    const read = readFrontmatter("---\n__proto__: polluted\nname: x\n---\nbody\n");
    expect(read.data).toEqual({ name: "x" });
    expect(Object.getPrototypeOf(read.data)).toBe(Object.prototype);
  });
});

describe("writePlainFrontmatter", () => {
  const field = fc.oneof(
    { arbitrary: value, weight: 6 },
    { arbitrary: fc.array(value, { maxLength: 4 }), weight: 3 },
    { arbitrary: fc.oneof(fc.boolean(), fc.integer(), fc.double(), fc.constantFrom(0.8, -0, 1e21, Number.NaN)), weight: 1 },
    { arbitrary: fc.constantFrom(null, undefined, { a: "b" }, [["x"]], [1]), weight: 1 },
  );

  it("writes exactly what YAML writes, or leaves the data to YAML", () => {
    let written = 0;
    fc.assert(
      fc.property(fc.array(fc.tuple(key, field), { minLength: 1, maxLength: 5 }), (pairs) => {
        const data: Record<string, unknown> = {};
        for (const [k, v] of pairs) if (k !== "__proto__") data[k] = v;
        const plain = writePlainFrontmatter(data);
        if (plain === undefined) return;
        written++;
        expect(plain).toBe(YAML.stringify(data, { lineWidth: 0 }));
      }),
      { numRuns: 5000 },
    );
    expect(written).toBeGreaterThan(500);
  });

  it("writes what it reads back as the same fields", () => {
    const data = {
      name: "Deploy: staging",
      description: "Ends with a colon:",
      type: "project",
      created: "2026-03-02",
      sources: ["2026-03-02.md#L3-L9"],
      quote: '"Hi" first',
    };
    const written = writePlainFrontmatter(data)!;
    expect(written).toContain('name: "Deploy: staging"\n');
    expect(written).toContain("quote: '\"Hi\" first'\n");
    expect(Object.fromEntries(readPlainFrontmatter(written)!)).toEqual(data);
  });
});
