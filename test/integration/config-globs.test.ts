import { cp, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { fixture, tempDir } from "../helpers/temp-dir.js";

/** The logs `compact --week 2026-W10 --dry-run --json` reads, run from the project folder. */
async function logsRead(config: object, where: "project" | "memory"): Promise<string[]> {
  const project = await tempDir();
  const memory = path.join(project, "memory");
  await cp(fixture("auto-weeks"), memory, { recursive: true });
  await mkdir(path.join(memory, "daily"));
  await writeFile(path.join(memory, "daily", "2026-03-04.md"), "- a log in daily/\n");
  await writeFile(path.join(where === "project" ? project : memory, "compact.config.json"), JSON.stringify(config));
  const run = await runCli(["--week", "2026-W10", "--dir", "memory", "--dry-run", "--json"], { cwd: project });
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as { logs: { file: string }[] }).logs.map((log) => log.file).sort();
}

describe("logs.include and logs.exclude", () => {
  it("are relative to the config file, wherever it is", async () => {
    const all = ["2026-03-02.md", "daily/2026-03-04.md"];
    expect(await logsRead({}, "project")).toEqual(all);
    expect(await logsRead({ logs: { exclude: ["memory/daily/**"] } }, "project")).toEqual(["2026-03-02.md"]);
    // From the project's config, "daily/**" names project/daily, which holds nothing.
    expect(await logsRead({ logs: { exclude: ["daily/**"] } }, "project")).toEqual(all);
    expect(await logsRead({ logs: { exclude: ["daily/**"] } }, "memory")).toEqual(["2026-03-02.md"]);
    expect(await logsRead({ logs: { include: ["memory/daily/*.md"] } }, "project")).toEqual(["daily/2026-03-04.md"]);
  });

  it("refuse a glob outside the memory dir as a read, naming it, with nothing written", async () => {
    const project = await tempDir();
    const memory = path.join(project, "memory");
    await cp(fixture("auto-weeks"), memory, { recursive: true });
    await writeFile(path.join(memory, "compact.config.json"), JSON.stringify({ logs: { include: ["../outside/*.md"] } }));
    const run = await runCli(["--week", "2026-W10", "--dir", "memory"], { cwd: project });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `compact: refusing to read ../outside: daily logs are read from inside the memory directory ${memory} only; nothing changed\n`,
    );
  });
});
