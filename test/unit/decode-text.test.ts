import { describe, expect, it } from "vitest";
import { decodeText as decodeLog } from "../../src/text/decode-text.js";

describe("decodeText", () => {
  it("drops a BOM and turns CRLF and CR into LF", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("# Day\r\n- a\r- b\n")]);
    expect(decodeLog(bytes, "x.md")).toEqual({ text: "# Day\n- a\n- b\n", problems: [] });
  });

  it("replaces invalid UTF-8 and names the file and line", () => {
    const bytes = Buffer.concat([Buffer.from("line one\nline "), Buffer.from([0xff, 0xfe]), Buffer.from(" two\n")]);
    const { text, problems } = decodeLog(bytes, "2026-03-04.md");
    expect(text).toBe("line one\nline \uFFFD\uFFFD two\n");
    expect(problems).toEqual([{ source: "2026-03-04.md", line: 2, ruleId: "invalid-utf8", message: "invalid UTF-8, replaced with U+FFFD" }]);
  });

  it("reads an empty file as empty text", () => {
    expect(decodeLog(new Uint8Array(), "e.md")).toEqual({ text: "", problems: [] });
  });
});
