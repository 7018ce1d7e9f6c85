import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Field, splitField } from "../../src/providers/offline/split-field.js";

// The straightforward reading: every form tried on every statement.
const BOLD_LABEL = /^\*\*([^*\n]{1,40}?)\s*(?:[:：]\s*\*\*|\*\*\s*[:：])\s*(.*)$/su;
const BOLD_TITLE = /^\*\*([^*\n]{1,60})\*\*\s*[-–—]\s+(.+)$/su;
const PLAIN_LABEL = /^([\p{L}\p{N}][\p{L}\p{N}\p{M} ._/&+#'’()-]{0,28}?)\s*(?:::?\s+|：\s*)(\S.*)$/su;

function splitFieldInFull(markdown: string): Field {
  const text = markdown.trim();
  const bold = BOLD_LABEL.exec(text) ?? BOLD_TITLE.exec(text);
  if (bold) return { label: bold[1]!.trim(), value: bold[2]!.trim(), bold: true };
  const plain = PLAIN_LABEL.exec(text);
  if (plain && !/https?$/i.test(plain[1]!) && plain[1]!.trim().split(/\s+/).length <= 4) return { label: plain[1]!.trim(), value: plain[2]!.trim() };
  return { value: text };
}

describe("splitField", () => {
  it("reads every statement as trying every form would", () => {
    const piece = fc.constantFrom("**", "Status", "Fix", "状态", ":", "：", " ", "\n", "-", "—", "https", "value here", "a b c d e", "**Label:**", "x", "::");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        expect(splitField(text)).toEqual(splitFieldInFull(text));
      }),
      { numRuns: 3000 },
    );
  });

  it("reads a property written key:: value as a label", () => {
    expect(splitField("decision:: We use UTC everywhere")).toEqual({ label: "decision", value: "We use UTC everywhere" });
  });
});
