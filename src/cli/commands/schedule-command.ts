import path from "node:path";
import { fileURLToPath } from "node:url";
import { UsageError } from "../../errors/usage-error.js";
import { Compactor } from "../../pipeline/compactor.js";
import type { CliIo } from "../cli-io.js";
import { SCHEDULE_HELP } from "../help.js";
import { compactorOptions } from "../open-compactor.js";
import { parseOptions } from "../parse-options.js";

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const BIN = fileURLToPath(new URL("../../../bin/compact.js", import.meta.url));

/** `compact schedule [--at "Mon 10:00"]`: a crontab line and a systemd timer + service running `compact --auto` weekly (UTC). */
export async function scheduleCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config", "at", "help"], "compact schedule");
  if (line.options.help) {
    io.stdout(SCHEDULE_HELP);
    return 0;
  }
  const { settings } = await Compactor.resolveSettings(compactorOptions(line, io));
  const at = parseAt(line.options.at ?? "Mon 10:00");
  const dir = path.resolve(settings.dir);
  const command = `${quote(process.execPath)} ${quote(BIN)} --auto --dir ${quote(dir)}${line.options.config ? ` --config ${quote(path.resolve(io.cwd, line.options.config))}` : ""}`;
  const unit = `compact-${path.basename(dir).replace(/[^A-Za-z0-9_-]/g, "") || "memory"}`;
  const crontab = `${at.minute} ${at.hour} * * ${at.day} mkdir -p ${quote(path.join(dir, ".compact"))} && ${command} >> ${quote(path.join(dir, ".compact", "auto.log"))} 2>&1`;
  const service = `[Unit]
Description=memory-compactor: compact and consolidate ${dir}

[Service]
Type=oneshot
ExecStart=${command}
`;
  const timer = `[Unit]
Description=Run ${unit}.service every ${DAYS[at.day]} at ${at.time} UTC

[Timer]
OnCalendar=${DAYS[at.day]} *-*-* ${at.time}:00 UTC
Persistent=true

[Install]
WantedBy=timers.target
`;
  const enable = `systemctl --user daemon-reload && systemctl --user enable --now ${unit}.timer`;
  if (line.options.json) {
    const systemd = { service: { file: `~/.config/systemd/user/${unit}.service`, content: service }, timer: { file: `~/.config/systemd/user/${unit}.timer`, content: timer }, enable };
    io.stdout(`${JSON.stringify({ schemaVersion: 1, ok: true, command: "schedule", crontab: `CRON_TZ=UTC\n${crontab}\n`, systemd }, null, 2)}\n`);
    return 0;
  }
  io.stdout(`# crontab (crontab -e): every ${DAYS[at.day]} at ${at.time} UTC
CRON_TZ=UTC
${crontab}

# systemd (user units): ~/.config/systemd/user/${unit}.service
${service}
# ~/.config/systemd/user/${unit}.timer
${timer}
# then: ${enable}
`);
  return 0;
}

function parseAt(at: string): { day: number; hour: number; minute: number; time: string } {
  const match = /^(?:(sun|mon|tue|wed|thu|fri|sat)\w*\s+)?(\d{1,2}):(\d{2})$/i.exec(at.trim());
  const hour = Number(match?.[2]);
  const minute = Number(match?.[3]);
  if (!match || hour > 23 || minute > 59) throw new UsageError(`--at '${at}': expected "DAY HH:MM" or "HH:MM" in UTC, e.g. "Mon 10:00"`);
  const day = match[1] ? DAYS.findIndex((d) => d.toLowerCase() === match[1]!.toLowerCase()) : 1;
  return { day, hour, minute, time: `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}` };
}

function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, "'\\''")}'`;
}
