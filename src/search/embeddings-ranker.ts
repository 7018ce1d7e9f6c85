import { embeddingText } from "../embeddings/embedding-text.js";
import type { Embedder } from "../embeddings/embeddings-client.js";
import { cachedVectors } from "../embeddings/vector-cache.js";
import type { MemoryDir } from "../store/memory-dir.js";
import type { Ranked } from "./bm25.js";
import type { SearchDocument, SearchRanker } from "./search-ranker.js";

/**
 * Ranks documents by the cosine of their vector with the query's, from the
 * configured embeddings endpoint. Documents' vectors come from the cache in
 * `.compact/` (a search writes nothing, so vectors it lacks are asked for
 * each time until a consolidation caches them); the query is embedded each time.
 */
export function embeddingsRanker(dir: MemoryDir, embedder: Embedder, signal?: AbortSignal): SearchRanker {
  return {
    async rank(documents: SearchDocument[], query: string, limit: number): Promise<Ranked[]> {
      if (documents.length === 0) return [];
      const options = { save: false, ...(signal ? { signal } : {}) };
      const { vectors } = await cachedVectors(dir, embedder, documents.map(embeddingText), options);
      const [queryVector] = await embedder.embed([query], signal);
      if (!queryVector) return [];
      return documents
        .map((document, i) => ({ id: document.file, score: dot(queryVector, vectors[i]!) }))
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, limit);
    },
  };
}

function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) sum += a[i]! * b[i]!;
  return sum;
}
