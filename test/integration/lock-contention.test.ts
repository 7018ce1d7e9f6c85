import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const built = existsSync(path.join(REPO_ROOT, "dist/store/run-lock.js"));

// A process taking the lock again and again for `ms`: while it holds it, it makes `held` only if absent (a second
// holder fails to), and counts the times it could not.
const WORKER = `
import { rmSync, writeFileSync } from "node:fs";
import { MemoryDir } from ${JSON.stringify(path.join(REPO_ROOT, "dist/store/memory-dir.js"))};
import { acquireLock } from ${JSON.stringify(path.join(REPO_ROOT, "dist/store/run-lock.js"))};
const [root, ms] = [process.argv[2], Number(process.argv[3])];
const dir = await MemoryDir.open(root);
let held = 0, twice = 0, tookOver = 0;
for (const end = Date.now() + ms; Date.now() < end; ) {
  let lock;
  try { lock = await acquireLock(dir, "stress"); } catch { continue; }
  if (lock.tookOver) tookOver++;
  try { writeFileSync(root + "/held", String(process.pid), { flag: "wx" }); held++; rmSync(root + "/held"); } catch { twice++; }
  await lock.release();
}
process.stdout.write(JSON.stringify({ held, twice, tookOver }));
`;

describe.skipIf(!built)("the lock under contention", () => {
  it("is held by one run at a time, and no live lock is taken over as stale", async () => {
    const root = await tempDir();
    const worker = path.join(root, "..", `lock-worker-${process.pid}.mjs`);
    await writeFile(worker, WORKER);
    const runs = await Promise.all(
      Array.from(
        { length: 4 },
        () =>
          new Promise<{ held: number; twice: number; tookOver: number }>((resolve, reject) => {
            const child = spawn(process.execPath, [worker, root, "2500"], { stdio: ["ignore", "pipe", "inherit"] });
            let out = "";
            child.stdout.on("data", (d: Buffer) => {
              out += d.toString();
            });
            child.on("error", reject);
            child.on("exit", () => resolve(JSON.parse(out || "{}")));
          }),
      ),
    );
    const total = runs.reduce((sum, run) => ({ held: sum.held + run.held, twice: sum.twice + run.twice, tookOver: sum.tookOver + run.tookOver }), {
      held: 0,
      twice: 0,
      tookOver: 0,
    });
    expect(total.held).toBeGreaterThan(50);
    expect(total).toMatchObject({ twice: 0, tookOver: 0 });
    expect(existsSync(path.join(root, ".compact/lock"))).toBe(false);
  }, 60_000);
});
