import { type Stats, statSync } from "node:fs";
import type { Problem } from "../problems/problem.js";
import { cleanText } from "../text/clean-text.js";
import { decodeText } from "../text/decode-text.js";
import { sha256 } from "../text/hash.js";
import { writeAtomic } from "./atomic-write.js";
import { redactionModule } from "./lazy-redaction.js";
import { DEFAULT_MAX_INPUT_BYTES, type MemoryDir } from "./memory-dir.js";
import { type DiskBasis, writtenRedacted } from "./transaction.js";

/** Where a run keeps what it read of the memory dir, so the next run re-reads only what changed. */
export const SNAPSHOT_CACHE_FILE = ".compact/snapshot-cache.json";
// 2: entries holding a secret are no longer kept (a version 1 cache may hold some: it is read no more).
// 3: a memory whose type is no type's name (a list, punctuation) is a problem, no longer a memory.
// 4: an entry whose text holds an escape and whose parse is not kept is no longer kept (a version 3 cache may
// hold one whose parse spells a secret: search showed it, and its terms were kept beside it).
// 5: entries are keyed by ctime too (a hand edit that restores the size and the mtime was served as the old text).
const VERSION = 5;
// A file whose mtime is this close to when it was read could change again within the same
// mtime tick: its stat alone is not trusted, its content hash is compared (git's "racy clean").
const RACY_MS = 2_000;
// Larger than any dir's cache (20,000 memories keep about 100 MB): a file past it is no cache of ours, and is not read.
const MAX_CACHE_BYTES = 512 * 1024 * 1024;

interface CachedFile {
  size: number;
  mtimeMs: number;
  /** Set by the system on any change, never by hand (`touch -d` restores an mtime, not a ctime). */
  ctimeMs: number;
  /** When the file was last read or confirmed, on the same clock as mtimes. */
  checkedAt: number;
  sha256: string;
  text: string;
  problems: Problem[];
  parsed: unknown;
}

/** A file's decoded text, the problems found reading it, and what `parse` made of it. */
export type CachedRead<P> = { text: string; problems: Problem[]; parsed: P } | { skipped: Problem };

/**
 * The snapshot's files keyed by path + size + mtime + ctime, with the sha256 of
 * their bytes to confirm a match the mtime cannot vouch for. A cache that is
 * missing, unreadable, of another version or malformed is ignored, and so is
 * any entry of the wrong shape: it is never a reason to trust a file unread.
 * No entry holding a secret is saved; under new redaction rules every entry is looked at again.
 */
export class SnapshotCache {
  private readonly seen = new Map<string, CachedFile>();
  // Entries read or written by this run: looked at for secrets before they are saved.
  private readonly unchecked = new Set<string>();
  private changed = false;
  private saved = false;
  // The files whose entries the last save kept: found to hold no secret.
  private savedClean?: ReadonlySet<string>;
  /** Why the cache could not be saved, when it could not: each run then reads every file again. */
  saveProblem?: Problem;
  // The sha256 of each file's bytes as this run read or confirmed them, and as its commits left them (null: removed).
  private readonly onDisk = new Map<string, string | null>();

  /**
   * For a commit (`CommitOptions.basis`): what the run knows each file to
   * hold, as read (or confirmed) or as its own commits left it; a file it
   * never read was not there (every file a run may write is read first). A
   * file edited, made or removed by hand while the run worked is then not
   * written over.
   */
  readonly basis: DiskBasis = {
    expected: (path) => this.onDisk.get(path) ?? null,
    holds: (path, sha256) => void this.onDisk.set(path, sha256),
  };

  /**
   * `previousRules`: the redaction rules the last run looked at its entries with.
   * `uncheckedBefore`: entries of `previous` never looked at for secrets (read by an earlier read in this process).
   */
  private constructor(
    private readonly previous: Map<string, CachedFile>,
    private readonly previousRules: unknown,
    private readonly uncheckedBefore: ReadonlySet<string> = new Set(),
  ) {}

  /** The cache as the last run left it (empty when there is none to trust). */
  static async load(dir: MemoryDir): Promise<SnapshotCache> {
    const entries = new Map<string, CachedFile>();
    let rules: unknown;
    const read = await dir.readInput(SNAPSHOT_CACHE_FILE, MAX_CACHE_BYTES, { oversized: "skip" }).catch(() => undefined);
    if (read && "bytes" in read) {
      try {
        const data = JSON.parse(read.bytes.toString("utf8")) as { version?: unknown; rules?: unknown; files?: unknown };
        if (data.version === VERSION && data.files && typeof data.files === "object") {
          rules = data.rules;
          for (const [file, entry] of Object.entries(data.files as Record<string, unknown>)) if (isCachedFile(entry)) entries.set(file, entry);
        }
      } catch {
        // Not JSON (a torn or foreign file): every file is read again.
      }
    }
    const cache = new SnapshotCache(entries, rules);
    cache.changed = entries.size === 0;
    return cache;
  }

  /**
   * A file's text and parse: the cached ones when its size, mtime and ctime match
   * (and, for a file changed just before it was cached, its bytes hash the
   * same), else read through the jail, decoded and parsed again.
   * `parse` must return plain JSON data; `valid` checks a cached parse.
   */
  async read<P>(dir: MemoryDir, file: string, parse: (text: string) => P, valid: (value: unknown) => value is P): Promise<CachedRead<P>> {
    // In place, not through the thread pool: a dir of thousands of memories is stat'ed file by file.
    const info = statOrAbsent(dir.resolve(file));
    const cached = this.previous.get(file);
    const sameStat =
      info !== undefined &&
      cached !== undefined &&
      cached.size === info.size &&
      cached.mtimeMs === info.mtimeMs &&
      cached.ctimeMs === info.ctimeMs &&
      valid(cached.parsed);
    if (sameStat && info.mtimeMs < cached.checkedAt - RACY_MS) {
      this.seen.set(file, cached);
      this.onDisk.set(file, cached.sha256);
      if (this.uncheckedBefore.has(file)) this.unchecked.add(file);
      return { text: cached.text, problems: cached.problems, parsed: cached.parsed as P };
    }
    const checkedAt = Date.now();
    // A memory too large to read is left as it is, with a warning; the run goes on without it.
    const bytes = await dir.readInput(file, DEFAULT_MAX_INPUT_BYTES, { oversized: "skip" });
    if ("skipped" in bytes) {
      this.changed = true;
      return bytes;
    }
    const hash = sha256(bytes.bytes);
    if (cached && cached.sha256 === hash && valid(cached.parsed)) {
      const entry = { ...cached, size: bytes.bytes.length, mtimeMs: info?.mtimeMs ?? 0, ctimeMs: info?.ctimeMs ?? 0, checkedAt };
      this.seen.set(file, entry);
      this.onDisk.set(file, hash);
      this.changed ||= entry.mtimeMs !== cached.mtimeMs || entry.ctimeMs !== cached.ctimeMs || entry.mtimeMs >= cached.checkedAt - RACY_MS;
      if (this.uncheckedBefore.has(file)) this.unchecked.add(file);
      return { text: cached.text, problems: cached.problems, parsed: cached.parsed as P };
    }
    const decoded = decodeText(bytes.bytes, file);
    const parsed = parse(decoded.text);
    this.unchecked.add(file);
    // The stat taken before the read: a file changed since has another mtime next time, and is read again.
    this.onDisk.set(file, hash);
    this.seen.set(file, {
      size: bytes.bytes.length,
      mtimeMs: info?.mtimeMs ?? -1,
      ctimeMs: info?.ctimeMs ?? -1,
      checkedAt,
      sha256: hash,
      text: decoded.text,
      problems: decoded.problems,
      parsed,
    });
    this.changed = true;
    return { text: decoded.text, problems: decoded.problems, parsed };
  }

  /**
   * The cache for the next read of the dir by this process (a server answering call after call):
   * what this one read or confirmed, trusted by stat as the saved cache is, so the next read
   * neither loads the saved cache again nor re-reads a file that has not changed.
   */
  followOn(): SnapshotCache {
    // What this read did not see is gone from the dir (every file is listed and read each time).
    return new SnapshotCache(new Map(this.seen), this.previousRules, new Set(this.unchecked));
  }

  /** The sha256 of the bytes `file` was read or confirmed as, once read. */
  contentHash(file: string): string | undefined {
    return this.seen.get(file)?.sha256;
  }

  /**
   * Whether the text read of `file` came from an entry found to hold no
   * secret under these redaction rules (`redactionRules()`): a cached entry,
   * not read again. Such a text needs no scan before it is handed out.
   */
  heldNoSecret(file: string, rules: string): boolean {
    return rules === this.previousRules && this.seen.has(file) && !this.unchecked.has(file);
  }

  /**
   * For a commit (`knownClean`): whether `text` is the text of `file` this
   * cache found to hold no secret under the redaction rules in force, with
   * nothing `cleanText` would take out. A commit then scans only what it
   * changes in the file, and keeps the old text in the trash as it is.
   */
  async knownClean(): Promise<(file: string, text: string) => boolean> {
    const { redactionRules } = await redactionModule();
    const rules = redactionRules();
    return (file, text) => this.heldNoSecret(file, rules) && this.seen.get(file)?.text === text && cleanText(text) === text;
  }

  /**
   * Whether the cache as this run saved it holds `file`, found to hold no
   * secret: what is kept of the file elsewhere in `.compact/` (its terms)
   * may be kept too. False until the cache is saved.
   */
  keptClean(file: string): boolean {
    return this.savedClean?.has(file) ?? false;
  }

  /**
   * After a run committed: what it read, with the files it wrote (parsed) in
   * place of their old entries and the files it removed (`null`) gone, is
   * written for the next run. A written file's stat is unknown, so the next
   * read confirms it by its content hash, never by stat alone, and parses it
   * again if someone changed it since. A run that fails or is refused never
   * gets here: the cache, like everything else, stays as it was.
   */
  async commit(dir: MemoryDir, written: Map<string, { text: string; parsed: unknown } | null>): Promise<void> {
    for (const [file, content] of written) {
      if (content === null) {
        this.seen.delete(file);
        continue;
      }
      const hash = sha256(content.text);
      const known = this.seen.get(file);
      if (known?.sha256 !== hash) {
        this.seen.set(file, { size: -1, mtimeMs: -1, ctimeMs: -1, checkedAt: 0, sha256: hash, text: content.text, problems: [], parsed: content.parsed });
        this.unchecked.add(file);
      }
    }
    this.changed = true;
    await this.save(dir);
  }

  /**
   * After a run that committed nothing: the files it read again or confirmed by their content
   * (those a run wrote are confirmed by the next read) are saved for the commands after it.
   */
  async keep(dir: MemoryDir): Promise<void> {
    if (!this.saved) await this.save(dir);
  }

  /** Writes the cache (atomically, through the store's write path) when a file was read again or is gone. */
  private async save(dir: MemoryDir): Promise<void> {
    const { redactionRules } = await redactionModule();
    const rules = redactionRules();
    const sameRules = rules === this.previousRules;
    if (sameRules && !this.changed && [...this.previous.keys()].every((file) => this.seen.has(file))) {
      // As saved before, under these rules: every entry read from it was found clean then.
      this.savedClean = new Set([...this.seen.keys()].filter((file) => !this.unchecked.has(file)));
      return;
    }
    try {
      await dir.assertWritable(SNAPSHOT_CACHE_FILE);
      // Entries kept under other rules were found clean by those: every one is looked at again.
      const toCheck = sameRules ? this.unchecked : new Set(this.seen.keys());
      const clean = await cleanEntries(this.seen, toCheck);
      await writeAtomic(dir.resolve(SNAPSHOT_CACHE_FILE), cacheJson(rules, clean));
      this.saved = true;
      this.savedClean = new Set(clean.keys());
    } catch (error) {
      // The run has committed: a cache that cannot be written costs the next run time, never this one its result.
      const reason = error instanceof Error ? error.message.replace(`${SNAPSHOT_CACHE_FILE}: `, "") : String(error);
      this.saveProblem = {
        source: SNAPSHOT_CACHE_FILE,
        ruleId: "cache-not-saved",
        message: `not saved (${reason}); every run reads the whole memory dir again until it can be`,
      };
    }
  }
}

/**
 * The entries to save: those that hold a secret are left out (the next run reads their files
 * again). A text the store redacted and wrote as it is needs no look; a file read as the user left
 * it, or text that changed on its way to disk, is looked at by the redaction's own scan.
 */
async function cleanEntries(seen: Map<string, CachedFile>, unchecked: Set<string>): Promise<Map<string, CachedFile>> {
  const saved = new Map(seen);
  for (const file of unchecked) {
    const entry = seen.get(file);
    if (!entry) continue;
    // An escape (`\x2D` in quoted YAML) can spell in the parse a secret the text does not show. A file kept
    // as text only (the index, parsed as `null`) has no parse to spell one in.
    const escaped = entry.parsed !== null && entry.text.includes("\\");
    if (writtenRedacted(entry.sha256) && !escaped) continue;
    // A parse not kept (`{ parseAgain: true }`: a value JSON would change) cannot be looked at: what the
    // escape spells in it is unknown, and the entry is not vouched for (its file is read and redacted again).
    if (escaped && parsedAgain(entry.parsed)) {
      saved.delete(file);
      continue;
    }
    const { redactSecrets } = await redactionModule();
    // As the store scans text on its way to disk: cleaned first, so a control character cannot hide a key.
    const looked = [cleanText(entry.text), ...(escaped ? [JSON.stringify(entry.parsed) ?? ""] : [])];
    for (const text of looked) {
      if ((await redactSecrets(text)).count > 0) {
        saved.delete(file);
        break;
      }
    }
  }
  return saved;
}

// The cache as JSON.stringify({ version, files }) writes it, one file at a time: after years of
// memories it is tens of megabytes, which as one string would double the run's peak memory.
function* cacheJson(rules: string, files: Map<string, CachedFile>): Generator<string> {
  yield `{"version":${VERSION},"rules":${JSON.stringify(rules)},"files":{`;
  let first = true;
  for (const [file, entry] of files) {
    yield `${first ? "" : ","}${JSON.stringify(file)}:${JSON.stringify(entry)}`;
    first = false;
  }
  yield "}}";
}

// The parse a reader keeps for a file it parses from the text every time.
function parsedAgain(parsed: unknown): boolean {
  return typeof parsed === "object" && parsed !== null && (parsed as Record<string, unknown>)["parseAgain"] === true;
}

function isCachedFile(value: unknown): value is CachedFile {
  if (!value || typeof value !== "object") return false;
  const entry = value as Record<string, unknown>;
  return (
    typeof entry["size"] === "number" &&
    typeof entry["mtimeMs"] === "number" &&
    typeof entry["ctimeMs"] === "number" &&
    typeof entry["checkedAt"] === "number" &&
    typeof entry["sha256"] === "string" &&
    /^[0-9a-f]{64}$/.test(entry["sha256"]) &&
    typeof entry["text"] === "string" &&
    Array.isArray(entry["problems"]) &&
    "parsed" in entry
  );
}

/** True for values JSON keeps as they are: what a parse may be cached as. */
export function isPlainData(value: unknown): boolean {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainData);
  if (typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.values(value).every((item) => item === undefined || isPlainData(item));
  return false;
}

function statOrAbsent(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
