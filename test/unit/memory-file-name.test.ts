import { describe, expect, it } from "vitest";
import { memoryFileName } from "../../src/memory/memory-file-name.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("memoryFileName", () => {
  it.each([
    ["Use Postgres for auth", "project_use-postgres-for-auth.md"],
    ["../../x", "project_x.md"],
    ["/etc/passwd", "project_etc-passwd.md"],
    ["..\\x", "project_x.md"],
    ["C:\\Windows\\system32", "project_c-windows-system32.md"],
    ["Dana's timezone: Europe/Lisbon", "project_danas-timezone-europe-lisbon.md"],
  ])("makes %s a safe file name", (name, file) => {
    expect(memoryFileName("project", name)).toBe(file);
  });

  it("names a topic with no Latin letters by a stable hash", () => {
    const file = memoryFileName("user", "小七的日记");
    expect(file).toMatch(/^user_topic-[0-9a-f]{10}\.md$/);
    expect(memoryFileName("user", "小七的日记")).toBe(file);
    expect(memoryFileName("user", "..")).toMatch(/^user_topic-[0-9a-f]{10}\.md$/);
  });
});

describe("MemoryDir.resolve", () => {
  it("resolves paths inside the memory dir", async () => {
    const dir = await MemoryDir.open(await tempDir());
    expect(dir.resolve("weekly/2026-W14.md")).toBe(`${dir.root}/weekly/2026-W14.md`);
  });

  it.each(["../x.md", "/etc/passwd", "a/../../x.md", "..\\x.md", "", "a/\0b.md", "C:\\x.md"])("refuses %s", async (relPath) => {
    const dir = await MemoryDir.open(await tempDir());
    expect(() => dir.resolve(relPath)).toThrow("not a path inside the memory directory");
  });
});
