import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));
const EXAMPLE = fixture("../../memory.example");

// The modules a command loads, from a fresh process (a module load hook writes each to a list). `unbundled`: the
// command as tsc wrote it, a module a file, so that the package's own modules show by name (the bundle's chunks
// that several commands share are named by a hash).
async function loaded(args: string[], options: { unbundled?: boolean } = {}): Promise<string[]> {
  const list = path.join(await tempDir(), "modules.txt");
  await writeFile(list, "");
  const entry = pathToFileURL(path.join(REPO_ROOT, "dist/cli/run-process.js")).href;
  const command = options.unbundled
    ? [
        "--input-type=module",
        "-e",
        `const { runProcess } = await import(${JSON.stringify(entry)}); process.exitCode = await runProcess(${JSON.stringify(args)});`,
      ]
    : [BIN, ...args];
  execFileSync(process.execPath, ["--import", path.join(REPO_ROOT, "bench/lib/count-modules.mjs"), ...command], {
    env: { ...process.env, BENCH_MODULES_FILE: list },
    stdio: ["pipe", "pipe", "pipe"],
  });
  return (await readFile(list, "utf8")).split("\n").filter(Boolean);
}

describe.skipIf(!built)("compact status counts sessions without the date parser or the redaction rules", () => {
  it("loads no chrono, over logs whose entries say dates in words, and counts their sessions", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(
      path.join(dir, "2026-04-06.md"),
      "# 2026-04-06\n\n## Session 1 (09:00–11:30)\nShipped it yesterday; review next Friday.\n\n## Session 2\nDone.\n",
    );
    const modules = await loaded(["status", "--dir", dir]);
    expect(modules.length).toBeGreaterThan(10);
    // From the command's bundle: a few files, not the hundred-odd modules tsc wrote (each loaded on its own).
    const ours = modules.filter((file) => file.startsWith(path.join(REPO_ROOT, "dist")));
    expect(ours.filter((file) => !file.startsWith(path.join(REPO_ROOT, "dist", "cli-bundle")))).toEqual([]);
    expect(ours.length).toBeLessThan(60);
    expect(modules.filter((file) => /\/node_modules\/(date-fns|picomatch|lilconfig)\//.test(file))).toEqual([]);
    expect(modules.filter((file) => file.includes("chrono-node"))).toEqual([]);
    // The text is never shown or sent: no redaction rules (secretlint's, the stopword lists), and markdown-it as one file.
    expect(modules.filter((file) => /secretlint|stopwords|redact-secrets/.test(file))).toEqual([]);
    expect(modules.filter((file) => file.includes("/markdown-it/"))).toHaveLength(1);
    // Nor what only inline markup and links use (HTML entities' tables), nor the resolving of dates in words.
    expect(modules.filter((file) => /\/(entities|linkify-it|punycode\.js)\/|resolve-relative-dates/.test(file))).toEqual([]);
    // Module by module, as tsc wrote them: none of the redaction's, nor the resolving of dates in words.
    const unbundled = await loaded(["status", "--dir", dir], { unbundled: true });
    expect(unbundled.filter((file) => file.includes(`${path.sep}dist${path.sep}cli${path.sep}`)).length).toBeGreaterThan(5);
    expect(unbundled.filter((file) => /redact-secrets|secret-patterns|redact-edit|resolve-relative-dates|chrono-node/.test(file))).toEqual([]);
    // A week compacted reads the same logs with their dates, redacted: chrono and the rules are loaded then.
    const week = await loaded(["--week", "2026-W14", "--dir", dir, "--quiet"]);
    expect(week.some((file) => file.includes("chrono-node"))).toBe(true);
    expect(week.some((file) => file.includes("secretlint"))).toBe(true);
    const status = JSON.parse((await runCli(["status", "--dir", dir, "--json"])).stdout);
    const sessions = status.gates.find((gate: { name: string }) => gate.name === "sessions");
    expect(sessions.detail).toMatch(/\d+ session/);
  });
});
