import { execFile } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const run = promisify(execFile);

/** Every ```ts block of a markdown file, with the line it starts on. */
function typescriptBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const fence = /^```(?:ts|typescript)\s*\n([\s\S]*?)^```\s*$/gm;
  for (const match of markdown.matchAll(fence)) blocks.push({ line: markdown.slice(0, match.index).split("\n").length, code: match[1]! });
  return blocks;
}

// The README's examples are what a new user copies first: each ```ts block must compile against the package's own types.
describe("README code examples", () => {
  it("type-check against the package's exports", async () => {
    const readme = await readFile(path.join(REPO_ROOT, "README.md"), "utf8");
    const blocks = typescriptBlocks(readme);
    expect(blocks.length).toBeGreaterThan(0);
    const dir = await tempDir();
    const files = await Promise.all(
      blocks.map(async (block) => {
        const file = path.join(dir, `readme-line-${block.line}.mts`);
        await writeFile(file, `${block.code}\nexport {};\n`);
        return file;
      }),
    );
    await writeFile(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          lib: ["ES2023"],
          types: ["node"],
          typeRoots: [path.join(REPO_ROOT, "node_modules/@types")],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          paths: { "memory-compactor": [path.join(REPO_ROOT, "src/index.ts")] },
        },
        files,
      }),
    );
    const checked = await run(process.execPath, [path.join(REPO_ROOT, "node_modules/typescript/bin/tsc"), "-p", dir], { cwd: dir }).then(
      () => "",
      (error: { stdout: string }) => error.stdout,
    );
    expect(checked).toBe("");
  });

  it("finds the blocks it checks", () => {
    expect(typescriptBlocks("text\n```ts\nconst a = 1;\n```\n```sh\nls\n```\n```typescript\nlet b;\n```\n")).toEqual([
      { line: 2, code: "const a = 1;\n" },
      { line: 8, code: "let b;\n" },
    ]);
  });
});
