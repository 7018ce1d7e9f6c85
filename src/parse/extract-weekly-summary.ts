/** The weekly summary part of an answer, without the model's frontmatter. */
export interface WeeklySummaryText {
  /** From the `## {week}` heading to the end of the last section, ending in one newline. */
  body: string;
  /** The label the model wrote in its `## ` heading. */
  heading: string;
}

export type SummaryExtraction = { ok: true; summary: WeeklySummaryText } | { ok: false; reason: string };

/** The four sections seed 002 asks for, in order. */
export const SUMMARY_SECTIONS = ["Key Decisions", "Outcomes", "Blockers & Open Items", "Context"] as const;

const WEEK_HEADING = /^##\s+(\S.*?)\s*#*\s*$/;
const SECTION_HEADING = /^###\s+\S/;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;
const SECTION_LABEL = /^#*\s*\**\s*SECTION\s+\d\b/i;

/**
 * Finds the weekly summary in the text outside the typed_memory blocks:
 * chatter before the frontmatter (or the week heading) and after the last
 * section is dropped; `NONE` and `SECTION n` labels are not summary text.
 */
export function extractWeeklySummary(outside: string[]): SummaryExtraction {
  const lines = outside.filter((line) => line.trim() !== "NONE" && !SECTION_LABEL.test(line));
  const headingIndex = lines.findIndex((line, i) => i >= frontmatterEnd(lines) && WEEK_HEADING.test(line));
  if (headingIndex === -1) return { ok: false, reason: "no '## <week>' heading for the weekly summary" };

  const body = lines.slice(headingIndex);
  const sectionStarts = body.flatMap((line, i) => (SECTION_HEADING.test(line) ? [i] : []));
  if (sectionStarts.length === 0) {
    return { ok: false, reason: `no '### ' sections (expected ${SUMMARY_SECTIONS.join(", ")})` };
  }
  const kept = body.slice(0, endOfLastSection(body, sectionStarts.at(-1)!));
  return {
    ok: true,
    summary: { body: `${collapseBlankRuns(kept).join("\n").trim()}\n`, heading: WEEK_HEADING.exec(body[0]!)![1]! },
  };
}

// Index just after a leading `---`…`---` frontmatter block, or 0.
function frontmatterEnd(lines: string[]): number {
  const open = lines.findIndex((line) => line.trim() === "---");
  if (open === -1) return 0;
  const close = lines.findIndex((line, i) => i > open && line.trim() === "---");
  const isWeekly = close !== -1 && lines.slice(open + 1, close).some((line) => /^type\s*:/.test(line));
  return isWeekly ? close + 1 : 0;
}

// The last section ends after its last list item (with its continuation
// lines); with no list it keeps its first paragraph. What follows is chatter.
function endOfLastSection(body: string[], sectionStart: number): number {
  let end = sectionStart + 1;
  let inItem = false;
  let sawContent = false;
  for (let i = sectionStart + 1; i < body.length; i++) {
    const line = body[i]!;
    if (line.trim() === "") continue;
    if (LIST_ITEM.test(line)) {
      inItem = true;
      sawContent = true;
      end = i + 1;
    } else if (inItem && (/^\s+\S/.test(line) || body[i - 1]!.trim() !== "")) {
      end = i + 1;
    } else if (!sawContent) {
      sawContent = true;
      end = i + 1;
      while (end < body.length && body[end]!.trim() !== "") end++;
      i = end - 1;
    } else {
      break;
    }
  }
  return end;
}

function collapseBlankRuns(lines: string[]): string[] {
  return lines.filter((line, i) => line.trim() !== "" || (i > 0 && lines[i - 1]!.trim() !== ""));
}
