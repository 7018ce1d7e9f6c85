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
  it("type or name twice with different values is a problem: which memory is it?", () => {
    const read = readMemory("project_merge.md", "---\nname: Merge\ndescription: d\ntype: project\ntype: user\n---\n\nBody.\n");
    expect(read).toEqual({
      problem: {
        source: "project_merge.md",
        ruleId: "unreadable-frontmatter",
        message: "its front matter gives 'type' twice, with different values; file left as it is",
      },
    });
  });

  it("any other key twice keeps its last value, as it always has", () => {
    const read = readMemory("project_merge.md", "---\nname: Merge\ndescription: d\ntype: project\ntags: [a]\ntags: [b]\ntype: project\n---\n\nBody.\n");
    expect("memory" in read && read.memory).toMatchObject({ name: "Merge", type: "project" });
  });
});

describe("readMemory: a note", () => {
  it("with a rule and a 'type:' line further down is a note, not a memory with broken front matter", () => {
    expect(readMemory("notes.md", "# Ops notes\n\ntext\n\n---\n\ntype: the kind of thing\n")).toEqual({ notMemory: true });
  });
});

describe("readMemory then renderMemory: keys named as Object's own methods", () => {
  it("keeps toString, valueOf and hasOwnProperty as the plain fields they are", async () => {
    const { renderMemory } = await import("../../src/memory/render-memory.js");
    const text = "---\nname: Merge\ndescription: d\ntype: project\ntoString: nope\nvalueOf: 1\nhasOwnProperty: 5\n---\n\nBody.\n";
    const read = readMemory("project_merge.md", text);
    if (!("memory" in read)) throw new Error(JSON.stringify(read));
    expect(renderMemory(read.memory)).toBe(text);
  });
});
