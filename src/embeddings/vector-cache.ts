import { writeAtomic } from "../store/atomic-write.js";
import { STATE_DIR } from "../store/journal.js";
import type { MemoryDir } from "../store/memory-dir.js";
import { decodeText } from "../text/decode-text.js";
import { sha256 } from "../text/hash.js";
import type { Embedder } from "./embeddings-client.js";

/** `.compact/embeddings.json`: vectors by content hash, so a re-run asks only for new or changed texts. */
export const VECTOR_CACHE_FILE = `${STATE_DIR}/embeddings.json`;

interface CacheFile {
  version: 1;
  /** Key → base64 of the float32 vector. */
  vectors: Record<string, string>;
}

/** What a run asked the endpoint for, for reports and tests. */
export interface EmbedStats {
  cached: number;
  requested: number;
}

/**
 * Vectors for texts, from the cache where it has them and from the
 * embedder for the rest; the cache is rewritten (atomically) with exactly
 * the vectors of this run's texts, so it never grows with forgotten ones.
 * A damaged cache file is read as empty.
 */
export async function cachedVectors(
  dir: MemoryDir,
  embedder: Embedder,
  texts: string[],
  options: { signal?: AbortSignal; save?: boolean } = {},
): Promise<{ vectors: Float32Array[]; stats: EmbedStats }> {
  const { signal, save = true } = options;
  const cache = await readCache(dir);
  const keys = texts.map((text) => sha256(`${embedder.model}\n${text}`));
  const missing = [...new Set(keys.filter((key) => !(key in cache.vectors)))];
  const textOf = new Map(keys.map((key, i) => [key, texts[i]!]));
  const fresh =
    missing.length > 0
      ? await embedder.embed(
          missing.map((key) => textOf.get(key)!),
          signal,
        )
      : [];
  const found = new Map(missing.map((key, i) => [key, fresh[i]!] as const));
  const vectors = keys.map((key) => found.get(key) ?? decode(cache.vectors[key]!));
  const next: CacheFile = { version: 1, vectors: {} };
  keys.forEach((key, i) => {
    next.vectors[key] = encode(vectors[i]!);
  });
  if (save && (missing.length > 0 || Object.keys(cache.vectors).length !== Object.keys(next.vectors).length)) {
    // Only a cache: a dir we cannot write to costs the next run a few requests, not this run.
    await writeAtomic(dir.resolve(VECTOR_CACHE_FILE), `${JSON.stringify(next)}\n`).catch(() => undefined);
  }
  return { vectors, stats: { cached: keys.length - missing.length, requested: missing.length } };
}

async function readCache(dir: MemoryDir): Promise<CacheFile> {
  const empty: CacheFile = { version: 1, vectors: {} };
  if ((await dir.list([VECTOR_CACHE_FILE])).files.length === 0) return empty;
  const read = await dir.readInput(VECTOR_CACHE_FILE, 1024 * 1024 * 1024);
  if ("skipped" in read) return empty;
  try {
    const parsed = JSON.parse(decodeText(read.bytes, VECTOR_CACHE_FILE).text) as CacheFile;
    return parsed?.version === 1 && parsed.vectors && typeof parsed.vectors === "object" ? parsed : empty;
  } catch {
    return empty;
  }
}

function encode(vector: Float32Array): string {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength).toString("base64");
}

function decode(text: string): Float32Array {
  const bytes = Buffer.from(text, "base64");
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
}
