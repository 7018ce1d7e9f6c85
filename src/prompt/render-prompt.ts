import { format } from "date-fns/format";
import { parseISO } from "date-fns/parseISO";
import type { DailyLog } from "../logs/read-daily-log.js";
import type { CompactionPrompts } from "./load-prompts.js";

/** Heading that introduces one log inside `<DAILY_LOGS>`. */
export const LOG_SECTION_HEADING = /^# Daily log (\d{4}-\d{2}-\d{2}) \(\w+\) — (.+)$/;

/** `# Daily log 2026-03-30 (Monday) — logs/2026-03-30.md` */
export function logSectionHeading(date: string, relPath: string): string {
  return `# Daily log ${date} (${format(parseISO(date), "EEEE")}) — ${relPath}`;
}

/** The week's logs, each under a heading with its date and file name. */
export function formatDailyLogs(logs: DailyLog[]): string {
  return logs.map((log) => `${logSectionHeading(log.file.date, log.file.relPath)}\n\n${log.text.trim()}\n`).join("\n");
}

/**
 * Fills `{daily_logs}` and `{week_label}` in one pass, so text inside a log
 * that looks like a placeholder is never substituted.
 */
export function renderUserPrompt(template: string, values: { dailyLogs: string; weekLabel: string }): string {
  return template.replace(/\{(daily_logs|week_label)\}/g, (_, key: string) => (key === "daily_logs" ? values.dailyLogs.trimEnd() : values.weekLabel));
}

/** The rendered seed 002 call for one week. */
export interface RenderedPrompt {
  system: string;
  user: string;
}

export function renderCompactionPrompt(prompts: CompactionPrompts, logs: DailyLog[], weekLabel: string): RenderedPrompt {
  return { system: prompts.system, user: renderUserPrompt(prompts.userTemplate, { dailyLogs: formatDailyLogs(logs), weekLabel }) };
}
