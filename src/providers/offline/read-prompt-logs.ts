import type { LogEntry } from "../../logs/log-types.js";
import { relatedBlockStart } from "../../prompt/related-memories.js";
import { LOG_SECTION_HEADING } from "../../prompt/render-prompt.js";
import { splitLogEntries } from "./split-log-entries.js";

/** What the offline model can see in a rendered compaction prompt. */
export interface PromptLogs {
  weekLabel: string;
  entries: LogEntry[];
  /** Characters of log text, the base of the 30% compression target. */
  inputChars: number;
}

/**
 * Reads the `<DAILY_LOGS>` section back into entries, the way an LLM reads
 * the prompt: the offline model gets nothing the other providers do not.
 * Entries are split line by line (see splitLogEntries), so a prompt of tens
 * of thousands of headings is read in time proportional to its length.
 */
export function readPromptLogs(prompt: string): PromptLogs {
  const logsStart = prompt.indexOf("<DAILY_LOGS>");
  // The template's own tags: its opening one comes before any log, its instructions after every log (a log
  // may quote `<INSTRUCTIONS>`), before the memories shown beside the logs, appended last.
  const related = relatedBlockStart(prompt);
  const instructionsStart = prompt.lastIndexOf("<INSTRUCTIONS>", related === -1 ? prompt.length : related);
  const section = logsStart === -1 ? "" : prompt.slice(logsStart + "<DAILY_LOGS>".length, instructionsStart === -1 ? undefined : instructionsStart);
  const instructions = instructionsStart === -1 ? "" : prompt.slice(instructionsStart);
  const weekLabel = /^##\s+(\S+)\s*$/m.exec(instructions)?.[1] ?? "Week";

  const entries: LogEntry[] = [];
  let inputChars = 0;
  for (const log of splitLogSections(section)) {
    inputChars += log.text.trim().length;
    // One log may hold tens of thousands of entries: no spreading into push.
    for (const entry of splitLogEntries(log.text, log.file, log.date)) entries.push(entry);
  }
  return { weekLabel, entries, inputChars };
}

function splitLogSections(section: string): { date: string; file: string; text: string }[] {
  const logs: { date: string; file: string; lines: string[] }[] = [];
  for (const line of section.split("\n")) {
    const heading = LOG_SECTION_HEADING.exec(line);
    if (heading) logs.push({ date: heading[1]!, file: heading[2]!, lines: [] });
    else logs.at(-1)?.lines.push(line);
  }
  return logs.map((log) => ({ date: log.date, file: log.file, text: log.lines.join("\n").replace(/^\n+/, "") }));
}
