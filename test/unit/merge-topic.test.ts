import { describe, expect, it } from "vitest";
import { type StoredMemory, mergeTopic, newTopic } from "../../src/store/merge-topic.js";
import { parseTopicFile, renderTopicFile } from "../../src/store/topic-file.js";

const memory = (content: string, lastDate = "2026-03-30", sources = ["2026-03-30.md#L3-L5"]): StoredMemory => ({
  name: "Use Postgres",
  description: "Sync database",
  type: "project",
  content,
  sources,
  firstDate: "2026-03-30",
  lastDate,
});

describe("mergeTopic", () => {
  const existing = newTopic(memory("Postgres 16 on Neon.\n\n**Why:** three writers."));

  it("keeps the same fact once and changes nothing", () => {
    expect(mergeTopic(existing, memory("postgres 16 on neon\n\n**Why:** three writers."))).toBe(existing);
  });

  it("adds a new fact under its date, unions sources and moves updated forward", () => {
    const merged = mergeTopic(existing, memory("Postgres 16 on Neon.\n\nConnection pooling through PgBouncer.", "2026-04-03", ["2026-04-03.md#L7"]));
    expect(merged.body).toBe("Postgres 16 on Neon.\n\n**Why:** three writers.\n\n**Added 2026-04-03:**\n\nConnection pooling through PgBouncer.");
    expect(merged.data).toMatchObject({ created: "2026-03-30", updated: "2026-04-03", sources: ["2026-03-30.md#L3-L5", "2026-04-03.md#L7"] });
  });

  it("keeps frontmatter keys it does not know, such as pinned", () => {
    const pinned = { ...existing, data: { ...existing.data, pinned: true } };
    expect(mergeTopic(pinned, memory("A new fact.", "2026-04-01")).data["pinned"]).toBe(true);
  });

  it("round-trips a topic file through render and parse", () => {
    const text = renderTopicFile(existing);
    expect(text.startsWith("---\nname: Use Postgres\ndescription: Sync database\ntype: project\ncreated: 2026-03-30\n")).toBe(true);
    expect(parseTopicFile(text)).toEqual(existing);
  });
});
