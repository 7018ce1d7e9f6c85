import { readHeading } from "../logs/read-heading.js";
import { splitEntries } from "../logs/split-entries.js";
import { type MemoryType, newMemory } from "../memory/memory.js";
import { memoryFileName } from "../memory/memory-file-name.js";
import { renderMemory } from "../memory/render-memory.js";
import { AGENTS_LAYOUT, topicPath } from "../store/memory-layout.js";

/** A file the migration writes, relative to the `.agents` dir. */
export interface MigratedFile {
  path: string;
  content: string;
  /** For a daily log: the sections it is made of, in order. */
  sections?: string[];
}

const TYPE_HINTS: [RegExp, MemoryType][] = [
  [/\b(prefer|preferences?|user|about me|style|who)\b/i, "user"],
  [/\b(lessons?|learn\w*|gotchas?|feedback|rules?|don'?ts?|conventions?|pitfalls?)\b/i, "feedback"],
  [/\b(links?|references?|resources?|tools?|docs|urls?|dashboards?)\b/i, "reference"],
];

/**
 * Splits a monolithic `.agents.local.md` (seed 001): each section whose
 * heading carries a date becomes part of `logs/YYYY-MM-DD.md`; every other
 * section (and any text before the first section) a topic file in `topics/`.
 * Every line of the original lands in exactly one file. Pure.
 */
export function planMigration(text: string, source: string, today: string): MigratedFile[] {
  const normalised = text.replace(/\r\n?/g, "\n").replace(/^\uFEFF/, "");
  const entries = splitEntries(normalised, source, today);
  const logs = new Map<string, string[]>();
  const topics: { name: string; text: string }[] = [];
  for (const entry of entries) {
    const date = entry.heading ? readHeading(entry.heading, 2, today).date : undefined;
    if (date) {
      logs.set(date, [...(logs.get(date) ?? []), entry.text]);
      continue;
    }
    const previous = topics.at(-1);
    // Text before the first section, and a bare title, stay with the section that follows.
    if (previous && !entry.heading && previous.text.split("\n").length === 1) previous.text += `\n\n${entry.text}`;
    else topics.push({ name: entry.heading ?? "Overview", text: entry.text });
  }

  const files: MigratedFile[] = [];
  for (const [date, parts] of [...logs].sort(([a], [b]) => (a < b ? -1 : 1)))
    files.push({ path: `logs/${date}.md`, content: `${parts.join("\n\n")}\n`, sections: parts });
  const used = new Set<string>();
  for (const topic of topics) {
    const type = TYPE_HINTS.find(([pattern]) => pattern.test(topic.name))?.[1] ?? "project";
    let file = memoryFileName(type, topic.name);
    for (let n = 2; used.has(file); n++) file = memoryFileName(type, `${topic.name} ${n}`);
    used.add(file);
    const firstLine =
      topic.text
        .split("\n")
        .slice(1)
        .find((l) => l.trim() !== "") ?? topic.name;
    const memory = newMemory({
      file: topicPath(AGENTS_LAYOUT, file),
      name: topic.name.replace(/^#+\s*/, ""),
      description: firstLine.replace(/^[-*#>\s]+/, "").slice(0, 140),
      type,
      body: topic.text,
      created: today,
      updated: today,
      extra: { source },
    });
    files.push({ path: memory.file, content: renderMemory(memory) });
  }
  return files;
}
