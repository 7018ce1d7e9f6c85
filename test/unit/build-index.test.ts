import MarkdownIt from "markdown-it";
import { describe, expect, it } from "vitest";
import { buildIndex, entryLine, INDEX_LIMITS, type IndexTopic } from "../../src/memory/build-index.js";
import { MEMORY_TYPES } from "../../src/memory/memory.js";

const topic = (i: number, type = MEMORY_TYPES[i % 4]!, description = `hook number ${i} ${"detail ".repeat(i % 20)}`): IndexTopic => ({
  file: `${type}_topic-${String(i).padStart(5, "0")}.md`,
  name: `Topic ${i}`,
  description,
  type,
  updated: `2026-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
});

function assertWithinLimits(content: string) {
  const lines = content.split("\n").slice(0, -1);
  expect(lines.length).toBeLessThanOrEqual(INDEX_LIMITS.maxLines);
  expect(Buffer.byteLength(content)).toBeLessThanOrEqual(INDEX_LIMITS.maxBytes);
  for (const line of lines) expect([...line].length).toBeLessThanOrEqual(INDEX_LIMITS.maxLineChars);
}

describe("buildIndex", () => {
  it("lists every topic on one line each when they fit", () => {
    const topics = [topic(1), topic(2), topic(3)];
    const [index, ...rest] = buildIndex(topics, [{ label: "2026-W14", file: "weekly/2026-W14.md", firstDate: "2026-03-30", lastDate: "2026-04-05" }]).files;
    expect(rest).toEqual([]);
    for (const t of topics) expect(index!.content).toContain(`](${t.file}) — `);
    expect(index!.content).toContain("- [2026-W14](weekly/2026-W14.md) — 2026-03-30 … 2026-04-05");
    assertWithinLimits(index!.content);
  });

  it.each([300, 5000])("keeps %i topics within the limits, newest first, every topic reachable", (count) => {
    const topics = Array.from({ length: count }, (_, i) => topic(i));
    const { files } = buildIndex(topics, []);
    const index = files[0]!;
    assertWithinLimits(index.content);
    const reachable = new Set(files.flatMap((f) => [...f.content.matchAll(/\]\((?:\.\.\/)?([^)]+)\)/g)].map((m) => m[1]!)));
    for (const t of topics) expect(reachable.has(t.file)).toBe(true);
    for (const type of MEMORY_TYPES) {
      const newest = topics
        .filter((t) => t.type === type)
        .sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.file < b.file ? -1 : 1))[0]!;
      expect(index.content).toContain(`](${newest.file})`);
      expect(index.content).toContain(`](memory-index/${type}.md)`);
    }
  });

  it("keeps a pinned memory in MEMORY.md however old, when the newest are all a type can keep", () => {
    const topics = Array.from({ length: 2000 }, (_, i) => topic(i));
    const old = { ...topic(99_999, "project"), updated: "2019-01-01", pinned: true };
    const index = buildIndex([...topics, old], []).files[0]!.content;
    expect(index).toContain(`](${old.file})`);
    // Unpinned, the same memory is only in the full list.
    expect(buildIndex([...topics, { ...old, pinned: false }], []).files[0]!.content).not.toContain(`](${old.file})`);
  });

  it("keeps lines of wide characters within 25 KB", () => {
    const topics = Array.from({ length: 400 }, (_, i) => topic(i, MEMORY_TYPES[i % 4], "小七的日记".repeat(40)));
    assertWithinLimits(buildIndex(topics, []).files[0]!.content);
  });

  it("cuts a long hook, then a long title, to 150 characters", () => {
    expect([...entryLine("T", "t.md", "x".repeat(300), "")].length).toBe(150);
    const line = entryLine("T".repeat(300), "t.md", "hook", "");
    expect([...line].length).toBeLessThanOrEqual(150);
    expect(line.endsWith("…](t.md)")).toBe(true);
  });

  it("keeps each entry a link in a markdown reader, whatever backticks or backslashes its title holds", () => {
    const linkTo = (line: string) => {
      const inline = new MarkdownIt().parseInline(line.slice(2), {})[0]!.children!;
      return inline.find((token) => token.type === "link_open")?.attrGet("href");
    };
    for (const [title, hook] of [
      ["Run `npm test", "then `deploy` it"],
      ["Paths like C:\\Users\\", "Windows home"],
      ["Use `sync_v2` flag", "behind `sync_v2`"],
      [`Use \`${"a".repeat(140)}\` flag`, "a `hook`"],
    ] as const) {
      const line = entryLine(title, "project_x.md", hook, "");
      expect(linkTo(line), line).toBe("project_x.md");
    }
    expect(entryLine("Use `sync_v2` flag", "p.md", "d", "")).toBe("- [Use `sync_v2` flag](p.md) — d");
  });

  it("drops a hook that only repeats the title", () => {
    expect(entryLine("Use Postgres", "p.md", "Use Postgres: Neon, 16", "")).toBe("- [Use Postgres](p.md) — Neon, 16");
  });
});
