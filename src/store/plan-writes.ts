import { createHash } from "node:crypto";
import type { CompactionResult } from "../compaction-result.js";
import type { MemoryType } from "../parse/memory-candidate.js";
import { buildIndex, INDEX_MARKER, type IndexTopic } from "./build-index.js";
import type { StoredMemory } from "./merge-topic.js";
import { mergeTopic, newTopic } from "./merge-topic.js";
import { STATE_DIR, resolveInside, topicFileName, weeklyFileName } from "./memory-paths.js";
import { indexTopicFrom, readIfExists, readIndexTopics, readIndexWeeks } from "./read-memory-dir.js";
import { renderWeekly, sameWeekly } from "./render-weekly.js";
import { parseTopicFile, renderTopicFile } from "./topic-file.js";
import { DEFAULT_LAYOUT, type MemoryLayout, topicPath } from "./memory-layout.js";

/** One file a run would write, relative to the memory dir. */
export interface PlannedWrite {
  path: string;
  action: "create" | "update" | "unchanged";
  content: string;
  /** Why it is written: `weekly`, `memory`, `index`, `trash`. */
  role: "weekly" | "memory" | "index" | "trash";
}

/**
 * Works out every file a compaction result would write, reading but never
 * writing the memory dir. Files whose content would not change are marked
 * `unchanged`, so running the same week twice writes nothing.
 */
export async function planWrites(dir: string, result: CompactionResult, now: Date, layout: MemoryLayout = DEFAULT_LAYOUT): Promise<PlannedWrite[]> {
  const planned: PlannedWrite[] = [];
  const weeklyPath = weeklyFileName(result.week.label);
  const weekly = renderWeekly(result, now);
  const oldWeekly = await readIfExists(resolveInside(dir, weeklyPath));
  planned.push(
    oldWeekly !== undefined && sameWeekly(oldWeekly, weekly)
      ? { path: weeklyPath, action: "unchanged", content: oldWeekly, role: "weekly" }
      : { path: weeklyPath, action: oldWeekly === undefined ? "create" : "update", content: weekly, role: "weekly" },
  );

  const topics = await planTopics(dir, result.memories, layout);
  planned.push(...topics);
  planned.push(...(await planIndex(dir, topics, weeklyPath, result, now, layout)));
  return planned;
}

async function planTopics(dir: string, memories: StoredMemory[], layout: MemoryLayout): Promise<PlannedWrite[]> {
  const byPath = new Map<string, { before: string | undefined; content: string }>();
  for (const memory of memories) {
    const file = topicPath(layout, topicFileName(memory.type as MemoryType, memory.name));
    const current = byPath.get(file)?.content ?? (await readIfExists(resolveInside(dir, file)));
    const before = byPath.has(file) ? byPath.get(file)!.before : current;
    const content = current === undefined ? renderTopicFile(newTopic(memory)) : mergeInto(current, memory);
    byPath.set(file, { before, content });
  }
  return [...byPath].map(([path, { before, content }]) => ({
    path,
    content,
    role: "memory" as const,
    action: before === undefined ? ("create" as const) : before === content ? ("unchanged" as const) : ("update" as const),
  }));
}

function mergeInto(current: string, memory: StoredMemory): string {
  const existing = parseTopicFile(current);
  const merged = mergeTopic(existing, memory);
  return merged === existing ? current : renderTopicFile(merged);
}

async function planIndex(dir: string, topics: PlannedWrite[], weeklyPath: string, result: CompactionResult, now: Date, layout: MemoryLayout): Promise<PlannedWrite[]> {
  const onDisk = new Map((await readIndexTopics(dir, layout)).map((topic) => [topic.file, topic]));
  for (const topic of topics) onDisk.set(topic.path, indexTopicFrom(topic.path, topic.content));
  const weeks = (await readIndexWeeks(dir)).filter((week) => week.file !== weeklyPath);
  weeks.push({ label: result.week.label, file: weeklyPath, firstDate: result.week.firstDate, lastDate: result.week.lastDate });

  const index = buildIndex([...onDisk.values()] as IndexTopic[], weeks, layout.indexFile);
  const planned: PlannedWrite[] = [];
  for (const file of index.files) {
    const old = await readIfExists(resolveInside(dir, file.path));
    if (old === file.content) {
      planned.push({ path: file.path, action: "unchanged", content: old, role: "index" });
      continue;
    }
    // An index the user wrote by hand is moved to the trash before it is replaced.
    if (old !== undefined && !old.includes(INDEX_MARKER)) planned.push(trashCopy(file.path, old, now));
    planned.push({ path: file.path, action: old === undefined ? "create" : "update", content: file.content, role: "index" });
  }
  return planned;
}

function trashCopy(file: string, content: string, now: Date): PlannedWrite {
  const run = now.toISOString().replace(/[:.]/g, "-");
  const sha256 = createHash("sha256").update(content).digest("hex").slice(0, 12);
  return { path: `${STATE_DIR}/trash/${run}/${file.replace(/\//g, "__")}.${sha256}`, action: "create", content, role: "trash" };
}
