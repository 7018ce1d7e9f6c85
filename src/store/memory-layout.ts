import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

export type LayoutName = "default" | "agents";

/** Where each kind of file lives in a memory dir. */
export interface MemoryLayout {
  name: LayoutName;
  /** Daily logs, as globs relative to the memory dir. */
  logGlobs: string[];
  /** Folder of the topic files; "" is the top of the memory dir. */
  topicsDir: string;
  /** The index an agent loads. */
  indexFile: string;
  /** The run lock. */
  lockFile: string;
}

/** Where daily logs live in the default layout, relative to the memory dir. */
export const DEFAULT_LOG_GLOBS = ["*.md", "logs/**/*.md", "daily/**/*.md"];

/** `YYYY-MM-DD.md`, `logs/`, `logs/YYYY/MM/`, `daily/`; topics and MEMORY.md at the top; `.compact/lock`. */
export const DEFAULT_LAYOUT: MemoryLayout = { name: "default", logGlobs: DEFAULT_LOG_GLOBS, topicsDir: "", indexFile: "MEMORY.md", lockFile: ".compact/lock" };

/** Seed 001: `.agents/logs/YYYY-MM-DD.md`, `.agents/topics/`, `.agents/local.md`, `.agents/.consolidation-lock`. */
export const AGENTS_LAYOUT: MemoryLayout = {
  name: "agents",
  logGlobs: ["logs/**/*.md", "sessions/**/*.md"],
  topicsDir: "topics",
  indexFile: "local.md",
  lockFile: ".consolidation-lock",
};

export const LAYOUTS: Record<LayoutName, MemoryLayout> = { default: DEFAULT_LAYOUT, agents: AGENTS_LAYOUT };

/** A topic file's path in the memory dir. */
export function topicPath(layout: MemoryLayout, fileName: string): string {
  return layout.topicsDir ? `${layout.topicsDir}/${fileName}` : fileName;
}

/**
 * The configured layout, else the agents layout when the dir looks like one, else the default; and why. A
 * `topics/` folder alone does not make a dir that already holds the default layout's files an agents dir: read
 * as one, its memories and index would be hidden, and its summaries rewritten from the logs the other layout
 * reads (a folder of that name made for any reason had done so).
 */
export async function detectLayout(root: string, configured: LayoutName | undefined, givenName: string): Promise<{ layout: MemoryLayout; reason: string }> {
  if (configured) return { layout: LAYOUTS[configured], reason: "config" };
  if (givenName === ".agents" || path.basename(root) === ".agents") return { layout: AGENTS_LAYOUT, reason: "the directory is named .agents" };
  for (const marker of AGENTS_MARKERS) {
    if (await lstat(path.join(root, marker)).catch(() => undefined)) return { layout: AGENTS_LAYOUT, reason: `found ${marker}` };
  }
  if (
    (await lstat(path.join(root, "topics")).catch(() => undefined)) &&
    ((await holdsMarkdown(path.join(root, "topics"))) || !(await defaultLayoutMarker(root)))
  ) {
    return { layout: AGENTS_LAYOUT, reason: "found topics" };
  }
  return { layout: DEFAULT_LAYOUT, reason: "default" };
}

/** Files only an agents dir holds: its index and its lock. */
export const AGENTS_MARKERS = [AGENTS_LAYOUT.indexFile, AGENTS_LAYOUT.lockFile];

/** A file only the default layout writes (`MEMORY.md`, a topic file at the top), when the dir holds one. */
export async function defaultLayoutMarker(dir: string): Promise<string | undefined> {
  const names = (await readdir(dir).catch(() => [] as string[])).sort();
  return names.find((name) => name === "MEMORY.md" || /^(?:user|feedback|project|reference)_.+\.md$/.test(name));
}

async function holdsMarkdown(folder: string): Promise<boolean> {
  return (await readdir(folder).catch(() => [] as string[])).some((name) => name.toLowerCase().endsWith(".md"));
}
