import { describe, expect, it } from "vitest";
import { Compactor } from "../../src/pipeline/compactor.js";
import { readBlocks } from "../../src/providers/offline/read-blocks.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

// Obsidian and Logseq syntax that shows as something else, or nothing, where the note is read.
const MARKUP = /\[\[|\]\]|::|\[!|%%|\(\(|\{\{|\[\^|(?:^|\s)#[\p{L}_]|collapsed|\bid:/u;

describe("offline model on an Obsidian daily note and a Logseq journal", async () => {
  const dir = await copyOf(fixture("note-apps"));
  const result = (await (await Compactor.open({ dir, env: {} })).compactDaily("2025-W10"))!;
  const bullets = result.summary.body.split("\n").filter((line) => line.startsWith("- "));

  it.each(bullets)("writes summary bullet '%s' without the apps' markup, or the time it was noted at", (bullet) => {
    expect(bullet).not.toMatch(MARKUP);
    expect(bullet).not.toMatch(/^- \d{4}-\d{2}-\d{2}: \[?\d{1,2}:\d{2}/);
  });

  it("names and describes every memory without the apps' markup", () => {
    expect(result.memories.length).toBeGreaterThan(0);
    for (const memory of result.memories) {
      expect(memory.name).not.toMatch(MARKUP);
      expect(memory.description).not.toMatch(MARKUP);
    }
  });

  it("names a decision written as a property, or after 'we', for what was decided", () => {
    expect(result.memories.map((memory) => memory.name)).toEqual(expect.arrayContaining(["Use UTC everywhere in billing", "Keep invoice timestamps in UTC"]));
  });
});

describe("an Obsidian callout", () => {
  it("reads as its title over its text, without its marker", () => {
    expect(readBlocks("> [!note] Focus\n> Ship the fix.", 1).map((block) => block.text)).toEqual(["Focus: Ship the fix."]);
    expect(readBlocks("> [!warning]-\n> Never reset staging.", 1).map((block) => block.text)).toEqual(["Never reset staging."]);
    expect(readBlocks("> [!tip] Use worktrees.", 1).map((block) => block.text)).toEqual(["Use worktrees."]);
  });
});
