import { readFile } from "node:fs/promises";
import path from "node:path";
import { glob } from "tinyglobby";
import { MEMORY_TYPES, type MemoryType } from "../parse/memory-candidate.js";
import type { IndexTopic, IndexWeek } from "./build-index.js";
import { DEFAULT_LAYOUT, type MemoryLayout, topicPath } from "./memory-layout.js";
import { parseTopicFile } from "./topic-file.js";

/** The text of a file in the memory dir, or undefined when it does not exist. */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** The layout's topic files, as the index sees them. */
export async function readIndexTopics(dir: string, layout: MemoryLayout = DEFAULT_LAYOUT): Promise<IndexTopic[]> {
  const files = await glob(MEMORY_TYPES.map((type) => topicPath(layout, `${type}_*.md`)), { cwd: dir, onlyFiles: true });
  const topics: IndexTopic[] = [];
  for (const file of files.sort()) {
    const text = await readIfExists(path.join(dir, file));
    if (text !== undefined) topics.push(indexTopicFrom(file, text));
  }
  return topics;
}

/** What the index shows of a topic file; a file without frontmatter is named after itself. */
export function indexTopicFrom(file: string, text: string): IndexTopic {
  const { data } = parseTopicFile(text);
  const base = path.posix.basename(file);
  const type = base.slice(0, base.indexOf("_")) as MemoryType;
  return {
    file,
    type,
    name: typeof data["name"] === "string" ? data["name"] : file.replace(/\.md$/, ""),
    description: typeof data["description"] === "string" ? data["description"] : "",
    updated: String(data["updated"] ?? ""),
  };
}

/** Weekly summaries in `weekly/`. */
export async function readIndexWeeks(dir: string): Promise<IndexWeek[]> {
  const files = await glob(["weekly/*-W[0-9][0-9].md"], { cwd: dir, onlyFiles: true });
  const weeks: IndexWeek[] = [];
  for (const file of files.sort()) {
    const text = await readIfExists(path.join(dir, file));
    if (text === undefined) continue;
    const { data } = parseTopicFile(text);
    weeks.push({
      label: path.posix.basename(file, ".md"),
      file,
      firstDate: String(data["first_date"] ?? ""),
      lastDate: String(data["last_date"] ?? ""),
    });
  }
  return weeks;
}
