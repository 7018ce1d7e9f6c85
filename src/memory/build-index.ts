import { PlanRefusedError } from "../errors/plan-refused-error.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import { isMemoryType, MEMORY_TYPES, type Memory, type MemoryType } from "./memory.js";

/** Seed 000 phase 4 limits for MEMORY.md. */
export const INDEX_LIMITS = { maxLines: 200, maxBytes: 25 * 1024, maxLineChars: 150 } as const;

/** What the index needs to know of one memory. */
export type IndexTopic = Pick<Memory, "file" | "name" | "description" | "type" | "updated"> & Partial<Pick<Memory, "pinned">>;

/** What the index needs to know of one period summary. */
export interface IndexWeek {
  label: string;
  file: string;
  firstDate: string;
  lastDate: string;
}

/** MEMORY.md and, when the topics do not fit in it, one full list per type. */
export interface BuiltIndex {
  files: { path: string; content: string }[];
}

export const INDEX_MARKER = "<!-- Written by memory-compactor: an index, not content. Edit the topic files; this file is rebuilt. -->";
const SUB_INDEX_DIR = "memory-index";
const RECENT_WEEKS = 8;
const TITLES: Record<MemoryType, string> = { user: "User", feedback: "Feedback", project: "Project", reference: "Reference" };

/**
 * Builds MEMORY.md within seed 000's limits, from the active memories of the
 * four types and the summaries. When every memory fits, one line each;
 * otherwise each type keeps its pinned and newest and links a full list in
 * `memory-index/{type}.md`, so every memory stays reachable.
 */
export function buildIndex(topics: IndexTopic[], weeks: IndexWeek[], indexFile = "MEMORY.md"): BuiltIndex {
  const byType = new Map<MemoryType, IndexTopic[]>(MEMORY_TYPES.map((type) => [type, []]));
  for (const topic of topics) if (isMemoryType(topic.type)) byType.get(topic.type)!.push(topic);
  for (const [type, list] of byType) byType.set(type, sortNewestFirst(list));
  const recentWeeks = [...weeks].sort((a, b) => byCodeUnit(b.label, a.label)).slice(0, RECENT_WEEKS);
  const largest = [...byType.values()].reduce((max, list) => Math.max(max, list.length), 0);

  // Fitting only gets easier as the quota shrinks, so the largest quota that fits is found by bisection.
  if (!fits(renderIndex(byType, recentWeeks, 0))) {
    throw new PlanRefusedError(`${indexFile} cannot fit within ${INDEX_LIMITS.maxLines} lines and ${INDEX_LIMITS.maxBytes} bytes; nothing written`);
  }
  let low = 0;
  let high = largest;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(renderIndex(byType, recentWeeks, mid))) low = mid;
    else high = mid - 1;
  }
  const quota = low;
  const overflowing = MEMORY_TYPES.filter((type) => byType.get(type)!.length > quota);
  const subIndexes = overflowing.map((type) => ({
    path: `${SUB_INDEX_DIR}/${type}.md`,
    content: renderSubIndex(type, byType.get(type)!),
  }));
  return { files: [{ path: indexFile, content: renderIndex(byType, recentWeeks, quota) }, ...subIndexes] };
}

function renderIndex(byType: Map<MemoryType, IndexTopic[]>, weeks: IndexWeek[], quota: number): string {
  const lines = ["# Memory index", "", INDEX_MARKER];
  for (const type of MEMORY_TYPES) {
    const topics = byType.get(type)!;
    if (topics.length === 0) continue;
    lines.push("", `## ${TITLES[type]}`);
    for (const topic of topics.slice(0, quota)) lines.push(entryLine(topic.name, topic.file, topic.description, ""));
    if (topics.length > quota) {
      lines.push(entryLine(`All ${topics.length} ${type} memories`, `${SUB_INDEX_DIR}/${type}.md`, "the full list, pinned and newest first", ""));
    }
  }
  if (weeks.length > 0) {
    lines.push("", "## Weekly summaries");
    for (const week of weeks) lines.push(entryLine(week.label, week.file, `${week.firstDate} … ${week.lastDate}`, ""));
  }
  return `${lines.join("\n")}\n`;
}

function renderSubIndex(type: MemoryType, topics: IndexTopic[]): string {
  const lines = [`# ${TITLES[type]} memories`, "", INDEX_MARKER, ""];
  for (const topic of topics) lines.push(entryLine(topic.name, topic.file, topic.description, "../"));
  return `${lines.join("\n")}\n`;
}

/** `- [Title](file.md) — hook`, cut to 150 characters by shortening the hook, then the title. */
export function entryLine(title: string, file: string, hook: string, linkPrefix: string): string {
  const safeTitle = linkText(oneLine(title).replace(/[[\]]/g, ""));
  const link = `- [${safeTitle}](${linkPrefix}${encodeURI(file)})`;
  const max = INDEX_LIMITS.maxLineChars;
  const cleanHook = withoutTitle(oneLine(hook), safeTitle);
  if (link.length >= max - 4) return `- [${linkText(cut(safeTitle, max - (link.length - safeTitle.length)))}](${linkPrefix}${encodeURI(file)})`;
  if (cleanHook === "") return link;
  return `${link} — ${cut(cleanHook, max - link.length - 3)}`;
}

// A link's text that ends in a backslash escapes its `]`; one with a backtick left open (`Run \`npm`) starts a code
// span that a backtick in the hook closes, past the `](file.md)`: either way the line is no link in a markdown reader.
function linkText(text: string): string {
  const kept = text.replace(/\\+$/, "").trimEnd();
  if ((kept.match(/`/g) ?? []).length % 2 === 0) return kept;
  const last = kept.lastIndexOf("`");
  return `${kept.slice(0, last)}${kept.slice(last + 1)}`;
}

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, Math.max(1, max - 1))
        .join("")
        .trimEnd()}…`;
}

// A hook that restates the title says nothing: keep only what follows it.
function withoutTitle(hook: string, title: string): string {
  const stem = title.replace(/…$/, "");
  if (!hook.toLowerCase().startsWith(stem.toLowerCase())) return hook;
  return hook.slice(stem.length).replace(/^[\s:;,.—-]+/, "");
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function fits(content: string): boolean {
  const lines = content.split("\n").length - 1;
  return lines <= INDEX_LIMITS.maxLines && Buffer.byteLength(content) <= INDEX_LIMITS.maxBytes;
}

// Pinned first (a memory a person pinned stays in MEMORY.md however old), then newest first.
function sortNewestFirst(topics: IndexTopic[]): IndexTopic[] {
  return [...topics].sort((a, b) => Number(b.pinned === true) - Number(a.pinned === true) || byCodeUnit(b.updated, a.updated) || byCodeUnit(a.file, b.file));
}
