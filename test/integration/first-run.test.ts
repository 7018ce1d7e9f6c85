import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { HELP } from "../../src/cli/help.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture, REPO_ROOT } from "../helpers/temp-dir.js";

const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));
const haveScript = spawnSync("script", ["--version"]).status === 0;
/** An SGR sequence that sets a colour (foreground or background); inverse video for a cursor is not colour. */
const hasColour = (text: string) =>
  [...text.matchAll(/\x1b\[([0-9;]*)m/g)].some((m) => m[1]!.split(";").some((code) => /^(3[0-8]|4[0-8]|9[0-7]|10[0-7])$/.test(code)));

function compact(
  args: string[],
  options: { env?: Record<string, string>; closeStdout?: boolean } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env["PATH"] ?? "", ...options.env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  // A reader that has gone away before the first line, as `| head -1` is after its line.
  if (options.closeStdout) child.stdout.destroy();
  else child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

/** Commands the main help lists: each must answer `compact COMMAND --help`. */
const COMMANDS = [...new Set([...HELP.matchAll(/^\s+(?:Usage: )?compact ([a-z]+)\b/gm)].map((m) => m[1]!))];

describe("a first run", () => {
  it("bare compact prints the help and exits 0", async () => {
    expect(await runCli([])).toEqual({ code: 0, stdout: HELP, stderr: "" });
  });

  it.each([["--help"], ["-h"], ["--week", "--help"], ["--week", "2026-W14", "--help"], ["--auto", "--help"]])(
    "compact %j prints the help and exits 0",
    async (...argv) => {
      expect(await runCli(argv)).toEqual({ code: 0, stdout: HELP, stderr: "" });
    },
  );

  it.each([
    [["--weak", "2026-W14"], "compact: unknown option '--weak' — did you mean --week? (see compact --help)\n"],
    [["statsu"], "compact: unknown command 'statsu' — did you mean compact status? (see compact --help)\n"],
    [["consolidate", "--dryrun"], "compact: unknown option '--dryrun' — did you mean --dry-run? (see compact consolidate --help)\n"],
    [["schedule", "--env-flie", "x"], "compact: unknown option '--env-flie' — did you mean --env-file? (see compact schedule --help)\n"],
  ])("%j gets a did-you-mean", async (argv, stderr) => {
    expect(await runCli(argv)).toEqual({ code: 2, stdout: "", stderr });
  });

  it("lists every command in the help", () => {
    expect(COMMANDS).toEqual(expect.arrayContaining(["consolidate", "search", "status", "undo", "probe", "config", "schedule", "migrate", "golden"]));
  });

  it.each(COMMANDS)("compact %s --help prints that command's help and exits 0", async (command) => {
    const run = await runCli([command, "--help"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^Usage: compact ${command}\\b`));
    expect(run.stdout).not.toBe(HELP);
  });
});

describe.skipIf(!built)("compact as a process", () => {
  it("ends quietly with exit 0 when its reader goes away (compact status | head -1)", async () => {
    const dir = await copyOf(fixture("auto-weeks"));
    for (const args of [["status", "--dir", dir], ["--help"], ["--week", "2026-W11", "--dir", dir, "--dry-run"]]) {
      const run = await compact(args, { closeStdout: true });
      expect(run.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
      expect(run.code).toBe(0);
    }
  });
});

/** compact on a real pseudo-terminal (util-linux `script`), answering the consolidation questions with skip and n. */
async function onTerminal(args: string[], env: Record<string, string>): Promise<string> {
  const command = `stty cols 200 rows 50; exec ${process.execPath} ${BIN} ${args.map((a) => `'${a}'`).join(" ")}`;
  // In its own process group: on a slow machine the timeout below ends compact too, not only `script`,
  // so the next run does not find its lock still held.
  const child = spawn("script", ["-q", "-e", "-c", command, "/dev/null"], {
    stdio: ["pipe", "pipe", "pipe"],
    env: { PATH: process.env["PATH"] ?? "", TERM: "xterm", ...env },
    detached: true,
  });
  let raw = "";
  let answered = 0;
  // The report's last line also reads "Apply? [Y/n]": the question is looked for only after the conflict's answer.
  let answeredAt = 0;
  // An answer typed while the prompt is still setting up the terminal can be lost (a CI run once waited out the
  // timeout at the first question): it is typed again until the screen shows that compact read it.
  let retry: NodeJS.Timeout | undefined;
  const answer = (text: string) => {
    child.stdin.write(text);
    retry = setInterval(() => child.stdin.write(text), 2_000);
  };
  child.stdout.on("data", (chunk: Buffer) => {
    clearInterval(retry);
    raw += chunk.toString("utf8");
    const screen = raw.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
    if (answered === 0 && screen.includes("[A/B/skip] (proposed:")) {
      answered = 1;
      answeredAt = screen.length;
      answer("skip\r");
    } else if (answered === 1 && screen.slice(answeredAt).includes("Apply? [Y/n]\n│")) {
      answered = 2;
      answer("n\r");
    }
  });
  await new Promise((resolve) => {
    const timer = setTimeout(() => process.kill(-child.pid!, "SIGKILL"), 40_000);
    child.on("exit", () => resolve(clearTimeout(timer)));
  });
  clearInterval(retry);
  return raw;
}

describe.skipIf(!built || !haveScript)("colour", () => {
  it("appears only on a terminal, and never with NO_COLOR", { timeout: 120_000 }, async () => {
    const dir = await copyOf(fixture("consolidation"), { all: true });
    expect(hasColour(await onTerminal(["consolidate", "--dir", dir], {}))).toBe(true);
    const plain = await onTerminal(["consolidate", "--dir", dir], { NO_COLOR: "1" });
    expect(plain).toContain("Cancelled. No changes made.");
    expect(hasColour(plain)).toBe(false);
    const piped = await compact(["consolidate", "--dir", dir], { env: { TERM: "xterm" } });
    expect(hasColour(`${piped.stdout}${piped.stderr}`)).toBe(false);
  });
});
