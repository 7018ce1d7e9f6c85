import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveInside, topicFileName } from "../../src/store/memory-paths.js";

describe("topicFileName", () => {
  it.each([
    ["Use Postgres for auth", "project_use-postgres-for-auth.md"],
    ["../../x", "project_x.md"],
    ["/etc/passwd", "project_etc-passwd.md"],
    ["..\\x", "project_x.md"],
    ["C:\\Windows\\system32", "project_c-windows-system32.md"],
    ["Dana's timezone: Europe/Lisbon", "project_danas-timezone-europe-lisbon.md"],
  ])("makes %s a safe file name", (name, file) => {
    expect(topicFileName("project", name)).toBe(file);
  });

  it("names a topic with no Latin letters by a stable hash", () => {
    const file = topicFileName("user", "小七的日记");
    expect(file).toMatch(/^user_topic-[0-9a-f]{10}\.md$/);
    expect(topicFileName("user", "小七的日记")).toBe(file);
    expect(topicFileName("user", "..")).toMatch(/^user_topic-[0-9a-f]{10}\.md$/);
  });
});

describe("resolveInside", () => {
  const dir = path.resolve("/tmp/memory");
  it("resolves paths inside the memory dir", () => {
    expect(resolveInside(dir, "weekly/2026-W14.md")).toBe(path.join(dir, "weekly/2026-W14.md"));
  });
  it.each(["../x.md", "/etc/passwd", "a/../../x.md", "..\\x.md", ""])("refuses %s", (relPath) => {
    expect(() => resolveInside(dir, relPath)).toThrow("outside the memory directory");
  });
});
