import { type Memory, memoryId } from "../memory/memory.js";
import { editDistance } from "../text/edit-distance.js";
import { terms } from "../text/tokenize.js";
import { Bm25Index } from "./bm25.js";

/** A document search can return: a memory or a period summary. */
export interface SearchDocument {
  file: string;
  name: string;
  /** Memory type, or `weekly` for a summary. */
  type: string;
  description: string;
  body: string;
}

/** One hit: what the agent needs to decide whether to read the file. */
export interface SearchHit {
  file: string;
  name: string;
  type: string;
  description: string;
  score: number;
  /** The line of the text that matches best, cut to ~200 characters. */
  snippet: string;
}

const SNIPPET_CHARS = 200;
// A query word the memories never use may be a typo of one they do: such a match weighs less.
const FUZZY_WEIGHT = 0.6;

/** A memory as a search document. */
export function memoryDocument(memory: Memory): SearchDocument {
  return { file: memory.file, name: memory.name, type: memory.type, description: memory.description, body: memory.body };
}

/**
 * Ranks documents for a query: BM25 over stemmed terms (so word forms
 * match), a query word unknown to every document also tried as the known
 * words one or two letters away (typos), the name and description weighed
 * twice. Best first, at most `limit`.
 */
export function searchDocuments(documents: SearchDocument[], query: string, options: { limit?: number; type?: string } = {}): SearchHit[] {
  const wanted = options.type ? documents.filter((doc) => doc.type === options.type) : documents;
  const index = new Bm25Index();
  const byKey = new Map<string, SearchDocument>();
  for (const doc of wanted) {
    const key = doc.file;
    byKey.set(key, doc);
    index.add(key, `${doc.name}\n${doc.name}\n${doc.description}\n${doc.description}\n${doc.body}`);
  }
  const queryTerms = new Map<string, number>();
  for (const term of terms(query)) {
    if (index.has(term)) queryTerms.set(term, 1);
    else for (const near of nearTerms(term, index.vocabulary())) queryTerms.set(near, Math.max(queryTerms.get(near) ?? 0, FUZZY_WEIGHT));
  }
  const ranked = index.rankTerms([...queryTerms].map(([term, weight]) => ({ term, weight })), options.limit ?? 10);
  return ranked.map(({ id, score }) => {
    const doc = byKey.get(id)!;
    return { file: doc.file, name: doc.name, type: doc.type, description: doc.description, score: Math.round(score * 1000) / 1000, snippet: snippet(doc, queryTerms) };
  });
}

/** The id a hit's file is known by (a memory's id). */
export function hitId(hit: Pick<SearchHit, "file">): string {
  return memoryId(hit);
}

function snippet(doc: SearchDocument, queryTerms: Map<string, number>): string {
  let best = "";
  let bestScore = -1;
  for (const line of doc.body.split("\n")) {
    const text = line.trim();
    if (text === "") continue;
    const lineTerms = new Set(terms(text));
    let score = 0;
    for (const term of queryTerms.keys()) if (lineTerms.has(term)) score++;
    if (score > bestScore) {
      best = text;
      bestScore = score;
    }
  }
  const flat = (best || doc.description).replace(/\s+/g, " ");
  return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1).trimEnd()}…`;
}

// Known terms within one edit (two for long words) of an unknown one; short words are left alone.
function nearTerms(term: string, vocabulary: Iterable<string>): string[] {
  if (term.length < 4) return [];
  const max = term.length >= 8 ? 2 : 1;
  const found: string[] = [];
  for (const known of vocabulary) {
    if (Math.abs(known.length - term.length) > max) continue;
    if (editDistance(term, known, max) <= max) found.push(known);
  }
  return found;
}
