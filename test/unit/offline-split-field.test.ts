import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Field, splitField } from "../../src/providers/offline/split-field.js";

// The straightforward reading: every form tried on every statement.
const BOLD_LABEL = /^\*\*([^*\n]{1,40}?)\s*(?:[:：]\s*\*\*|\*\*\s*[:：])\s*(.*)$/su;
const BOLD_TITLE = /^\*\*([^*\n]{1,60})\*\*\s*[-–—]\s+(.+)$/su;
const PLAIN_LABEL = /^([\p{L}\p{N}][\p{L}\p{N}\p{M} ._/&+#'’()-]{0,28}?)\s*(?:::?\s+|：\s*)(\S.*)$/su;

function splitFieldInFull(markdown: string): Field {
  const text = markdown.trim().replace(/^\[?~?\d{1,2}:\d{2}(?::\d{2})?(?:\s?[ap]\.?m\.?)?\]?(?:\s+[-–—|]\s+|\s+)(?!\d{1,2}:\d{2})(?=\S)/iu, "");
  const bold = BOLD_LABEL.exec(text) ?? BOLD_TITLE.exec(text);
  if (bold) return { label: bold[1]!.trim(), value: bold[2]!.trim(), bold: true };
  const plain = PLAIN_LABEL.exec(text);
  if (plain && !/https?$/i.test(plain[1]!) && plain[1]!.trim().split(/\s+/).length <= 4) return { label: plain[1]!.trim(), value: plain[2]!.trim() };
  return { value: text };
}

describe("splitField", () => {
  it("reads every statement as trying every form would", () => {
    const piece = fc.constantFrom(
      "**",
      "Status",
      "Fix",
      "状态",
      ":",
      "：",
      " ",
      "\n",
      "-",
      "—",
      "https",
      "value here",
      "a b c d e",
      "**Label:**",
      "x",
      "::",
      "09:30",
      "[23:43]",
      "am",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join("");
        expect(splitField(text)).toEqual(splitFieldInFull(text));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["09:30 Paired with Priya", { value: "Paired with Priya" }],
    ["[23:43] 策略调整：明确先扫盲", { label: "策略调整", value: "明确先扫盲" }],
    ["11:00 Decided: we keep invoices in UTC", { label: "Decided", value: "we keep invoices in UTC" }],
    ["2:45 pm — **Lesson:** run migrations first", { label: "Lesson", value: "run migrations first", bold: true }],
    ["8:00, 11:00, 14:00", { value: "8:00, 11:00, 14:00" }],
    ["[00:42] 163 mailboxes checked", { value: "163 mailboxes checked" }],
    ["09:00 10:00 11:00", { value: "09:00 10:00 11:00" }],
  ])("reads a statement without the time of day it opens with: %s", (text, field) => {
    expect(splitField(text)).toEqual(field);
  });

  it("reads a property written key:: value as a label", () => {
    expect(splitField("decision:: We use UTC everywhere")).toEqual({ label: "decision", value: "We use UTC everywhere" });
  });
});
