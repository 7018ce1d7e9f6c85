import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, cp, mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeProviderServer } from "../helpers/fake-provider-server.js";
import { runCli } from "../helpers/run-cli.js";
import { fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));
const clock = () => new Date("2026-03-18T10:00:00.000Z");

/** A project with a config file one level above where `compact schedule` is run, a memory dir and a home. */
async function project(config: object) {
  const root = await tempDir();
  const dir = path.join(root, "project", "memory");
  await mkdir(path.dirname(dir), { recursive: true });
  await cp(fixture("auto-weeks"), dir, { recursive: true });
  await mkdir(path.join(root, "project", "sub"));
  await writeFile(path.join(root, "project", "compact.config.json"), JSON.stringify({ dir: "memory", ...config }));
  const home = path.join(root, "home");
  await mkdir(path.join(home, ".config", "memory-compactor"), { recursive: true });
  return {
    root,
    dir,
    home,
    cwd: path.join(root, "project", "sub"),
    config: path.join(root, "project", "compact.config.json"),
    envFile: path.join(home, ".config", "memory-compactor", "env"),
  };
}

const cronCommandOf = (stdout: string) => {
  const line = stdout.split("\n").find((l) => /^\d+ \d+ \* \* \d /.test(l));
  if (!line) throw new Error(`no crontab line in:\n${stdout}`);
  return { line, command: line.split(" ").slice(5).join(" ").replace(/\\%/g, "%") };
};

/**
 * Runs a shell command the way cron does: /bin/sh -c, from /, with an almost
 * empty environment. PATH holds mkdir alone, so node must be named by its path.
 */
async function runLikeCron(command: string, home: string): Promise<{ code: number | null; out: string }> {
  const bin = path.join(home, "bin");
  await mkdir(bin, { recursive: true });
  await symlink(execFileSync("/bin/sh", ["-c", "command -v mkdir"], { encoding: "utf8" }).trim(), path.join(bin, "mkdir")).catch(() => {});
  const child = spawn("/usr/bin/env", ["-i", `HOME=${home}`, `PATH=${bin}`, "SHELL=/bin/sh", "/bin/sh", "-c", command], {
    cwd: "/",
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, out })));
}

describe("compact schedule", () => {
  it("carries absolute paths, WorkingDirectory, the env file and the lingering note; no CRON_TZ; a config found above the memory dir is left for the run to find", async () => {
    const p = await project({});
    const run = await runCli(["schedule"], { cwd: p.cwd, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(run.code, run.stderr).toBe(0);
    const args = `${process.execPath} ${BIN} --auto --dir ${p.dir}`;
    expect(run.stdout).toContain(`# config: ${p.config} (not on the line: the run finds it in or above the memory dir);`);
    const { line } = cronCommandOf(run.stdout);
    expect(line).toBe(
      `0 10 * * 1 cd ${p.dir} && set -a && { [ ! -r ${p.envFile} ] || . ${p.envFile}; } && set +a && mkdir -p .compact && ${args} >> ${p.dir}/.compact/auto.log 2>&1`,
    );
    expect(run.stdout).not.toMatch(/^CRON_TZ=/m);
    expect(run.stdout).toContain("every Mon at 10:00 local time (UTC)");
    expect(run.stdout).toContain(`[Service]\nType=oneshot\nWorkingDirectory=${p.dir}\nEnvironmentFile=-${p.envFile}\nExecStart=${args}\n`);
    expect(run.stdout).toContain("OnCalendar=Mon *-*-* 10:00:00\n");
    expect(run.stdout).toContain("loginctl enable-linger");
    // The offline default needs no key: nothing to warn about.
    expect(run.stderr).toBe("");
  });

  it("warns when the provider needs a key the env file does not set, and never prints the key", async () => {
    const p = await project({ model: { provider: "anthropic" } });
    const env = { HOME: p.home, TZ: "UTC", ANTHROPIC_API_KEY: "sk-ant-this-shell-only" };
    const missing = await runCli(["schedule"], { cwd: p.cwd, env, clock });
    expect(missing.stderr).toBe(
      `warning: the anthropic provider needs ANTHROPIC_API_KEY, and ${p.envFile} does not exist: a scheduled run will not have it. Add ANTHROPIC_API_KEY=… to that file (chmod 600)\n`,
    );
    await writeFile(p.envFile, "ANTHROPIC_API_KEY=sk-ant-from-the-file\n", { mode: 0o644 });
    await chmod(p.envFile, 0o644);
    const open = await runCli(["schedule"], { cwd: p.cwd, env, clock });
    expect(open.stderr).toBe(`warning: ${p.envFile} can be read by other users: chmod 600 ${p.envFile}\n`);
    expect(await runCli(["schedule", "--quiet"], { cwd: p.cwd, env, clock })).toEqual({ code: 0, stdout: "", stderr: "" });
    // With --json, the same warning is data too, and stderr still says it.
    const asJson = await runCli(["schedule", "--json"], { cwd: p.cwd, env, clock });
    expect(JSON.parse(asJson.stdout).warnings).toEqual([
      { source: p.envFile, ruleId: "keys-file-readable", message: `${p.envFile} can be read by other users: chmod 600 ${p.envFile}` },
    ]);
    expect(asJson.stderr).toBe(open.stderr);
    await chmod(p.envFile, 0o600);
    const ready = await runCli(["schedule", "--provider", "anthropic", "--model", "claude-x"], { cwd: p.cwd, env, clock });
    expect(ready.stderr).toBe("");
    expect(ready.stdout).not.toMatch(/sk-ant-/);
    expect(cronCommandOf(ready.stdout).command).toContain(`--dir ${p.dir} --provider anthropic --model claude-x >>`);
  });

  it("puts a config on the line only when given with --config: a found one would be trusted whole by every later run", async () => {
    const p = await project({});
    const given = await runCli(["schedule", "--config", p.config], { cwd: p.cwd, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(given.stderr).toBe("");
    expect(cronCommandOf(given.stdout).command).toContain(`--dir ${p.dir} --config ${p.config} >>`);
    // Found from where compact schedule runs, but not from the memory dir: left off, with a warning.
    // (The memory dir is given: a found config may not put it outside its own folder.)
    const elsewhere = path.join(p.root, "elsewhere");
    await mkdir(elsewhere);
    await writeFile(path.join(elsewhere, "compact.config.json"), JSON.stringify({}));
    const found = await runCli(["schedule", "--dir", p.dir], { cwd: elsewhere, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(found.code, found.stderr).toBe(0);
    const file = path.join(elsewhere, "compact.config.json");
    expect(found.stderr).toBe(
      `warning: ${file} was found from ${elsewhere}; the scheduled run, in ${p.dir}, will not find it (it reads ${p.config}): to schedule it, pass it with --config ${file}\n`,
    );
    expect(cronCommandOf(found.stdout).command).not.toContain("--config");
    // The header describes the run the line makes, which reads the project's config above the memory dir.
    expect(found.stdout).toContain(`# config: ${p.config} (not on the line: the run finds it in or above the memory dir);`);
    // A found config refused for where it sends a key yields no schedule at all.
    await writeFile(p.config, JSON.stringify({ dir: "memory", model: { provider: "openai", baseURL: "https://evil.example/v1" } }));
    const refused = await runCli(["schedule"], { cwd: p.cwd, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(refused).toMatchObject({ code: 2, stdout: "" });
    expect(refused.stderr).toMatch(
      /^compact: \S+compact\.config\.json: model\.baseURL https:\/\/evil\.example would receive your logs and the key in OPENAI_API_KEY; .*\n$/,
    );
  });

  it("describes the run the line makes: the config it finds from the memory dir, not one found only from here", async () => {
    const p = await project({ model: { provider: "openai" } });
    // From here a config for anthropic is found; the run, in the memory dir, reads the project's (openai).
    const elsewhere = path.join(p.root, "elsewhere");
    await mkdir(elsewhere);
    const file = path.join(elsewhere, "compact.config.json");
    await writeFile(file, JSON.stringify({ model: { provider: "anthropic" } }));
    const run = await runCli(["schedule", "--dir", p.dir], { cwd: elsewhere, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`# config: ${p.config} (not on the line: the run finds it in or above the memory dir); provider: openai`);
    expect(run.stdout).toContain("then add OPENAI_API_KEY=…");
    expect(run.stdout).not.toContain("ANTHROPIC_API_KEY");
    expect(run.stderr).toContain(`will not find it (it reads ${p.config}): to schedule it, pass it with --config ${file}`);
    // From a folder outside the project, nothing is found here, and the run still reads the project's config.
    const outside = await runCli(["schedule", "--dir", p.dir], { cwd: p.home, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(outside.stdout).toContain(`# config: ${p.config} (not on the line: the run finds it in or above the memory dir); provider: openai`);
  });

  it("reads --at in the machine's local zone; a UTC time is converted, with a note when daylight saving moves it", async () => {
    const p = await project({});
    const at = async (value: string, tz: string) => runCli(["schedule", "--dir", p.dir, "--at", value], { cwd: p.cwd, env: { HOME: p.home, TZ: tz }, clock });
    expect(cronCommandOf((await at("Fri 07:30", "UTC")).stdout).line).toMatch(/^30 7 \* \* 5 /);
    const sydney = await at("Mon 08:00 UTC", "Australia/Sydney");
    // 2026-03-23 08:00 UTC is 19:00 in Sydney (UTC+11 until April).
    expect(cronCommandOf(sydney.stdout).line).toMatch(/^0 19 \* \* 1 /);
    expect(sydney.stdout).toContain("OnCalendar=Mon *-*-* 08:00:00 UTC\n");
    expect(sydney.stderr).toContain(
      "note: Australia/Sydney changes its offset for daylight saving: the crontab line fires at 08:00 UTC only while the offset is +11:00",
    );
    expect(cronCommandOf((await at("Sun 20:00 UTC", "Asia/Kolkata")).stdout).line).toMatch(/^30 1 \* \* 1 /);
    expect((await at("Sun 20:00 UTC", "Asia/Kolkata")).stderr).toBe("");
    expect(await at("25:00", "UTC")).toMatchObject({ code: 2, stdout: "" });
  });
});

describe("compact schedule --install", () => {
  /** A stand-in `crontab` that keeps the user's crontab in a file, as the real one does for `-l` and `-`. */
  async function fakeCrontab(home: string, existing?: string) {
    const bin = path.join(home, "fake-bin");
    const file = path.join(home, "crontab.txt");
    await mkdir(bin, { recursive: true });
    if (existing !== undefined) await writeFile(file, existing);
    await writeFile(
      path.join(bin, "crontab"),
      `#!/bin/sh\nif [ "$1" = "-l" ]; then [ -f "${file}" ] || { echo "no crontab for you" >&2; exit 1; }; cat "${file}"; else cat > "${file}"; fi\n`,
      { mode: 0o755 },
    );
    return { file, env: { HOME: home, TZ: "UTC", PATH: `${bin}:${process.env["PATH"]}` } };
  }

  it("puts the line in the user's crontab after a yes, once, keeping other entries", async () => {
    const p = await project({});
    const cron = await fakeCrontab(p.home, "MAILTO=me\n5 * * * * /usr/bin/true\n");
    const no = await runCli(["schedule", "--install", "cron"], { cwd: p.cwd, env: cron.env, clock, interactive: true, ask: async () => "n" });
    expect(no.stdout).toContain("Cancelled. Nothing installed.\n");
    expect(await readFile(cron.file, "utf8")).toBe("MAILTO=me\n5 * * * * /usr/bin/true\n");

    const questions: string[] = [];
    const yes = await runCli(["schedule", "--install", "cron"], {
      cwd: p.cwd,
      env: cron.env,
      clock,
      interactive: true,
      ask: async (q) => {
        questions.push(q);
        return "y";
      },
    });
    expect(yes.code, yes.stderr).toBe(0);
    expect(questions).toEqual(["Install the crontab line above into your crontab? [y/N]"]);
    const { line } = cronCommandOf(yes.stdout);
    expect(await readFile(cron.file, "utf8")).toBe(`MAILTO=me\n5 * * * * /usr/bin/true\n# memory-compactor: compact --auto for ${p.dir}\n${line}\n`);
    await runCli(["schedule", "--install", "cron", "--yes", "--at", "Tue 09:00"], { cwd: p.cwd, env: cron.env, clock });
    const twice = await readFile(cron.file, "utf8");
    expect(twice.match(/memory-compactor: compact --auto/g)).toHaveLength(1);
    expect(twice).toContain("\n0 9 * * 2 cd ");
  });

  it("without a terminal, installs nothing unless --yes; writes systemd units to the user's folder", async () => {
    const p = await project({});
    const cron = await fakeCrontab(p.home);
    const refused = await runCli(["schedule", "--install", "cron"], { cwd: p.cwd, env: cron.env, clock });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toBe("compact: --install cron asks before it changes anything: run it on a terminal, or add --yes\n");
    expect(existsSync(cron.file)).toBe(false);
    const units = await runCli(["schedule", "--install", "systemd", "--yes"], { cwd: p.cwd, env: cron.env, clock });
    expect(units.code, units.stderr).toBe(0);
    const service = await readFile(path.join(p.home, ".config/systemd/user/compact-memory.service"), "utf8");
    expect(service).toContain(`WorkingDirectory=${p.dir}\n`);
    expect(await readFile(path.join(p.home, ".config/systemd/user/compact-memory.timer"), "utf8")).toContain("OnCalendar=Mon *-*-* 10:00:00\n");
    expect(units.stdout).toContain("now run: systemctl --user daemon-reload && systemctl --user enable --now compact-memory.timer\n");
    // With --quiet: errors only, the install as well.
    const quiet = await runCli(["schedule", "--install", "systemd", "--yes", "--quiet"], { cwd: p.cwd, env: cron.env, clock });
    expect(quiet).toEqual({ code: 0, stdout: "", stderr: "" });
    // With --json: one object naming what was installed, and never a question.
    const asJson = await runCli(["schedule", "--install", "cron", "--json"], { cwd: p.cwd, env: cron.env, clock, interactive: true });
    expect(asJson.code).toBe(2);
    expect(JSON.parse(asJson.stdout).error).toEqual({ code: "E_USAGE", message: "--install cron with --json asks nothing: add --yes" });
    expect(existsSync(cron.file)).toBe(false);
    const installed = await runCli(["schedule", "--install", "cron", "--yes", "--json"], { cwd: p.cwd, env: cron.env, clock });
    expect(installed.code, installed.stderr).toBe(0);
    expect(JSON.parse(installed.stdout)).toMatchObject({ command: "schedule", installed: ["crontab"], warnings: [] });
    const { Ajv2020 } = await import("ajv/dist/2020.js");
    const schema = JSON.parse(await readFile(path.join(REPO_ROOT, "schema/compact-output.schema.json"), "utf8"));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    expect(validate(JSON.parse(installed.stdout)), JSON.stringify(validate.errors)).toBe(true);
    expect(await readFile(cron.file, "utf8")).toContain(JSON.parse(installed.stdout).crontab);
    // Installing it again for the same dir replaces it, through a link to it too; another dir of the same folder name does not.
    expect((await runCli(["schedule", "--install", "systemd", "--yes"], { cwd: p.cwd, env: cron.env, clock })).code).toBe(0);
    const link = path.join(p.root, "link", "memory");
    await mkdir(path.dirname(link));
    await symlink(p.dir, link);
    const viaLink = await runCli(["schedule", "--dir", link, "--install", "systemd", "--yes"], { cwd: p.cwd, env: cron.env, clock });
    expect(viaLink.code, viaLink.stderr).toBe(0);
    expect((await runCli(["schedule", "--install", "systemd", "--yes"], { cwd: p.cwd, env: cron.env, clock })).code).toBe(0);
    const other = path.join(p.root, "other", "memory");
    await mkdir(other, { recursive: true });
    const clash = await runCli(["schedule", "--dir", other, "--install", "systemd", "--yes"], { cwd: p.cwd, env: cron.env, clock });
    expect(clash.code).toBe(2);
    expect(clash.stderr).toContain(`compact-memory.service already runs compact for ${p.dir}: installing would replace it`);
    expect(await readFile(path.join(p.home, ".config/systemd/user/compact-memory.service"), "utf8")).toBe(service);
  });

  it("refuses a path with a line end, which would end the crontab line and start another", async () => {
    const p = await project({});
    const evil = path.join(p.root, "nl\n* * * * * touch /tmp/PWNED #");
    await mkdir(evil, { recursive: true });
    for (const args of [
      ["--dir", evil],
      ["--keys-file", path.join(p.root, "keys\nExecStartPre=/bin/true")],
    ]) {
      const run = await runCli(["schedule", ...args], { cwd: p.cwd, env: { HOME: p.home }, clock });
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toMatch(
        /^compact: --(dir|keys-file) ".*\\n.*": a path with a line end or another control character cannot go in a crontab or a systemd unit\n$/,
      );
      expect(run.stdout).toBe("");
    }
  });

  it("reads the keys from --keys-file, the name Node 20 leaves alone; --env-file, its older name, still works", async () => {
    const p = await project({});
    const keys = path.join(p.root, "my keys.env");
    for (const flag of ["--keys-file", "--env-file"]) {
      const run = await runCli(["schedule", flag, keys, "--json"], { cwd: p.cwd, env: { HOME: p.home }, clock });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).envFile).toBe(keys);
    }
    const both = await runCli(["schedule", "--keys-file", keys, "--env-file", `${keys}.old`], { cwd: p.cwd, env: { HOME: p.home }, clock });
    expect(both.code).toBe(2);
    // One file named two ways is one file.
    const same = await runCli(["schedule", "--keys-file", keys, "--env-file", path.relative(p.cwd, keys), "--json"], {
      cwd: p.cwd,
      env: { HOME: p.home },
      clock,
    });
    expect(same.code, same.stderr).toBe(0);
  });
});

describe.skipIf(!built)("the crontab line, run as cron runs it", () => {
  const server = new FakeProviderServer();
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it("runs --auto offline from / under env -i and writes its output and log", async () => {
    const p = await project({ schedule: { minSessions: 0 } });
    const made = await runCli(["schedule"], { cwd: p.cwd, env: { HOME: p.home, TZ: "UTC" }, clock });
    const ran = await runLikeCron(cronCommandOf(made.stdout).command, p.home);
    expect(ran).toEqual({ code: 0, out: "" });
    expect((await readdir(path.join(p.dir, "weekly"))).sort()).toEqual(["2026-W10.md", "2026-W11.md", "2026-W12.md"]);
    const log = await readFile(path.join(p.dir, ".compact/auto.log"), "utf8");
    expect(log).toContain("compacted 2026-W10");
    expect(log).toContain(`[compact --auto] dir=${p.dir}`);
  });

  it("loads the API key from the env file, not from the line", async () => {
    server.respond({ text: "not a weekly summary" });
    const p = await project({ model: { provider: "openai", name: "gpt-test", baseURL: server.openaiURL, maxRetries: 0 } });
    await writeFile(p.envFile, "OPENAI_API_KEY=key-from-env-file\n", { mode: 0o600 });
    // Given: a config compact finds on its own sends no key to a loopback server such as this one.
    const made = await runCli(["schedule", "--config", p.config], { cwd: p.cwd, env: { HOME: p.home, TZ: "UTC" }, clock });
    expect(made.stderr).toBe("");
    const { command } = cronCommandOf(made.stdout);
    expect(command).not.toContain("key-from-env-file");
    await runLikeCron(command, p.home);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests[0]!.headers.authorization).toBe("Bearer key-from-env-file");
  });
});
