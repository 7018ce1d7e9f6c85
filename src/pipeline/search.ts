import { embeddingsUnavailable } from "../embeddings/embeddings-unavailable.js";
import { ProviderError } from "../errors/provider-error.js";
import { redactionRules, redactSecrets } from "../logs/redact-secrets.js";
import { MEMORY_TYPES } from "../memory/memory.js";
import type { Problem } from "../problems/problem.js";
import type { KeptTerms } from "../search/kept-terms.js";
import { memoryDocument, type SearchDocument, type SearchHit, searchDocumentsRanked } from "../search/search-memories.js";
import type { SearchRanker } from "../search/search-ranker.js";
import { currentSnapshot } from "../store/current-snapshot.js";
import { loadKeptTerms, SEARCH_TERMS_FILE, saveKeptTerms } from "../store/kept-terms-file.js";
import { SharedRead } from "../store/shared-read.js";
import { frontmatterBody } from "../text/frontmatter.js";
import type { RunContext } from "./run-context.js";

/** What `search` found: exactly what `compact search --json` prints. */
export interface SearchResult {
  schemaVersion: 1;
  ok: true;
  command: "search";
  query: string;
  results: SearchHit[];
  /** What search had to do without (an embeddings endpoint that did not answer): absent when nothing. */
  warnings?: Problem[];
}

export interface SearchOptions {
  /** At most this many hits (default 10). */
  limit?: number;
  /** Only memories of this type (`user`, `feedback`, `project`, `reference`), or `weekly` for summaries. */
  type?: string;
  /** Rankers fused with the lexical one, e.g. an embeddings ranker when embeddings are configured. */
  rankers?: SearchRanker[];
  /** Once aborted, the search stops within a few milliseconds, ranking or not (a server's client cancelled, or went away). */
  signal?: AbortSignal;
}

/**
 * Ranked search over the active memories and the period summaries. Reads
 * the memories only; in a dir a run has worked in, it keeps their terms in
 * `.compact/search-terms.bin` for the next search.
 */
/** What `type` may name: a memory type, or `weekly` for the weekly summaries. */
export const SEARCH_TYPES = [...MEMORY_TYPES, "weekly"] as const;

export async function search(ctx: RunContext, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  const { documents, problems } = await documentReads.get(ctx.dir);
  // Cancelled while the dir was read: the ranking is work for an answer no one takes.
  options.signal?.throwIfAborted();
  // A memory left out (front matter that is not data, a file too large to read) is said: it is not found.
  const warnings: Problem[] = problems.filter(leftOut);
  const rankers = [...(options.rankers ?? []), ...(await configuredRankers(ctx))].map((ranker) => wordsIfUnanswered(ranker, warnings));
  const keptTerms = { load: () => loadKeptTerms(ctx.dir, SEARCH_TERMS_FILE), save: (kept: KeptTerms) => saveKeptTerms(ctx.dir, SEARCH_TERMS_FILE, kept) };
  const ranked = await searchDocumentsRanked(documents, query, { ...options, rankers, keptTerms });
  // A file's name is handed out too: a name that holds a secret (`reference_ghp_….md`) is shown redacted.
  const results = await Promise.all(ranked.map(async (hit) => ({ ...hit, file: (await redactSecrets(hit.file)).text })));
  return { schemaVersion: 1, ok: true, command: "search", query, results, ...(warnings.length > 0 ? { warnings } : {}) };
}

// A ranker whose endpoint does not answer (down, refused, timed out) leaves the ranking to the words, with a
// warning: an agent searching its memory is better served by that than by no answer.
function wordsIfUnanswered(ranker: SearchRanker, warnings: Problem[]): SearchRanker {
  return {
    async rank(documents, query, limit) {
      try {
        return await ranker.rank(documents, query, limit);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        warnings.push(embeddingsUnavailable(error, "ranked by words alone"));
        return [];
      }
    },
  };
}

// With embeddings configured, vectors rank beside BM25 (their SDK is loaded only then).
async function configuredRankers(ctx: RunContext): Promise<SearchRanker[]> {
  const config = ctx.settings.embeddings;
  if (!config) return [];
  const [{ openAiEmbedder }, { embeddingsRanker }] = await Promise.all([
    import("../embeddings/embeddings-client.js"),
    import("../search/embeddings-ranker.js"),
  ]);
  const embedder = await openAiEmbedder(config, ctx.env ?? process.env, { timeoutMs: ctx.settings.timeoutMs, maxRetries: ctx.settings.maxRetries });
  return [embeddingsRanker(ctx.dir, embedder, ctx.signal)];
}

// What search says of the dir: a memory or summary it could not read, not the files it passes by (links, folders).
const LEFT_OUT = new Set(["unreadable-frontmatter", "unreadable-memory-type", "invalid-utf8", "not-utf8", "utf16-without-bom", "too-large"]);
const leftOut = (problem: Problem) => LEFT_OUT.has(problem.ruleId);

/**
 * The active memories (topic files) and period summaries, as search documents,
 * with any secret written into them by hand redacted: what search matches, shows
 * and sends to an embeddings endpoint is what may leave the machine.
 */
export async function searchableDocuments(ctx: Pick<RunContext, "dir">): Promise<SearchDocument[]> {
  return (await documentReads.get(ctx.dir)).documents;
}

// Searches at once share the read under way (each read the dir on its own: 50 at once over a year of
// memories took 15 s), unless the dir changed since it began.
const documentReads = new SharedRead(readSearchableDocuments);

async function readSearchableDocuments(dir: RunContext["dir"]): Promise<{ documents: SearchDocument[]; problems: Problem[] }> {
  const { snapshot, cache } = await currentSnapshot(dir);
  const last = lastRedacted.get(dir);
  const documents: SearchDocument[] = snapshot.memories.map(memoryDocument);
  for (const summary of snapshot.summaries) {
    const text = snapshot.texts.get(summary.file) ?? "";
    documents.push({
      file: summary.file,
      name: summary.label,
      type: "weekly",
      description: `${summary.firstDate} … ${summary.lastDate}`,
      // The summary's fields are in the snapshot already: its body is all search needs.
      body: frontmatterBody(text),
    });
  }
  // Files the cache found clean under these rules need no scan (a dir of years of memories, searched often),
  // nor does a file this process redacted as it is now.
  const rules = redactionRules();
  const redacted = new Map<string, { hash: string; document: SearchDocument }>();
  const searchable = await Promise.all(
    documents.map(async (document) => {
      if (cache.heldNoSecret(document.file, rules)) return document;
      const hash = cache.contentHash(document.file);
      const known = last?.get(document.file);
      const done = hash !== undefined && known?.hash === hash ? known.document : await redactedDocument(document);
      if (hash !== undefined) redacted.set(document.file, { hash, document: done });
      return done;
    }),
  );
  lastRedacted.set(dir, redacted);
  return { documents: searchable, problems: snapshot.problems };
}

// What this process's last search redacted, by file and content hash: a server answering search after search
// scans only what changed since (a file written by hand is not in the saved cache until a run saves it).
const lastRedacted = new WeakMap<RunContext["dir"], Map<string, { hash: string; document: SearchDocument }>>();

async function redactedDocument(document: SearchDocument): Promise<SearchDocument> {
  const [name, description, body] = await Promise.all(
    [document.name, document.description, document.body].map(async (text) => (await redactSecrets(text)).text),
  );
  return name === document.name && description === document.description && body === document.body
    ? document
    : { ...document, name: name!, description: description!, body: body! };
}
