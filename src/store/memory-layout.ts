import { stat } from "node:fs/promises";
import path from "node:path";
import { DEFAULT_LOG_GLOBS } from "../logs/find-daily-logs.js";

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

/** True for `{type}_{topic}.md` in the layout's topics folder. */
export function isTopicPath(layout: MemoryLayout, file: string): boolean {
  return path.posix.dirname(file) === (layout.topicsDir || ".") && /^(user|feedback|project|reference)_[^/]+\.md$/.test(path.posix.basename(file));
}

/** The configured layout, else the agents layout when the dir looks like one, else the default; and why. */
export async function detectLayout(dir: string, configured?: LayoutName): Promise<{ layout: MemoryLayout; reason: string }> {
  if (configured) return { layout: LAYOUTS[configured], reason: "config" };
  const exists = async (name: string) => Boolean(await stat(path.join(dir, name)).catch(() => undefined));
  if (path.basename(path.resolve(dir)) === ".agents") return { layout: AGENTS_LAYOUT, reason: "the directory is named .agents" };
  for (const marker of ["local.md", "topics", ".consolidation-lock"]) {
    if (await exists(marker)) return { layout: AGENTS_LAYOUT, reason: `found ${marker}` };
  }
  return { layout: DEFAULT_LAYOUT, reason: "default" };
}
