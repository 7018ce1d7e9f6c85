import { UsageError } from "../errors/usage-error.js";

export const DAY_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** A weekly moment: day of the week (0 = Sunday, as cron counts), hour and minute. */
export interface WeeklyTime {
  day: number;
  hour: number;
  minute: number;
}

/** When the schedule fires, in the machine's local zone (cron has no zone of its own), and what the user asked for. */
export interface ScheduleTime {
  local: WeeklyTime;
  /** The IANA zone the local time is in. */
  zone: string;
  /** Set when `--at` was given in UTC. */
  utc?: WeeklyTime;
  /** Said when a UTC time converted to local time drifts by an hour with daylight saving. */
  note?: string;
}

/** Reads `--at`: "Mon 10:00", "10:00" (Monday), either followed by "UTC". */
export function parseAt(at: string): { time: WeeklyTime; utc: boolean } {
  const match = /^(?:(sun|mon|tue|wed|thu|fri|sat)\w*\s+)?(\d{1,2}):(\d{2})(\s*(?:utc|z))?$/i.exec(at.trim());
  const hour = Number(match?.[2]);
  const minute = Number(match?.[3]);
  if (!match || hour > 23 || minute > 59)
    throw new UsageError(`--at '${at}': expected "DAY HH:MM" or "HH:MM", local time, or with UTC after it, e.g. "Mon 10:00" or "Mon 08:00 UTC"`);
  const day = match[1] ? DAY_NAMES.findIndex((d) => d.toLowerCase() === match[1]!.toLowerCase()) : 1;
  return { time: { day, hour, minute }, utc: match[4] !== undefined };
}

/** The zone cron and systemd read times in: TZ when it names a zone, else the system's. */
export function localZone(env: Record<string, string | undefined>): string {
  const tz = env["TZ"]?.replace(/^:/, "");
  if (tz) {
    try {
      return new Intl.DateTimeFormat("en-US", { timeZone: tz }).resolvedOptions().timeZone;
    } catch {
      // Not a zone name: fall back to the system's.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * Turns `--at` into local time. A UTC time is converted at the next moment
 * it occurs; in a zone with daylight saving, that holds only until the
 * offset changes, and the note says so.
 */
export function scheduleTime(at: string, zone: string, now: Date): ScheduleTime {
  const { time, utc } = parseAt(at);
  if (!utc) return { local: time, zone };
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), time.hour, time.minute));
  next.setUTCDate(next.getUTCDate() + ((time.day - next.getUTCDay() + 7) % 7));
  const local = wallClock(next, zone);
  const year = now.getUTCFullYear();
  const winter = offsetMinutes(new Date(Date.UTC(year, 0, 15)), zone);
  const summer = offsetMinutes(new Date(Date.UTC(year, 6, 15)), zone);
  const schedule: ScheduleTime = { local, zone, utc: time };
  if (winter !== summer) {
    schedule.note = `${zone} changes its offset for daylight saving: the crontab line fires at ${clock(time)} UTC only while the offset is ${formatOffset(offsetMinutes(next, zone))}; run compact schedule again after the change (the systemd timer keeps UTC all year)`;
  }
  return schedule;
}

export function clock(time: WeeklyTime): string {
  return `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;
}

// The day, hour and minute a wall clock in `zone` shows at `date`.
function wallClock(date: Date, zone: string): WeeklyTime {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return { day: DAY_NAMES.indexOf(parts["weekday"] ?? "Mon"), hour: Number(parts["hour"]), minute: Number(parts["minute"]) };
}

function offsetMinutes(date: Date, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((p) => [p.type, Number(p.value)]),
  );
  const asUtc = Date.UTC(parts["year"]!, parts["month"]! - 1, parts["day"]!, parts["hour"]!, parts["minute"]!);
  return Math.round((asUtc - Math.floor(date.getTime() / 60_000) * 60_000) / 60_000);
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}
