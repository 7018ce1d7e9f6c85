import { entryAnchor, type LogEntry } from "../logs/log-types.js";
import { traceSources } from "./trace-sources.js";

/** Where a weekly summary's bullets came from. */
export interface SummaryTrace {
  /** Section title → anchors of the entries its bullets came from. */
  sections: Record<string, string[]>;
  /** Bullets no entry could be found for. */
  untraced: { section: string; bullet: number; text: string }[];
}

const PLACEHOLDER = /^(?:none|n\/a|nothing)\b/i;

/** Traces each bullet of each `### ` section to daily entries. "None" bullets need no source. */
export function traceSummary(body: string, entries: LogEntry[]): SummaryTrace {
  const trace: SummaryTrace = { sections: {}, untraced: [] };
  for (const { section, bullets } of sectionBullets(body)) {
    const anchors = new Set<string>();
    bullets.forEach((text, i) => {
      if (PLACEHOLDER.test(text)) return;
      const sources = traceSources(text, entries);
      if (sources.length === 0) trace.untraced.push({ section, bullet: i + 1, text });
      for (const entry of sources) anchors.add(entryAnchor(entry));
    });
    if (anchors.size > 0) trace.sections[section] = [...anchors].sort();
  }
  return trace;
}

function sectionBullets(body: string): { section: string; bullets: string[] }[] {
  const sections: { section: string; bullets: string[] }[] = [];
  for (const line of body.split("\n")) {
    const heading = /^###\s+(.+?)\s*$/.exec(line);
    if (heading) {
      sections.push({ section: heading[1]!, bullets: [] });
      continue;
    }
    const current = sections.at(-1);
    if (!current) continue;
    const bullet = /^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (bullet) current.bullets.push(bullet[1]!);
    else if (line.trim() !== "" && current.bullets.length > 0) current.bullets[current.bullets.length - 1] += ` ${line.trim()}`;
  }
  return sections;
}
