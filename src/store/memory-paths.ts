import { createHash } from "node:crypto";
import path from "node:path";
import slugify from "@sindresorhus/slugify";
import { CompactorError } from "../errors/compactor-error.js";
import type { MemoryType } from "../parse/memory-candidate.js";

const MAX_SLUG = 60;

/**
 * `{type}_{topic}.md`, topic a slug of the memory's name. Whatever the name
 * says (`../../x`, `/etc/passwd`, `..\x`) the slug holds only `a-z0-9-`, so
 * the file lands at the top of the memory dir; a name with no Latin letters
 * gets a stable hash instead.
 */
export function topicFileName(type: MemoryType, name: string): string {
  let slug = slugify(name, { lowercase: true, decamelize: false }).slice(0, MAX_SLUG).replace(/-+$/, "");
  if (slug === "") slug = `topic-${createHash("sha256").update(name).digest("hex").slice(0, 10)}`;
  return `${type}_${slug}.md`;
}

/** `weekly/2026-W14.md` */
export function weeklyFileName(weekLabel: string): string {
  return `weekly/${weekLabel}.md`;
}

export const STATE_DIR = ".compact";

/**
 * Absolute path of a file in the memory dir. Refuses any path that would
 * leave it: the last guard between a model's answer and the file system.
 */
export function resolveInside(dir: string, relPath: string): string {
  const root = path.resolve(dir);
  const target = path.resolve(root, relPath);
  if (path.isAbsolute(relPath) || relPath.includes("\\") || !target.startsWith(root + path.sep)) {
    throw new CompactorError(`refusing to write '${relPath}': outside the memory directory ${root}`);
  }
  return target;
}
