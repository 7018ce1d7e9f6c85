import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CUE_TABLES } from "../../src/providers/offline/cues/all-cue-tables.js";
import { CUE_KINDS, CUE_SYMBOLS, compileCues, EMPHASIS_SYMBOLS } from "../../src/providers/offline/cues/compile-cues.js";
import { cuesIn, hasCue, isEmphasised } from "../../src/providers/offline/cues/find-cues.js";
import { maySpanLines } from "../../src/providers/offline/cues/may-span-lines.js";

// Each kind's whole pattern, asked of the whole text: what hasCue and cuesIn must answer.
const WHOLE = new Map(CUE_KINDS.map((kind) => [kind, compileCues(CUE_TABLES, (table) => table.cues[kind], CUE_SYMBOLS[kind])]));
const EMPHASIS = compileCues(CUE_TABLES, (table) => table.emphasis, EMPHASIS_SYMBOLS);

describe("maySpanLines", () => {
  it.each([
    "decided",
    "(?:we|I)(?:'ve| have)? chosen",
    "(?<!(?:0|no|zero|without) )errors?(?! (?:handling|rates?))",
    "\\p{Lu}\\p{Ll}+'s preferences?",
    "always (?:\\S+ ){0,4}for (?:me|her)",
    "\\d+ unread",
    "standardi[sz]ed? on",
    "down \\(",
    "决定",
    "✔️?",
  ])("reads %s as kept within a line", (cue) => {
    expect(maySpanLines(cue)).toBe(false);
  });

  it.each([
    "decision\\s*:",
    "status\\s*:\\s*(?:ok|green)",
    "a.b",
    "[^a]",
    "[\\x00-\\x7f]",
    "[\t-\r]",
    "\\W",
    "\\D",
    "\\bfoo",
    "^foo",
    "foo$",
    "(?<=\\s)foo",
    "\\p{Z}",
    "\\n",
    "\\u000a",
    "[a-z\\s]",
    "unclosed [class",
  ])("reads %s as perhaps spanning lines", (cue) => {
    expect(maySpanLines(cue)).toBe(true);
  });

  it("reads no cue that can match a line break, or see one, as kept within a line", () => {
    // Every cue judged line-bound, wrapped as compileCues wraps it, finds nothing that holds a line break.
    for (const table of CUE_TABLES) {
      for (const cues of Object.values(table.cues)) {
        for (const cue of cues.filter((c) => !maySpanLines(c))) {
          const anchored = new RegExp(`^(?:${cue})$`, "iu");
          for (const probe of ["\n", " \n", "\n ", "a\nb", ":\n", "\n:"]) expect(anchored.test(probe), cue).toBe(false);
        }
      }
    }
  });
});

describe("a text's cues and emphasis, read line by line", () => {
  const pieces = [
    "Decision",
    "decision",
    "status",
    "Status",
    "ok",
    "green",
    "down",
    "errors",
    "no",
    "Dana",
    "prefers",
    "preferences",
    "wiki",
    "repo",
    "heartbeat",
    "fixed",
    "blocked",
    "lesson",
    "learned",
    "决定",
    "完成",
    "✅",
    "❌",
    "เอกสาร",
    "important",
    "Wichtig",
    "重要",
    "❗",
    "We decided to move the export.",
    "Checked inbox: no new messages.",
  ];
  const glue = [" ", "\n", ":", " :", "\n:", ":\n", ": \n ", "\n\n", "(", ")", "", "-", "\n \n"];
  const text = fc.array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(...glue)), { maxLength: 8 }).map((list) => list.flat().join(""));

  it("finds exactly what the whole pattern finds in the whole text, whatever was asked before", () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (texts) => {
        for (const t of texts) {
          const all = cuesIn(t);
          for (const kind of CUE_KINDS) {
            const expected = WHOLE.get(kind)!.test(t);
            expect(all.has(kind), `${kind} in ${JSON.stringify(t)}`).toBe(expected);
            expect(hasCue(t, kind)).toBe(expected);
            for (const line of t.split("\n")) expect(hasCue(line, kind)).toBe(WHOLE.get(kind)!.test(line));
          }
          expect(isEmphasised(t)).toBe(EMPHASIS.test(t));
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("finds a cue written across a line break", () => {
    expect(hasCue("Decision\n: Postgres", "decision")).toBe(true);
    expect(cuesIn("status:\nok").has("routine")).toBe(true);
    expect(hasCue("decision", "decision")).toBe(false);
  });
});
