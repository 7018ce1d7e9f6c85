import { describe, expect, it } from "vitest";
import { readMemory } from "../../src/memory/read-memory.js";

const withDates = (created: string, updated: string) =>
  `---\nname: Deploy region\ndescription: where we deploy\ntype: project\ncreated: ${created}\nupdated: ${updated}\n---\n\nWe deploy to eu-west-1.\n`;

describe("readMemory: dates", () => {
  it.each([
    ["2026-03-31", "2026-04-02", "2026-03-31", "2026-04-02"],
    ["2026-03-31T10:00:00Z", "2026-04-02 09:30", "2026-03-31", "2026-04-02"],
    // Not a date: kept as written, never cut to ten characters.
    ["99999-01-01", "not a date", "99999-01-01", "not a date"],
    ["2026-3-5", "20260402", "2026-3-5", "20260402"],
  ])("created %s, updated %s", (created, updated, wantCreated, wantUpdated) => {
    const read = readMemory("project_deploy-region.md", withDates(created, updated));
    expect("memory" in read && read.memory).toMatchObject({ created: wantCreated, updated: wantUpdated });
  });
});

describe("readMemory: front matter never closed", () => {
  it("is a problem naming the missing line, not a note silently left out", () => {
    const read = readMemory("project_x.md", "---\nname: Deploy region\ntype: project\n\nWe deploy to eu-west-1.\n");
    expect(read).toEqual({
      problem: { source: "project_x.md", ruleId: "unreadable-frontmatter", message: "its front matter has no closing '---' line; file left as it is" },
    });
  });

  it("a note that opens with a rule and holds no type is still just a note", () => {
    expect(readMemory("notes.md", "---\nSome thoughts, no fields.\n")).toEqual({ notMemory: true });
  });
});

describe("readMemory: a key given twice", () => {
  it("is a problem, not the last value silently winning (which type is it?)", () => {
    const read = readMemory("project_merge.md", "---\nname: Merge\ndescription: d\ntype: project\ntype: user\n---\n\nBody.\n");
    expect(read).toMatchObject({ problem: { source: "project_merge.md", ruleId: "unreadable-frontmatter" } });
    expect("problem" in read && read.problem.message).toMatch(/^front matter is not valid YAML \(Map keys must be unique.*\); file left as it is$/);
  });
});
