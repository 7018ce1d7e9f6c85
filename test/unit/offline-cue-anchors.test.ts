import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CUE_TABLES } from "../../src/providers/offline/cues/all-cue-tables.js";
import { CUE_KINDS, CUE_SYMBOLS, compileCues, EMPHASIS_SYMBOLS } from "../../src/providers/offline/cues/compile-cues.js";
import { anchorWords, needsNonAscii } from "../../src/providers/offline/cues/cue-anchors.js";
import { cuesIn, givesReason, hasCue, isEmphasised, isEmphasisedWith, statesRule } from "../../src/providers/offline/cues/find-cues.js";
import { groupUnits, statement } from "../../src/providers/offline/group-units.js";
import { sampleFloor, sampleWeeks } from "./offline-sample-weeks.js";

// Words of the cue tables themselves, in several cases, so that texts made of them hold cues.
const TABLE_WORDS = [
  ...new Set(
    CUE_TABLES.flatMap((table) => [...Object.values(table.cues).flat(), ...table.emphasis, ...table.why, ...table.rule]).flatMap(
      (cue) => cue.match(/[\p{L}\p{N}_']+/gu) ?? [],
    ),
  ),
];
const word = fc.oneof(
  fc.constantFrom(...TABLE_WORDS),
  fc.constantFrom(...TABLE_WORDS).map((w) => w.toUpperCase()),
  fc.constantFrom(...TABLE_WORDS).map((w) => w.charAt(0).toUpperCase() + w.slice(1)),
  fc.constantFrom("Dana", "sync", "v2", "42", "_x", "\u212a", "\u017f", "é", "ß", "\u0345", "ǅ", "Ⓐ", "✅", "❌", "—", "’", "“"),
);
const glue = fc.constantFrom(" ", " ", "'", "-", ": ", ", ", ". ", "(", ")", "", "_", "\u00a0", "—", "✅", "é", "\n", "\n:", ":\n");
const text = fc.array(fc.tuple(word, glue), { maxLength: 10 }).map((pairs) => pairs.flat().join(""));
const ASCII_WORDS = /[A-Za-z0-9_]+/g;
const SPACED = CUE_TABLES.find((table) => !table.unspaced)!;
const NON_ASCII_WORD_CHAR = /(?![\x00-\x7f])[\p{L}\p{N}_]/iu;

describe("anchorWords", () => {
  it.each([
    ["(?:we|I)(?:'ve| have)? chosen", ["chosen"]],
    ["(?<!(?:0|no|zero|without) )errors?(?! (?:handling|rates?))", ["error", "errors"]],
    ["(?:user|owner|\\p{Lu}\\p{Ll}+'s) preferences?", ["preference", "preferences"]],
    ["always (?:\\S+ ){0,4}for (?:me|her)", ["always"]],
    ["\\d+ unread", ["unread"]],
    ["follow[- ]ups?", ["follow"]],
    ["HEARTBEAT_OK", ["heartbeat_ok"]],
  ])("reads %s as holding one of %j", (cue, expected) => {
    expect(anchorWords(cue)).toEqual(expected);
  });

  it.each(["wichtig\\p{L}*", "\\p{Lu}\\p{Ll}+", "a\\nb", "(?:x|\\S+)", "\u017fhip"])("finds no word %s must hold", (cue) => {
    expect(anchorWords(cue)).toBeUndefined();
  });

  it("gives words that every match of its cue holds whole, for every cue of every table", () => {
    const cues = CUE_TABLES.filter((table) => !table.unspaced).flatMap((table) => [
      ...Object.values(table.cues).flat(),
      ...table.emphasis,
      ...table.why,
      ...table.rule,
    ]);
    const anchored = cues.flatMap((cue) => {
      const anchors = anchorWords(cue);
      return anchors ? [{ pattern: compileCues([SPACED], () => [cue]), anchors }] : [];
    });
    expect(anchored.length).toBeGreaterThan(500);
    fc.assert(
      fc.property(text, (t) => {
        if (NON_ASCII_WORD_CHAR.test(t)) return;
        const words = new Set((t.match(ASCII_WORDS) ?? []).map((w) => w.toLowerCase()));
        for (const { pattern, anchors } of anchored)
          if (pattern.test(t))
            expect(
              anchors.some((a) => words.has(a)),
              `${pattern.source} in ${t}`,
            ).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });
});

describe("needsNonAscii", () => {
  it.each(["决定", "✅", "⚠️?", "无新增\\p{Script=Han}{0,4}"])("reads %s as needing a character outside ASCII", (cue) => {
    expect(needsNonAscii(cue)).toBe(true);
  });
  it.each(["ok", "\u212a", "(?:决定|ok)", "\\p{Script=Han}+"])("reads %s as perhaps matching ASCII alone", (cue) => {
    expect(needsNonAscii(cue)).toBe(false);
  });
});

describe("cues asked through their words", async () => {
  const WHOLE = new Map(CUE_KINDS.map((kind) => [kind, compileCues(CUE_TABLES, (table) => table.cues[kind], CUE_SYMBOLS[kind])]));
  const EMPHASIS = compileCues(CUE_TABLES, (table) => table.emphasis, EMPHASIS_SYMBOLS);
  const WHY = compileCues(CUE_TABLES, (table) => table.why);
  const RULE = compileCues(CUE_TABLES, (table) => table.rule);
  const expectSame = (t: string) => {
    const all = cuesIn(t);
    for (const kind of CUE_KINDS) {
      const expected = WHOLE.get(kind)!.test(t);
      expect(all.has(kind), `${kind} in ${JSON.stringify(t)}`).toBe(expected);
      expect(hasCue(t, kind)).toBe(expected);
    }
    expect(isEmphasised(t)).toBe(EMPHASIS.test(t));
    expect(givesReason(t)).toBe(WHY.test(t));
    expect(statesRule(t)).toBe(RULE.test(t));
  };

  it("are found exactly as the whole patterns find them, in texts made of the tables' words", () => {
    fc.assert(fc.property(text, expectSame), { numRuns: 3000 });
  });

  it("find a unit's emphasis from its statements exactly as the whole pattern finds it in the joined text", () => {
    const statements = fc.array(fc.oneof(text, fc.constantFrom("must", "know", "Important", "wichtigste", "重要", "❗", "")), { maxLength: 6 });
    fc.assert(
      fc.property(text, statements, (head, list) => {
        expect(isEmphasisedWith(head, list)).toBe(EMPHASIS.test(`${head}\n${list.join(" ")}`));
      }),
      { numRuns: 3000 },
    );
  });

  it("are found exactly as the whole patterns find them, in every statement of the sample weeks", async () => {
    let statements = 0;
    for (const week of await sampleWeeks()) {
      for (const unit of groupUnits(week.logs.entries)) {
        for (const part of unit.parts) {
          statements++;
          expectSame(statement(part));
        }
      }
    }
    expect(statements).toBeGreaterThan(sampleFloor(5000, 40));
  });
});
