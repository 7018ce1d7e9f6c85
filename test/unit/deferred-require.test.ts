import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { requireDeferring } from "../../src/text/deferred-require.js";
import { topLevelBlocks } from "../../src/text/markdown.js";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

// Two packages in a fresh node_modules: `owner` requires `dependency` when it loads, as markdown-it requires entities,
// and wraps it the way bundlers' interop helpers do (its own keys copied as getters, `default` the module).
async function packages(): Promise<{ owner: string; loads: () => number }> {
  const root = path.join(await tempDir(), "node_modules");
  const key = `deferredLoads${Math.random().toString(36).slice(2)}`;
  const globals = globalThis as Record<string, unknown>;
  globals[key] = 0;
  await mkdir(path.join(root, "dependency"), { recursive: true });
  await mkdir(path.join(root, "owner"), { recursive: true });
  await writeFile(
    path.join(root, "dependency", "index.js"),
    `globalThis[${JSON.stringify(key)}]++;
class Counter { constructor(start) { this.count = start; } add(n) { this.count += n; return this.count; } }
module.exports = Counter;
module.exports.twice = (n) => 2 * n;
`,
  );
  await writeFile(
    path.join(root, "owner", "index.js"),
    `const copy = (from) => { const to = { default: from }; for (const key of Object.getOwnPropertyNames(from)) if (!(key in to)) Object.defineProperty(to, key, { get: () => from[key] }); return to; };
const dependency = copy(require("dependency"));
exports.counter = new dependency.default(10);
exports.twice = (n) => dependency.default.twice(n);
`,
  );
  return { owner: path.join(root, "owner", "index.js"), loads: () => globals[key] as number };
}

type Owner = { counter: { add(n: number): number; count: number }; twice(n: number): number };

describe("requireDeferring", () => {
  it("loads the dependency at its first use, not when its owner loads or makes an instance", async () => {
    const { owner, loads } = await packages();
    const loaded = requireDeferring(owner, ["dependency"]) as Owner;
    expect(loads()).toBe(0);
    // The instance made at load time is made on first use, with the arguments it was given.
    expect(loaded.counter.add(5)).toBe(15);
    expect(loads()).toBe(1);
    loaded.counter.count = 1;
    expect(loaded.counter.add(1)).toBe(2);
    expect(loaded.twice(4)).toBe(8);
    expect(loads()).toBe(1);
  });

  it("gives anyone else who requires the dependency the dependency itself, loaded once", async () => {
    const { owner, loads } = await packages();
    const loaded = requireDeferring(owner, ["dependency"]) as Owner;
    const direct = createRequire(owner)("dependency") as { twice(n: number): number; name: string };
    expect(loads()).toBe(1);
    expect(typeof direct).toBe("function");
    expect(direct.name).toBe("Counter");
    expect(Object.keys(direct)).toEqual(["twice"]);
    expect(loaded.twice(3)).toBe(6);
    expect(loads()).toBe(1);
  });

  it("leaves a dependency loaded already as it is", async () => {
    const { owner, loads } = await packages();
    createRequire(owner)("dependency");
    const loaded = requireDeferring(owner, ["dependency"]) as Owner;
    expect(loads()).toBe(1);
    expect(loaded.twice(3)).toBe(6);
    expect(loads()).toBe(1);
  });
});

describe("markdown-it's deferred packages", () => {
  it("read a host name in another script as punycode", () => {
    const MarkdownIt = createRequire(path.join(REPO_ROOT, "src/text/markdown.ts"))("markdown-it") as new () => { normalizeLink(url: string): string };
    expect(new MarkdownIt().normalizeLink("https://bücher.example/a&b")).toBe("https://xn--bcher-kva.example/a&b");
  });

  it("are loaded when a link reference needs them: its escapes and a host name in another script", () => {
    const blocks = topLevelBlocks('# Notes\n\n[docs]: https://bücher.example/a&amp;b "the &quot;docs&quot;"\n\nText.\n');
    expect(blocks.map((block) => [block.type, block.startLine, block.endLine])).toEqual([
      ["heading", 1, 1],
      ["definition", 3, 3],
      ["paragraph", 5, 5],
    ]);
  });
});
