import path from "node:path";
import { clock, DAY_NAMES, type ScheduleTime } from "./schedule-time.js";

/** What a scheduled `compact --auto` runs: every path absolute, so it works from any directory. */
export interface ScheduledRun {
  node: string;
  bin: string;
  dir: string;
  /** The config given with --config when the schedule was made; a found one is left for the run to find again. */
  configFile?: string | undefined;
  /** A provider or model chosen by a flag or this shell's environment, which the scheduled run would not see. */
  provider?: string | undefined;
  model?: string | undefined;
  /** KEY=value lines with the API keys (mode 0600); read by the job, never written into the line. */
  envFile: string;
  time: ScheduleTime;
}

/** A crontab line and systemd user units for one scheduled run. */
export interface ScheduleEntries {
  /** The whole crontab line: five time fields, then the shell command. */
  cronLine: string;
  /** The shell command alone, as cron's `/bin/sh -c` runs it. */
  cronCommand: string;
  unitName: string;
  service: string;
  timer: string;
}

export function scheduleEntries(run: ScheduledRun): ScheduleEntries {
  const args = [run.node, run.bin, "--auto", "--dir", run.dir];
  if (run.configFile) args.push("--config", run.configFile);
  if (run.provider) args.push("--provider", run.provider);
  if (run.model) args.push("--model", run.model);
  const log = path.join(run.dir, ".compact", "auto.log");
  const env = shellQuote(run.envFile);
  // cron's environment is nearly empty: cd to the memory dir, export the env file's variables if it is there, log to a file.
  const cronCommand = [
    `cd ${shellQuote(run.dir)}`,
    "set -a",
    `{ [ ! -r ${env} ] || . ${env}; }`,
    "set +a",
    "mkdir -p .compact",
    `${args.map(shellQuote).join(" ")} >> ${shellQuote(log)} 2>&1`,
  ].join(" && ");
  const { local, utc } = run.time;
  // In a crontab, % ends the command: escape it.
  const cronLine = `${local.minute} ${local.hour} * * ${local.day} ${cronCommand.replace(/%/g, "\\%")}`;
  const unitName = `compact-${path.basename(run.dir).replace(/[^A-Za-z0-9_-]/g, "") || "memory"}`;
  const service = `[Unit]
Description=memory-compactor: compact and consolidate ${systemdText(run.dir)}

[Service]
Type=oneshot
WorkingDirectory=${systemdText(run.dir)}
EnvironmentFile=-${systemdText(run.envFile)}
ExecStart=${args.map(systemdQuote).join(" ")}
`;
  const when = utc ?? local;
  const timer = `[Unit]
Description=Run ${unitName}.service every ${DAY_NAMES[when.day]} at ${clock(when)}${utc ? " UTC" : ""}

[Timer]
OnCalendar=${DAY_NAMES[when.day]} *-*-* ${clock(when)}:00${utc ? " UTC" : ""}
Persistent=true

[Install]
WantedBy=timers.target
`;
  return { cronLine, cronCommand, unitName, service, timer };
}

/** Quotes for /bin/sh: bare when safe, else single quotes. */
export function shellQuote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}

// systemd expands % specifiers and $VARIABLES in unit values; double quotes keep spaces in one argument.
function systemdText(value: string): string {
  return value.replace(/%/g, "%%");
}

function systemdQuote(value: string): string {
  const escaped = systemdText(value).replace(/\$/g, "$$$$");
  return /^[\w@%+=:,./$-]+$/.test(escaped) ? escaped : `"${escaped.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
