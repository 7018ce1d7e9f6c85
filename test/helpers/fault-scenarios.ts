import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { runCli } from "./run-cli.js";
import { snapshotDir } from "./snapshot-dir.js";
import { copyOf, fixture } from "./temp-dir.js";

// The runs the fault tests break (a write failing, the process killed), and how their files are judged.

// The golden case's own copy of the example logs: memory.example/ itself is where the README's first command writes.
const EXAMPLE = fixture("../golden/memory-example/input");
const CONSOLIDATION = fixture("consolidation");
const WEEKS = fixture("auto-weeks");
export interface Scenario {
  name: string;
  fixture: string;
  argv: (dir: string) => string[];
  /** How many writes a run makes depends on timing (weeks written together when planned while the disk was busy). */
  writesVary?: boolean;
}

export const SCENARIOS: Scenario[] = [
  { name: "compact --week", fixture: EXAMPLE, argv: (dir) => ["--week", "2026-W14", "--dir", dir] },
  { name: "compact consolidate", fixture: CONSOLIDATION, argv: (dir) => ["consolidate", "--dir", dir, "--yes"] },
  // Three weeks, each committed while the next one is asked and planned.
  { name: "compact --auto", fixture: WEEKS, argv: (dir) => ["--auto", "--force", "--dir", dir], writesVary: true },
];

// What a user sees: every file but compact's own bookkeeping, with the time a summary was made left out.
export async function userTree(dir: string): Promise<Map<string, string>> {
  const hashes = await snapshotDir(dir, { state: false });
  const tree = new Map<string, string>();
  for (const file of Object.keys(hashes)) tree.set(file, (await readFile(path.join(dir, file), "utf8")).replace(/^compacted_at: .*$/m, "compacted_at: <time>"));
  return tree;
}

export async function cleanRun(scenario: Scenario): Promise<{ before: Map<string, string>; after: Map<string, string> }> {
  const dir = await copyOf(scenario.fixture, { all: true });
  const before = await userTree(dir);
  const run = await runCli(scenario.argv(dir));
  expect(run.code, run.stderr).toBe(0);
  return { before, after: await userTree(dir) };
}

// No torn file: each one is as it was before the run, or as a clean run leaves it.
export function expectNoTornFile(tree: Map<string, string>, clean: { before: Map<string, string>; after: Map<string, string> }, label: string) {
  for (const [file, content] of tree) {
    const allowed = [clean.before.get(file), clean.after.get(file)].filter((c) => c !== undefined);
    expect(allowed, `${label}: ${file} is neither its old nor its new content`).toContain(content);
  }
}
