import { describe, expect, it } from "vitest";
import { decodeText as decodeLog } from "../../src/text/decode-text.js";

describe("decodeText", () => {
  it("drops a BOM and turns CRLF and CR into LF", () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("# Day\r\n- a\r- b\n")]);
    expect(decodeLog(bytes, "x.md")).toEqual({ text: "# Day\n- a\n- b\n", problems: [] });
  });

  it("replaces invalid UTF-8 and names the file and line", () => {
    const bytes = Buffer.concat([Buffer.from("line one, café\nline "), Buffer.from([0xff, 0xfe]), Buffer.from(" two\n")]);
    const { text, problems } = decodeLog(bytes, "2026-03-04.md");
    expect(text).toBe("line one, café\nline \uFFFD\uFFFD two\n");
    expect(problems).toEqual([{ source: "2026-03-04.md", line: 2, ruleId: "invalid-utf8", message: "invalid UTF-8, replaced with U+FFFD" }]);
  });

  it("reads UTF-16 without a byte order mark, little or big endian, as UTF-16", () => {
    const text = "# 2026-04-01\n\n## [09:05] research: 数据库选型\n决定使用 Postgres 16。\n";
    const le = Buffer.from(text, "utf16le");
    const be = Buffer.from(le).swap16();
    for (const [bytes, order] of [
      [le, "LE"],
      [be, "BE"],
    ] as const) {
      const decoded = decodeLog(new Uint8Array(bytes), "2026-04-01.md");
      expect(decoded.text).toBe(text);
      expect(decoded.problems.map((problem) => problem.message)).toEqual([`UTF-16 ${order} without a byte order mark: read as such`]);
    }
  });

  it("reads a UTF-8 log with a UTF-16 fragment pasted into it as UTF-8", () => {
    const head = Buffer.from(`# 2026-04-01\n\n${"## [09:00] note: deploy\nGITHUB_TOKEN=ghp_x password: Zebra7Lion\n".repeat(40)}`);
    const fragment = Buffer.from("C:\\> type notes.txt\r\nline one\r\nline two\r\n".repeat(80), "utf16le");
    const bytes = Buffer.concat([head, fragment, Buffer.alloc(((head.length + fragment.length) % 2) as number)]);
    const decoded = decodeLog(new Uint8Array(bytes), "2026-04-01.md");
    expect(decoded.text.startsWith("# 2026-04-01\n\n## [09:00] note: deploy\n")).toBe(true);
    expect(decoded.problems.map((problem) => problem.ruleId)).not.toContain("utf16-without-bom");
  });

  it("reads a file with no UTF-8 in it as Windows-1252, and UTF-8 with a broken byte as UTF-8", () => {
    const latin1 = decodeLog(Buffer.concat([Buffer.from("René chose the crème brûlée, ", "latin1"), Buffer.from([0x80]), Buffer.from("5\n")]), "x.md");
    expect(latin1.text).toBe("René chose the crème brûlée, €5\n");
    expect(latin1.problems.map((problem) => problem.message)).toEqual(["not UTF-8: read as Windows-1252 (Latin-1)"]);
    const mixed = decodeLog(new Uint8Array([...Buffer.from("Café ok "), 0xe9, ...Buffer.from(" end\n")]), "x.md");
    expect(mixed.text).toBe("Café ok \uFFFD end\n");
    expect(mixed.problems.map((problem) => problem.message)).toEqual(["invalid UTF-8, replaced with U+FFFD"]);
  });

  it("reads an empty file as empty text", () => {
    expect(decodeLog(new Uint8Array(), "e.md")).toEqual({ text: "", problems: [] });
  });
});
