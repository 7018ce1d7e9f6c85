import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Compactor } from "../../src/pipeline/compactor.js";
import { readBlocks } from "../../src/providers/offline/read-blocks.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

// Obsidian and Logseq syntax that shows as something else, or nothing, where the note is read.
const MARKUP = /\$\$|\[\[|\]\]|::|\[!|%%|\(\(|\{\{|\[\^|(?:^|\s)#[\p{L}_]|collapsed|\bid:/u;

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

describe("Logseq's bookkeeping properties", () => {
  it("are no statement, and the block's text after them is read", () => {
    const item = "- Deployed v2\n  id:: 65e8a1b2-0000-4000-8000-000000000001\n  The rollback plan is in the runbook.";
    expect(readBlocks(item, 1).map((block) => block.text)).toEqual(["Deployed v2", "The rollback plan is in the runbook."]);
    expect(readBlocks("collapsed:: true\nThe deploy failed twice because of DNS.", 1).map((block) => [block.text, block.startLine])).toEqual([
      ["The deploy failed twice because of DNS.", 2],
    ]);
    expect(readBlocks("Retro\ncollapsed:: true\nheading:: 2", 1).map((block) => block.text)).toEqual(["Retro"]);
  });
});

describe("display math", () => {
  it("is read as code, not as a statement, on its lines or on one", () => {
    const blocks = readBlocks("$$\n\\text{MRR} = \\sum_c p_c\n$$\nThe sort is $O(n \\log n)$.\n\n$$ E = mc^2 $$", 10);
    expect(blocks.map((block) => [block.shape, block.startLine, block.endLine])).toEqual([
      ["code", 10, 12],
      ["paragraph", 13, 13],
      ["code", 15, 15],
    ]);
    expect(blocks[1]!.text).toBe("The sort is $O(n \\log n)$.");
  });

  it("opened and never closed is text, found in one pass over the paragraph (large enough to fail on the square of it)", () => {
    const blocks = readBlocks("$$ a\n".repeat(50_000), 1);
    expect(blocks.map((block) => block.shape)).toEqual(["paragraph"]);
  });
});

describe("a memory of a formula and a sentence", () => {
  it("is named and described by the sentence, not the formula or its heading", async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, "2025-03-04.md"),
      "# 2025-03-04\n\n## 🧠 Learned\n$$\n\\text{MRR} = \\sum_{c} p_c\n$$\nThe sort runs in time for the export.\n",
    );
    const result = (await (await Compactor.open({ dir, env: {} })).compactDaily("2025-W10"))!;
    expect(result.memories.map((memory) => [memory.name, memory.description])).toEqual([["Sort runs in time", "The sort runs in time for the export."]]);
  });
});

describe("a folded block's frame", () => {
  it("is no statement, and what it folds is read", () => {
    const text = "<details>\n<summary>Full error</summary>\n\nThe build broke on `tsc` 5.5.\n\n</details>";
    expect(readBlocks(text, 1).map((block) => [block.shape, block.text])).toEqual([
      ["comment", ""],
      ["paragraph", "The build broke on `tsc` 5.5."],
      ["comment", ""],
    ]);
  });
});
