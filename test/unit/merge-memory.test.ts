import { describe, expect, it, vi } from "vitest";
import { type Memory, newMemory } from "../../src/memory/memory.js";
import { mergeMemory } from "../../src/memory/merge-memory.js";
import { readMemory } from "../../src/memory/read-memory.js";
import { renderMemory } from "../../src/memory/render-memory.js";

const update = (body: string, updated = "2026-03-30", sources = ["2026-03-30.md#L3-L5"]) => ({ body, sources, created: "2026-03-30", updated });
const existing: Memory = newMemory({
  file: "project_use-postgres.md",
  name: "Use Postgres",
  description: "Sync database",
  type: "project",
  body: "Postgres 16 on Neon.\n\n**Why:** three writers.",
  sources: ["2026-03-30.md#L3-L5"],
  created: "2026-03-30",
  updated: "2026-03-30",
});

describe("mergeMemory", () => {
  it("keeps the same fact once and changes nothing", () => {
    expect(mergeMemory(existing, update("postgres 16 on neon\n\n**Why:** three writers."))).toBe(existing);
  });

  it("adds a new fact under its date, unions sources and moves updated forward", () => {
    const merged = mergeMemory(existing, update("Postgres 16 on Neon.\n\nConnection pooling through PgBouncer.", "2026-04-03", ["2026-04-03.md#L7"]));
    expect(merged.body).toBe("Postgres 16 on Neon.\n\n**Why:** three writers.\n\n**Added 2026-04-03:**\n\nConnection pooling through PgBouncer.");
    expect(merged).toMatchObject({ created: "2026-03-30", updated: "2026-04-03", sources: ["2026-03-30.md#L3-L5", "2026-04-03.md#L7"] });
  });

  it("reads a list item by item: a line a person added to a list leaves its other items known, and a list half known adds its new items alone", () => {
    const week = update("- Postgres 16 on Neon\n- PgBouncer in front", "2026-04-03");
    const learned = mergeMemory(existing, week);
    expect(learned.body).toBe("Postgres 16 on Neon.\n\n**Why:** three writers.\n\n**Added 2026-04-03:**\n\n- PgBouncer in front");
    // The same week again, after a person added a line to the end of the list: nothing is new.
    const edited = { ...learned, body: `${learned.body}\n- my own note` };
    expect(mergeMemory(edited, week)).toBe(edited);
    const more = mergeMemory(edited, update("- PgBouncer in front\n- Read replica in eu-west-1", "2026-04-10"));
    expect(more.body).toBe(`${edited.body}\n\n**Added 2026-04-10:**\n\n- Read replica in eu-west-1`);
  });

  it("reads a task's box as part of its fact, and an indented code line as code, not as a list item", () => {
    const tasks = { ...existing, body: "- [ ] Deploy to prod" };
    expect(mergeMemory(tasks, update("- [x] Deploy to prod", "2026-04-03")).body).toBe("- [ ] Deploy to prod\n\n**Added 2026-04-03:**\n\n- [x] Deploy to prod");
    const code = { ...existing, body: "Run it:\n\n    - x" };
    expect(mergeMemory(code, update("- x", "2026-04-03")).body).toBe("Run it:\n\n    - x\n\n**Added 2026-04-03:**\n\n- x");
  });

  it("keeps a fenced code block whole as one fact", () => {
    const merged = mergeMemory(existing, update("```sh\npsql -c 'select 1'\n\nexit\n```", "2026-04-03"));
    expect(merged.body).toContain("**Added 2026-04-03:**\n\n```sh\npsql -c 'select 1'\n\nexit\n```");
  });
});

describe("a memory file", () => {
  it("round-trips through render and read", () => {
    const text = renderMemory(existing);
    expect(text.startsWith("---\nname: Use Postgres\ndescription: Sync database\ntype: project\ncreated: 2026-03-30\n")).toBe(true);
    const read = readMemory(existing.file, text);
    expect("memory" in read && read.memory).toMatchObject({ ...existing, keyOrder: expect.any(Array) });
  });

  it("keeps every front matter field it does not know, in its place, through a rewrite", () => {
    const text =
      "---\nname: Deploy\nowner: dana\ndescription: Where we deploy\ntype: project\npinned: true\ntags:\n  - infra\nupdated: 2026-03-01\n---\n\nVercel.\n";
    const read = readMemory("project_deploy.md", text);
    if (!("memory" in read)) throw new Error("not read");
    const rewritten = renderMemory(mergeMemory(read.memory, update("Preview deploys per branch.", "2026-04-02")));
    expect(
      rewritten.startsWith(
        "---\nname: Deploy\nowner: dana\ndescription: Where we deploy\ntype: project\npinned: true\ntags:\n  - infra\nupdated: 2026-04-02\n",
      ),
    ).toBe(true);
  });

  it("never writes a control character, in the body or the front matter", () => {
    const text = renderMemory({ ...existing, name: "Bad\u0000name\u0007", body: "line\u0001one\u001b[31m red" });
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
    expect(text).toContain("name: Badname");
  });

  it("merges a long memory growing week by week as a fresh read would, also once its body was rewritten", async () => {
    vi.resetModules();
    const fresh = async () => (await import("../../src/memory/merge-memory.js")).mergeMemory;
    const long = (week: number) => `Release train ${week}: ${"the build waits for the nightly suite and the canary. ".repeat(8)}`;
    let memory: Memory = { ...existing, body: Array.from({ length: 6 }, (_, week) => long(week)).join("\n\n") };
    for (let week = 6; week < 14; week++) {
      // Week 10 rewrites the body (as a consolidation or an undo can): what was kept of the old one must not count.
      if (week === 10) memory = { ...memory, body: `${long(0)}\n\nRewritten.` };
      const body = `${long(week - 1)}\n\n${long(week)}\n\nRewritten.`;
      const next = mergeMemory(memory, update(body, `2026-04-${String(week).padStart(2, "0")}`));
      vi.resetModules();
      expect(next).toEqual((await fresh())(memory, update(body, `2026-04-${String(week).padStart(2, "0")}`)));
      memory = next;
    }
    expect(memory.body.match(/Rewritten\./g)).toHaveLength(1);
  });
});
