import { LANGUAGES, type Language, tokenizerFingerprint } from "../text/tokenize.js";
import type { CountedTerms } from "./bm25.js";

/** A document's terms as counted, with the key of the text they were counted from. */
export interface KeptDocument extends CountedTerms {
  /** A sha256 of the text indexed (or of the fields it is made from): terms of another text are not used for it. */
  key: string;
  /** The language the text was read in, for a caller that stems queries or snippets in it. */
  language?: Language;
}

/** Documents' terms kept between runs, the numbers in their counts those of `vocabulary`. */
export interface KeptTerms {
  vocabulary: string[];
  documents: Map<string, KeptDocument>;
}

const MAGIC = "compact-terms 1\n";

/**
 * The bytes of kept terms: a line naming the format, the header's length,
 * the header (the tokenizer's fingerprint, the vocabulary, each document's
 * key, language and where its counts are) as JSON, and the counts as
 * little-endian 32-bit integers.
 */
export function encodeKeptTerms(kept: KeptTerms): Uint8Array {
  const documents: [string, string, number, string, string, number][] = [];
  let pairs = 0;
  for (const [id, document] of kept.documents) {
    documents.push([id, document.key, document.length, document.settled ?? "", document.language ?? "", document.counts.length / 2]);
    pairs += document.counts.length / 2;
  }
  const header = Buffer.from(JSON.stringify({ tokenizer: tokenizerFingerprint(), vocabulary: kept.vocabulary, documents }), "utf8");
  const start = aligned(MAGIC.length + 4 + header.length);
  const bytes = Buffer.alloc(start + 8 * pairs);
  bytes.write(MAGIC, 0, "latin1");
  bytes.writeUInt32LE(header.length, MAGIC.length);
  header.copy(bytes, MAGIC.length + 4);
  let at = start;
  for (const document of kept.documents.values()) {
    for (const value of document.counts) {
      bytes.writeInt32LE(value, at);
      at += 4;
    }
  }
  return bytes;
}

/**
 * Kept terms read back, or undefined when the bytes are not such a file, or
 * were counted by another tokenizer. The counts themselves are checked as
 * they are used (`Bm25Index.addCounted`).
 */
export function decodeKeptTerms(bytes: Uint8Array): KeptTerms | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < MAGIC.length + 4 || buffer.toString("latin1", 0, MAGIC.length) !== MAGIC) return undefined;
  const headerLength = buffer.readUInt32LE(MAGIC.length);
  const start = aligned(MAGIC.length + 4 + headerLength);
  if (start > buffer.length || (buffer.length - start) % 4 !== 0) return undefined;
  let header: unknown;
  try {
    header = JSON.parse(buffer.toString("utf8", MAGIC.length + 4, MAGIC.length + 4 + headerLength));
  } catch {
    return undefined;
  }
  if (!isHeader(header) || header.tokenizer !== tokenizerFingerprint()) return undefined;
  // A term named twice is no vocabulary `countedTerms` writes.
  if (new Set(header.vocabulary).size !== header.vocabulary.length) return undefined;
  const values = new Int32Array((buffer.length - start) / 4);
  for (let i = 0; i < values.length; i++) values[i] = buffer.readInt32LE(start + 4 * i);
  const documents = new Map<string, KeptDocument>();
  let at = 0;
  for (const [id, key, length, settled, language, pairs] of header.documents) {
    if (documents.has(id) || at + 2 * pairs > values.length) return undefined;
    documents.set(id, {
      key,
      length,
      ...(settled ? { settled: settled as Language } : {}),
      ...(language ? { language: language as Language } : {}),
      counts: values.subarray(at, at + 2 * pairs),
    });
    at += 2 * pairs;
  }
  if (at !== values.length) return undefined;
  return { vocabulary: header.vocabulary, documents };
}

function aligned(offset: number): number {
  return Math.ceil(offset / 4) * 4;
}

interface Header {
  tokenizer: string;
  vocabulary: string[];
  documents: [string, string, number, string, string, number][];
}

function isHeader(value: unknown): value is Header {
  if (!value || typeof value !== "object") return false;
  const header = value as Record<string, unknown>;
  const vocabulary = header["vocabulary"];
  const documents = header["documents"];
  if (typeof header["tokenizer"] !== "string" || !Array.isArray(vocabulary) || !Array.isArray(documents)) return false;
  if (!vocabulary.every((term) => typeof term === "string")) return false;
  const isLanguage = (item: unknown) => item === "" || LANGUAGES.includes(item as Language);
  const isCount = (item: unknown) => Number.isSafeInteger(item) && (item as number) >= 0;
  return documents.every(
    (item) =>
      Array.isArray(item) &&
      item.length === 6 &&
      typeof item[0] === "string" &&
      typeof item[1] === "string" &&
      isCount(item[2]) &&
      isLanguage(item[3]) &&
      isLanguage(item[4]) &&
      isCount(item[5]),
  );
}
