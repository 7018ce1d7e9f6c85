import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/temp-dir.js";

// madge and dependency-cruiser parse TypeScript through the TypeScript 5 API, which TypeScript 7 no
// longer ships; our sources are uniformly formatted, so their import lines are read directly.
const SRC = path.join(REPO_ROOT, "src");
const IMPORT = /^(?:import|export)\b[^;]*?\bfrom\s+"(\.[^"]+)"|\bimport\(\s*"(\.[^"]+)"\s*\)/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(dir, file));
}

function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets: string[] = [];
    for (const match of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2]!;
      targets.push(path.resolve(path.dirname(file), specifier).replace(/\.js$/, ".ts"));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle's files, found by depth-first search (each cycle reported once, from where it was entered). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe("the import graph of src/", () => {
  it("has no cycle", () => {
    const cycles = findCycles(importGraph(sourceFiles(SRC)));
    expect(cycles.map((cycle) => cycle.map((file) => path.relative(SRC, file)).join(" → "))).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
  });

  it("reads every import form the sources use", () => {
    const dir = path.join(SRC, "cli");
    const graph = importGraph([path.join(dir, "main.ts")]);
    const targets = graph.get(path.join(dir, "main.ts")) ?? [];
    // Static imports and the lazy `import("./commands/…")` of each command.
    expect(targets).toContain(path.join(dir, "help.ts"));
    expect(targets).toContain(path.join(dir, "commands", "status-command.ts"));
  });
});
