import { memoryDocument, type SearchDocument, type SearchHit, searchDocuments } from "../search/search-memories.js";
import { readSnapshot } from "../store/snapshot.js";
import { readFrontmatter } from "../text/frontmatter.js";
import type { RunContext } from "./run-context.js";

/** What `search` found: exactly what `compact search --json` prints. */
export interface SearchResult {
  schemaVersion: 1;
  ok: true;
  command: "search";
  query: string;
  results: SearchHit[];
}

export interface SearchOptions {
  /** At most this many hits (default 10). */
  limit?: number;
  /** Only memories of this type (`user`, `feedback`, `project`, `reference`), or `weekly` for summaries. */
  type?: string;
}

/** Ranked search over the active memories and the period summaries. Reads only. */
export async function search(ctx: RunContext, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  const snapshot = await readSnapshot(ctx.dir);
  const documents: SearchDocument[] = snapshot.memories.map(memoryDocument);
  for (const summary of snapshot.summaries) {
    const text = snapshot.texts.get(summary.file) ?? "";
    documents.push({ file: summary.file, name: summary.label, type: "weekly", description: `${summary.firstDate} … ${summary.lastDate}`, body: readFrontmatter(text).body });
  }
  return { schemaVersion: 1, ok: true, command: "search", query, results: searchDocuments(documents, query, options) };
}
