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
  return logs.map((log) => `${logSectionHeading(log.file.date, log.file.relPath)}\n\n${logBody(log)}\n`).join("\n");
}

// A log's text as the prompt holds it: a line of its own shaped like the heading above a log is escaped
// (`\# Daily log …`, as markdown shows it), so no reader takes it for the start of another day's log.
function logBody(log: DailyLog): string {
  const text = log.text.trim();
  return text.includes("# Daily log ") ? text.replace(SECTION_HEADING_LINE, "\\$&") : text;
}

const SECTION_HEADING_LINE = new RegExp(LOG_SECTION_HEADING.source, "gm");

/**
 * Fills `{daily_logs}` and `{week_label}` in one pass, so text inside a log
 * that looks like a placeholder is never substituted.
 */
export function renderUserPrompt(template: string, values: { dailyLogs: string; weekLabel: string }): string {
  return template.replace(/\{(daily_logs|week_label)\}/g, (_, key: string) => (key === "daily_logs" ? values.dailyLogs.trimEnd() : values.weekLabel));
}

/** A piece of the user message: a log's body was redacted when it was read, the rest was not. */
export interface PromptPart {
  text: string;
  redacted: boolean;
}

/** The rendered seed 002 call for one week. */
export interface RenderedPrompt {
  system: string;
  user: string;
  /** `user` in pieces, in order: what still needs redacting is the pieces not marked `redacted`. */
  parts: PromptPart[];
}

export function renderCompactionPrompt(prompts: CompactionPrompts, logs: DailyLog[], weekLabel: string): RenderedPrompt {
  const parts = renderUserParts(prompts.userTemplate, logs, weekLabel);
  return { system: prompts.system, user: parts.map((part) => part.text).join(""), parts };
}

// renderUserPrompt with formatDailyLogs, in pieces: the same text, each log's body a piece of its own.
function renderUserParts(template: string, logs: DailyLog[], weekLabel: string): PromptPart[] {
  const parts: PromptPart[] = [];
  const placeholder = /\{(daily_logs|week_label)\}/g;
  let at = 0;
  for (const match of template.matchAll(placeholder)) {
    parts.push({ text: template.slice(at, match.index), redacted: false });
    if (match[1] === "week_label") parts.push({ text: weekLabel, redacted: false });
    else parts.push(...trimEndParts(logParts(logs)));
    at = match.index + match[0].length;
  }
  parts.push({ text: template.slice(at), redacted: false });
  return parts.filter((part) => part.text !== "");
}

function logParts(logs: DailyLog[]): PromptPart[] {
  return logs.flatMap((log, i) => [
    { text: `${i === 0 ? "" : "\n"}${logSectionHeading(log.file.date, log.file.relPath)}\n\n`, redacted: false },
    { text: logBody(log), redacted: true },
    { text: "\n", redacted: false },
  ]);
}

/** Pieces with the whitespace at the end of their joined text taken off. */
export function trimEndParts(parts: PromptPart[]): PromptPart[] {
  const kept = [...parts];
  while (kept.length > 0) {
    const last = kept.at(-1)!;
    const text = last.text.trimEnd();
    if (text !== "") {
      kept[kept.length - 1] = { ...last, text };
      break;
    }
    kept.pop();
  }
  return kept;
}
