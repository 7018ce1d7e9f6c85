import fc from "fast-check";
import { describe, expect, it } from "vitest";
import YAML from "yaml";
import type { OfflineMemory } from "../../src/providers/offline/build-memories.js";
import { renderMemoryBlock } from "../../src/providers/offline/render-memory-block.js";

// The straightforward block: the front matter always written by YAML.
function renderThroughYaml(memory: OfflineMemory): string {
  const frontmatter = YAML.stringify({ name: memory.name, description: memory.description, type: memory.type }, { lineWidth: 0 });
  const fence = "`".repeat(Math.max(2, ...[...memory.content.matchAll(/^\s*(`{3,})/gm)].map((match) => match[1]!.length)) + 1);
  return `${fence}typed_memory\n---\n${frontmatter}---\n\n${memory.content}\n${fence}\n`;
}

const CHARS = [
  ..."（）×、，：「」†∑。°；─《》！✅├✓§¦‘¤‰≥‑ⓐⒶʼ˜ﬁİıςΣ™©½²",
  "😊",
  "👍🏽",
  "𝔸",
  "\u00ad",
  "\u200d",
  "\ufe0f",
  "\ue000",
  '"q"',
  ..."aBé决1 .,;!?'()/&+=_%$—’“…→<>|~^*@`\"#:[]{}-ßxentrulfs0",
  "  ",
  "\u0301",
  "ǅ",
  "\t",
  "\u00a0",
  "\u200b",
  "\ufeff",
  "😀",
  "\\",
  "\u0085",
  "\u2028",
  "\n",
  "true",
  "Null",
  "1e3",
  "0x1F",
  ".inf",
  ": ",
  " #",
];
const value = fc.array(fc.constantFrom(...CHARS), { maxLength: 40 }).map((list) => list.join(""));

describe("renderMemoryBlock", () => {
  it("writes the front matter YAML writes, for names and descriptions of every shape and length", () => {
    fc.assert(
      fc.property(value, value, fc.constantFrom("user", "feedback", "project", "reference", "odd: type"), (name, description, type) => {
        const memory = { name, description, type, content: "**Date:** 2026-03-02\n\nBody" } as OfflineMemory;
        expect(renderMemoryBlock(memory)).toBe(renderThroughYaml(memory));
      }),
      { numRuns: 20000 },
    );
  });

  it.each(["Fix: restart the backend", "Ends with a colon:", "Issue #12 is open", "trailing space "])("writes %s in double quotes", (description) => {
    expect(renderMemoryBlock({ name: "Backend restart", description, type: "project", content: "x" })).toContain(`\ndescription: "${description}"\n`);
  });

  it.each(["Dana answer style", "Sync v2 — rollout (phase 1)", "Never run it on Fridays!", "Lexi-Core is a normal GitHub project", "决定改用 Postgres"])(
    "writes %s as it is",
    (name) => {
      expect(renderMemoryBlock({ name, description: name, type: "project", content: "x" })).toContain(`\nname: ${name}\ndescription: ${name}\n`);
    },
  );
});
