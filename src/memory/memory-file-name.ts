import slugify from "@sindresorhus/slugify";
import { sha256 } from "../text/hash.js";

const MAX_SLUG = 60;

/**
 * `{type}_{topic}.md`, topic a slug of the memory's name. Whatever the name
 * says (`../../x`, `/etc/passwd`, `..\x`) the slug holds only `a-z0-9-`, so
 * the file lands in the topics folder; a name with no Latin letters gets a
 * stable hash instead.
 */
export function memoryFileName(type: string, name: string): string {
  let slug = slugify(name, { lowercase: true, decamelize: false }).slice(0, MAX_SLUG).replace(/-+$/, "");
  if (slug === "") slug = `topic-${sha256(name).slice(0, 10)}`;
  const safeType = slugify(type, { separator: "_", lowercase: true }) || "project";
  return `${safeType}_${slug}.md`;
}
