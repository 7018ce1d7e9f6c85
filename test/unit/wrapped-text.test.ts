import { describe, expect, it } from "vitest";
import { WrappedText } from "../../src/providers/offline/plain-text.js";

const joined = (lines: string[]) => {
  const text = new WrappedText();
  for (const line of lines) text.add(line);
  return text.toString();
};

describe("WrappedText", () => {
  it("joins wrapped lines with a space, and none between two characters of a script written without spaces", () => {
    expect(joined(["Postgres on Neon", "for the sync service."])).toBe("Postgres on Neon for the sync service.");
    expect(joined(["同步服务使用", "Postgres。"])).toBe("同步服务使用 Postgres。");
    expect(joined(["同步服务", "使用数据库"])).toBe("同步服务使用数据库");
    expect(joined(["ログを", "読む"])).toBe("ログを読む");
  });

  it("adds nothing for an empty line, and a paragraph of thousands of lines is joined whole", () => {
    expect(joined(["", "a", "", "b", ""])).toBe("a b");
    expect(joined([])).toBe("");
    const lines = Array.from({ length: 50_000 }, (_, i) => `line ${i}`);
    expect(joined(lines)).toBe(lines.join(" "));
  });
});
