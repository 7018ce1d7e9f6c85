import { statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { commitChanges } from "../../src/store/transaction.js";
import { tempDir } from "../helpers/temp-dir.js";

const NOW = new Date("2026-04-06T10:00:00Z");

// A memory dir with one file the tool commits again and again, a second apart.
async function oneFileCommits(file: string) {
  const root = await tempDir();
  const dir = await MemoryDir.open(root);
  const commit = (content: string, second: number) =>
    commitChanges(dir, [{ path: file, content }], { command: "test", now: new Date(Date.UTC(2026, 3, 6, 10, 0, second)), operations: ["test"] });
  return { root, commit, secret: exampleSecret("sk-proj-", 48) };
}

describe("the trash of a commit", () => {
  it("keeps old content with nothing to redact as a second link to it, and a redacted copy of old content with a secret", async () => {
    const root = await tempDir();
    const secret = exampleSecret("sk-proj-", 48);
    await writeFile(path.join(root, "project_clean.md"), "old clean content\n");
    await writeFile(path.join(root, "project_secret.md"), `old content with ${secret}\n`);
    const inode = (file: string) => statSync(path.join(root, file)).ino;
    const before = { clean: inode("project_clean.md"), secret: inode("project_secret.md") };
    const dir = await MemoryDir.open(root);
    const journal = await commitChanges(
      dir,
      [
        { path: "project_clean.md", content: "new clean content\n" },
        { path: "project_secret.md", content: "new content\n" },
      ],
      { command: "test", now: NOW, operations: ["test"] },
    );
    const saved = (file: string) => journal!.files.find((f) => f.path === file)!.saved!;
    // The clean file's old inode lives on under its trash name; the new content is another file.
    expect(inode(saved("project_clean.md"))).toBe(before.clean);
    expect(inode("project_clean.md")).not.toBe(before.clean);
    expect(await readFile(path.join(root, saved("project_clean.md")), "utf8")).toBe("old clean content\n");
    // The file with a secret is copied, redacted.
    expect(inode(saved("project_secret.md"))).not.toBe(before.secret);
    const copy = await readFile(path.join(root, saved("project_secret.md")), "utf8");
    expect(copy).not.toContain(secret);
    expect(copy).toContain("[REDACTED:openai-key]");
  });

  it("scans what a person changed in a file the tool wrote before it goes to the trash", async () => {
    const { root, commit, secret } = await oneFileCommits("project_note.md");
    await commit("written by the tool\n", 0);
    // Someone pastes a key into the file between two runs.
    await writeFile(path.join(root, "project_note.md"), `written by the tool\nkey ${secret}\n`);
    const journal = await commit("rewritten by the tool\n", 1);
    const saved = await readFile(path.join(root, journal!.files[0]!.saved!), "utf8");
    expect(saved).not.toContain(secret);
    expect(saved).toContain("[REDACTED:openai-key]");
  });
});

describe("the redaction of a file a commit rewrites", () => {
  const filler = Array.from({ length: 300 }, (_, i) => `- line ${i} of a long memory that grows week after week`).join("\n");

  it("finds a secret in the lines that changed since the tool wrote the file", async () => {
    const { root, commit, secret } = await oneFileCommits("project_long.md");
    await commit(`${filler}\n`, 0);
    await commit(`${filler}\n- the key is ${secret}\n`, 1);
    const text = await readFile(path.join(root, "project_long.md"), "utf8");
    expect(text).not.toContain(secret);
    expect(text).toContain("[REDACTED:openai-key]");
  });

  it("scans the whole text when a person changed the file since the tool wrote it", async () => {
    const { root, commit, secret } = await oneFileCommits("project_long.md");
    await commit(`${filler}\n`, 0);
    // Someone pastes a key at the top; the next run reads the file as it is and adds a line at the end.
    const pasted = `key ${secret}\n${filler}\n`;
    await writeFile(path.join(root, "project_long.md"), pasted);
    await commit(`${pasted}- one more line\n`, 1);
    const text = await readFile(path.join(root, "project_long.md"), "utf8");
    expect(text).not.toContain(secret);
    expect(text).toContain("[REDACTED:openai-key]");
  });
});
