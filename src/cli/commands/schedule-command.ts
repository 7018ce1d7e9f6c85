import { homedir } from "node:os";
import path from "node:path";
import { packageFile } from "../../config/package-files.js";
import { UsageError } from "../../errors/usage-error.js";
import { Compactor } from "../../pipeline/compactor.js";
import type { Problem } from "../../problems/problem.js";
import { defaultEnvFile, readEnvFile } from "../../schedule/env-file.js";
import { installCron, installSystemd } from "../../schedule/install-schedule.js";
import { type ScheduleEntries, scheduleEntries, shellQuote } from "../../schedule/schedule-entries.js";
import { clock, DAY_NAMES, localZone, scheduleTime } from "../../schedule/schedule-time.js";
import type { CliIo } from "../cli-io.js";
import { printHelp, SCHEDULE_HELP } from "../help.js";
import { oneLine } from "../one-line.js";
import { compactorOptions } from "../open-compactor.js";
import { parseOptions } from "../parse-options.js";

const BIN = packageFile("bin", "compact.js");

/**
 * `compact schedule`: a crontab line and systemd user units running
 * `compact --auto` weekly, with absolute paths, the config in force, keys
 * read from an env file at run time, and times in the machine's local zone.
 */
export async function scheduleCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(
    argv,
    ["dir", "config", "provider", "model", "at", "keys-file", "env-file", "install", "yes", "json", "quiet", "help"],
    "compact schedule",
  );
  if (line.options.help) {
    printHelp(io, SCHEDULE_HELP, line.options.json === true);
    return 0;
  }
  const install = line.options.install;
  if (install !== undefined && install !== "cron" && install !== "systemd") throw new UsageError(`--install '${install}': expected cron or systemd`);
  // With --json, stdout holds one object: no question can be asked there.
  if (install !== undefined && line.options.json && !line.options.yes) throw new UsageError(`--install ${install} with --json asks nothing: add --yes`);
  const options = compactorOptions(line, io);
  const here = await Compactor.resolveSettings(options);
  const { configFile, configOrigin } = here;
  const dir = path.resolve(here.settings.dir);
  // A found config is not put on the line: as --config it would be trusted whole by every later run,
  // whatever the file becomes. The run, in the memory dir, finds it again if it is there or above.
  const given = configOrigin === "given" ? configFile : undefined;
  // What the scheduled run reads, as its line runs it (in the memory dir, with --dir): the header and the keys it
  // asks for describe that run, not one with a config found only from here (which it would not read), and a config
  // found from the memory dir that is refused stops the schedule here rather than every week in the log.
  const run = given ? here : await Compactor.resolveSettings({ ...options, cwd: dir, dir });
  const { settings, sources } = run;
  const refound = configOrigin === "found" && configFile !== undefined && run.configFile === configFile;
  const zone = localZone(io.env);
  const time = scheduleTime(line.options.at ?? "Mon 10:00", zone, io.clock?.() ?? new Date());
  // --env-file is the flag's older name: Node 20 reads that flag itself, wherever it is, and stops when its file is missing.
  const keysFile = line.options["keys-file"];
  const oldName = line.options["env-file"];
  if (keysFile !== undefined && oldName !== undefined && path.resolve(io.cwd, keysFile) !== path.resolve(io.cwd, oldName))
    throw new UsageError("--keys-file and --env-file name one file: give one of them");
  const envFile = path.resolve(io.cwd, keysFile ?? oldName ?? defaultEnvFile(io.env));
  // A line end in a path would end the crontab line or the unit's setting there, and start another of the path's making.
  for (const [flag, value] of [
    ["--dir", dir],
    ["--keys-file", envFile],
    ["--config", given ?? ""],
  ] as const) {
    if (/[\u0000-\u001f\u007f]/.test(value)) {
      throw new UsageError(`${flag} ${JSON.stringify(value)}: a path with a line end or another control character cannot go in a crontab or a systemd unit`);
    }
  }
  // A choice made in this shell (a flag, COMPACT_PROVIDER) is one cron would not see: carry it on the line.
  const fromShell = (source: string) => source.startsWith("flag ") || source.startsWith("env ");
  const entries = scheduleEntries({
    node: process.execPath,
    bin: BIN,
    dir,
    configFile: given,
    provider: fromShell(sources.provider) ? settings.provider : undefined,
    model: fromShell(sources.model) && settings.model ? settings.model : undefined,
    envFile,
    time,
  });

  const needed = [settings.apiKeyEnv, sources.baseURL.startsWith("env ") ? sources.baseURL.slice(4) : ""].filter((name) => name !== "");
  const state = await readEnvFile(envFile);
  // Each printed as it reads on stderr, and given as data with --json.
  const warnings: Problem[] = [];
  for (const name of needed.filter((n) => !state.sets.has(n))) {
    const what = name === settings.apiKeyEnv ? `the ${settings.provider} provider needs ${name}` : `${name} is set in this shell only`;
    warnings.push({
      source: envFile,
      ruleId: "key-not-in-keys-file",
      message: `${what}, and ${envFile} ${state.exists ? "does not set it" : "does not exist"}: a scheduled run will not have it. Add ${name}=… to that file (chmod 600)`,
    });
  }
  // npx runs packages from a cache npm may clear: a schedule must point at an installed copy.
  if (BIN.split(path.sep).includes("_npx"))
    warnings.push({
      source: BIN,
      ruleId: "run-from-npx-cache",
      message: `compact is running from npx's cache (${BIN}), which npm may clear: install memory-compactor (npm install memory-compactor) and run compact schedule from there`,
    });
  if (configOrigin === "found" && configFile !== undefined && !refound)
    warnings.push({
      source: configFile,
      ruleId: "config-not-found-by-run",
      message: `${configFile} was found from ${io.cwd}; the scheduled run, in ${dir}, will not find it${run.configFile ? ` (it reads ${run.configFile})` : ""}: to schedule it, pass it with --config ${configFile}`,
    });
  if (state.readableByOthers)
    warnings.push({ source: envFile, ruleId: "keys-file-readable", message: `${envFile} can be read by other users: chmod 600 ${shellQuote(envFile)}` });
  // --quiet: errors only, unless a question is to be asked about the lines shown (then they are shown).
  const asking = install !== undefined && !line.options.yes && !line.options.json;
  const quiet = line.options.quiet === true && !asking;
  if (!quiet) for (const warning of warnings) io.stderr(`warning: ${oneLine(warning.message)}\n`);
  if (time.note && !quiet) io.stderr(`note: ${time.note}\n`);

  if (line.options.json) {
    const unitFile = (ext: string) => `~/.config/systemd/user/${entries.unitName}.${ext}`;
    const systemd = {
      service: { file: unitFile("service"), content: entries.service },
      timer: { file: unitFile("timer"), content: entries.timer },
      enable: `systemctl --user daemon-reload && systemctl --user enable --now ${entries.unitName}.timer`,
    };
    const installed = install ? await installSchedule(install, entries, settings.dir, io) : undefined;
    const result = { schemaVersion: 1, ok: true, command: "schedule", crontab: `${entries.cronLine}\n`, systemd, envFile, zone: time.zone, warnings };
    io.stdout(`${JSON.stringify(installed ? { ...result, installed } : result, null, 2)}\n`);
    return 0;
  }
  const { local } = time;
  const asked = time.utc ? `, which is ${DAY_NAMES[time.utc.day]} ${clock(time.utc)} UTC` : "";
  if (!quiet)
    io.stdout(`# compact --auto for ${path.resolve(settings.dir)}
# config: ${configNote(given, run.configFile, configOrigin === "found" && !refound ? configFile : undefined)}; provider: ${settings.provider}${settings.model ? ` (${settings.model})` : ""}
# API keys are read at run time from ${envFile}: KEY=value lines, chmod 600; never put them in the crontab.
${needed.length > 0 ? `#   install -m 600 /dev/null ${envFile}   # if it does not exist yet; then add ${needed.map((n) => `${n}=…`).join(", ")}\n` : ""}
# crontab (crontab -e): every ${DAY_NAMES[local.day]} at ${clock(local)} local time (${time.zone})${asked}: cron reads times in the machine's own zone
${entries.cronLine}

# systemd (user units): ~/.config/systemd/user/${entries.unitName}.service
${entries.service}
# ~/.config/systemd/user/${entries.unitName}.timer
${entries.timer}
# then: systemctl --user daemon-reload && systemctl --user enable --now ${entries.unitName}.timer
# user timers run only while you are logged in, unless lingering is on: loginctl enable-linger ${io.env["USER"] || "$USER"}
# the run's output: ${path.join(path.resolve(settings.dir), ".compact", "auto.log")} (cron), journalctl --user -u ${entries.unitName}.service (systemd)
`);
  if (!install) return 0;

  const what = install === "cron" ? "the crontab line above into your crontab" : `the ${entries.unitName} service and timer above into ~/.config/systemd/user`;
  if (!line.options.yes) {
    if (!io.interactive) throw new UsageError(`--install ${install} asks before it changes anything: run it on a terminal, or add --yes`);
    const ask = io.ask ?? (async (question: string) => (await import("../ask-terminal.js")).askTerminal(question));
    if (!["y", "yes"].includes((await ask(`Install ${what}? [y/N]`)).trim().toLowerCase())) {
      io.stdout("Cancelled. Nothing installed.\n");
      return 0;
    }
  }
  const installed = await installSchedule(install, entries, settings.dir, io);
  if (!quiet)
    io.stdout(
      install === "cron"
        ? `installed: crontab entry for ${path.resolve(settings.dir)} (crontab -l to see it; installing again replaces it)\n`
        : `installed: ${installed.join(", ")}\nnow run: systemctl --user daemon-reload && systemctl --user enable --now ${entries.unitName}.timer\n`,
    );
  return 0;
}

/** Installs the schedule; what it wrote: `crontab` or the unit files. */
async function installSchedule(install: "cron" | "systemd", entries: ScheduleEntries, dir: string, io: CliIo): Promise<string[]> {
  if (install === "cron") {
    await installCron(entries, path.resolve(dir), io.env);
    return ["crontab"];
  }
  return installSystemd(entries, io.env, io.env["HOME"] || homedir());
}

function configNote(given: string | undefined, read: string | undefined, notRead: string | undefined): string {
  if (given !== undefined) return given;
  if (read !== undefined) return `${read} (not on the line: the run finds it in or above the memory dir)`;
  return notRead !== undefined ? `none on the line (${notRead} is not found from the memory dir)` : "none found (defaults)";
}
