import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const BIN = path.join(REPO_ROOT, "bin/compact.js");
const haveScript = spawnSync("script", ["--version"]).status === 0;
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));

/**
 * Runs compact inside a real pseudo-terminal (util-linux `script`), so the
 * @clack/prompts questions run as a person sees them, and answers each
 * question when its text appears on the screen.
 */
async function inTerminal(args: string[], answers: [string, string][]): Promise<{ code: number | null; screen: string }> {
  const command = `stty cols 200 rows 50; exec ${process.execPath} ${BIN} ${args.map((a) => `'${a}'`).join(" ")}`;
  // A person's terminal, not CI's: with CI set, @clack/prompts prints each step of a bar as a line of its own.
  const { CI: _ci, ...env } = process.env;
  const child = spawn("script", ["-q", "-e", "-c", command, "/dev/null"], { stdio: ["pipe", "pipe", "pipe"], env: { ...env, TERM: "xterm" } });
  let raw = "";
  const screen = () => raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
  const pending = [...answers];
  let answered = 0;
  child.stdout.on("data", (chunk: Buffer) => {
    raw += chunk.toString("utf8");
    const next = pending[0];
    // A question counts once it is on screen more times than the questions already answered with that text.
    if (next && screen().split(next[0]).length - 1 > answered) {
      pending.shift();
      answered = screen().split(next[0]).length - 1;
      child.stdin.write(next[1]);
    }
  });
  const code = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
    child.on("exit", (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode);
    });
  });
  return { code, screen: screen() };
}

describe.skipIf(!haveScript || !built)("compact consolidate on a real terminal", () => {
  it("asks A/B/skip, then Apply? [Y/n]; n cancels with nothing changed", async () => {
    const dir = await copyOf(fixture("consolidation"), { all: true });
    const before = await snapshotDir(dir);
    const run = await inTerminal(
      ["consolidate", "--dir", dir],
      [
        ["[A/B/skip] (proposed: B)", "b\r"],
        ["Apply? [Y/n]\n│", "n\r"],
      ],
    );
    expect(run.code).toBe(0);
    expect(run.screen).toContain("Proposed: 1 merges, 1 prunes, 1 conflicts. Apply? [Y/n]");
    expect(run.screen).toContain("Cancelled. No changes made.");
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("resolves a conflict with A and applies on Enter", async () => {
    const dir = await copyOf(fixture("consolidation"), { all: true });
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ consolidation: { maxRemoveFraction: 0.34 } }));
    const run = await inTerminal(
      ["consolidate", "--dir", dir],
      [
        ["[A/B/skip] (proposed: B)", "A\r"],
        ["Apply? [Y/n]\n│", "\r"],
      ],
    );
    expect(run.code).toBe(0);
    expect(run.screen).toContain("Dream complete — merged: 1, pruned: 1, conflicts resolved: 1, skipped: 0");
    expect(await readdir(path.join(dir, "archive"))).toEqual(["project_deploy-target-vercel.md"]);
  });
});

describe.skipIf(!haveScript || !built)("compact --auto on a real terminal", () => {
  it("shows a progress bar while it backfills many weeks", async () => {
    const dir = await tempDir();
    for (const day of ["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26", "2026-02-02"]) {
      await writeFile(path.join(dir, `${day}.md`), `# ${day}\n\n- Decided to keep weekly demos on ${day}, because the team asked for them.\n`);
    }
    const run = await inTerminal(["--auto", "--dir", dir], []);
    expect(run.code).toBe(0);
    expect(run.screen).toContain("compacting 5 weeks");
    expect(run.screen).toContain("compacted 5 weeks");
    // The bar names each week as it goes (a frame, redrawn in place): no line per week is printed as well.
    expect(run.screen).not.toMatch(/compacted 2026-W0\d \(no summary\): 1 logs, 1 memories\n/);
    expect((await readdir(path.join(dir, "weekly"))).length).toBe(5);
  });
});
