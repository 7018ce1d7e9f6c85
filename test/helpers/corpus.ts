import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** ../shared/corpus/real beside the repository: real agent logs, never copied into it. */
export const CORPUS_DIR = path.resolve(fileURLToPath(new URL("../../../shared/corpus/real", import.meta.url)));
export const corpusPresent = existsSync(CORPUS_DIR);

/** Every markdown file of the corpus but its manifest, relative to CORPUS_DIR. */
export function corpusFiles(): string[] {
  if (!corpusPresent) return [];
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".md") && name !== "MANIFEST.md") found.push(path.relative(CORPUS_DIR, full));
    }
  };
  walk(CORPUS_DIR);
  return found.sort();
}

/** The date a corpus file's name starts with, or a fixed one for files named otherwise. */
export function corpusFileDate(relPath: string): string {
  return /(\d{4}-\d{2}-\d{2})[^/]*\.md$/.exec(relPath)?.[1] ?? "2026-01-01";
}
