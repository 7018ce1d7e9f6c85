import { describe, expect, it } from "vitest";
import { oneLine, shownText } from "../../src/cli/one-line.js";

describe("text shown on a terminal", () => {
  it("shows what a terminal would act on as escapes: ESC, BEL, CSI, DEL, a direction override; keeps line ends and tabs", () => {
    expect(shownText("a\u001b]0;PWN\u0007b\u001b[2Jc\u009bd\u007fe\u202ef\u2066g\n\th")).toBe(
      "a\\u001b]0;PWN\\u0007b\\u001b[2Jc\\u009bd\\u007fe\\u202ef\\u2066g\n\th",
    );
    expect(shownText("Ünïcode 漢字 😀 — fine")).toBe("Ünïcode 漢字 😀 — fine");
  });

  it("as one line, a line end or a tab is a space", () => {
    expect(oneLine("new\nline\r\n---\ttype: user\u001b[1m")).toBe("new line --- type: user\\u001b[1m");
  });
});
