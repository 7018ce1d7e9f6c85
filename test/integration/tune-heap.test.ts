import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../helpers/temp-dir.js";

// V8's flags belong to the whole process: the tuning runs in a process of its own, from the build.
const run = promisify(execFile);
const TUNE_HEAP = path.join(REPO_ROOT, "dist/cli/tune-heap.js");
const built = existsSync(TUNE_HEAP);
const MB = 1024 * 1024;

/** Whether V8 was switched to favour size, in a process that keeps `liveMb` MB of arrays (V8 reserves about twice that) with the switch at `fromMb` MiB. */
async function sizeFirstAfter(liveMb: number, fromMb: number): Promise<boolean> {
  const script = `
    const { tuneHeap } = await import(${JSON.stringify(pathToFileURL(TUNE_HEAP).href)});
    const tuning = tuneHeap({ sizeFirstFrom: ${fromMb * MB} });
    const kept = [];
    for (let i = 0; i < ${liveMb / 8}; i++) kept.push(new Array(1_000_000).fill(i + 0.5));
    for (let i = 0; i < 50; i++) new Array(100_000).fill(i + 0.5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.stdout.write(JSON.stringify({ sizeFirst: tuning.sizeFirst, kept: kept.length }));
  `;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
  return (JSON.parse(stdout) as { sizeFirst: boolean }).sizeFirst;
}

describe.skipIf(!built)("the CLI's heap tuning", () => {
  it("favours size once the heap passes the threshold", async () => {
    expect(await sizeFirstAfter(64, 32)).toBe(true);
  });

  it("leaves speed first while the heap stays below it", async () => {
    expect(await sizeFirstAfter(64, 4096)).toBe(false);
  });
});
