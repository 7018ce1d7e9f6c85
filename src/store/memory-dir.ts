import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, realpathSync, type Stats } from "node:fs";
import { lstat, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import picomatch from "picomatch";
import { InputError } from "../errors/input-error.js";
import { IoError } from "../errors/io-error.js";
import { UnsafePathError } from "../errors/unsafe-path-error.js";
import { UsageError } from "../errors/usage-error.js";
import type { Problem } from "../problems/problem.js";
import { byCodeUnit } from "../text/by-code-unit.js";
import { detectLayout, type LayoutName, type MemoryLayout } from "./memory-layout.js";

/** Default largest file read as input, in bytes. */
export const DEFAULT_MAX_INPUT_BYTES = 10 * 1024 * 1024;

/** A file read from the memory dir, or why it was skipped. */
export type InputRead = { bytes: Buffer } | { skipped: Problem };

/** How `MemoryDir.list` matches and what it reports. */
export interface ListOptions {
  /** `skip`: a symlinked file is skipped with a warning, never listed (memories and summaries are regular files). */
  links?: "follow" | "skip";
  /** A name's extension matches in any case: `2026-04-01.MD` is found by `*.md`. */
  anyCaseExtension?: boolean;
  /** A folder the globs match (`2026-04-01.md/`) is reported as skipped, not passed over. */
  reportFolders?: boolean;
}

/** Files listed under some globs, and the entries skipped with a reason. */
export interface Listing {
  /** Paths relative to the memory dir, `/` separated, sorted. */
  files: string[];
  skipped: Problem[];
}

/**
 * The memory directory as a jail. Its real path is resolved once; every read
 * and write goes through here. A write never goes through a symlink or leaves
 * the directory; an input whose real path is outside it, or that is not a
 * regular file (a FIFO, a device, a socket), is skipped with a warning.
 */
export class MemoryDir {
  private readonly checkedDirs = new Set<string>();

  private constructor(
    /** The real path of the directory. */
    readonly root: string,
    /** The directory as the user named it, for messages. */
    readonly given: string,
    readonly layout: MemoryLayout,
    /** Why this layout: `config`, `found local.md`, `default`. */
    readonly layoutReason: string,
  ) {}

  /** Resolves `dir` (it may itself be a symlink) and checks it is a directory. */
  static async open(dir: string, layout?: LayoutName): Promise<MemoryDir> {
    let root: string;
    try {
      root = await realpath(dir);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") throw new UsageError(`memory directory '${dir}' does not exist`);
      if (code === "ENOTDIR") throw new UsageError(`memory directory '${dir}' is not a directory`);
      throw IoError.from(dir, "open the memory directory", error);
    }
    const found = await stat(root).catch((error: unknown) => {
      throw IoError.from(dir, "open the memory directory", error);
    });
    if (!found.isDirectory()) throw new UsageError(`memory directory '${dir}' is not a directory (it is a file)`);
    const detected = await detectLayout(root, layout, path.basename(path.resolve(dir)));
    return new MemoryDir(root, dir, detected.layout, detected.reason);
  }

  /**
   * The absolute path of a file in the memory dir. Only clean relative paths
   * are accepted: no `..`, no absolute path, no backslash, no NUL.
   */
  resolve(relPath: string): string {
    const clean = path.posix.normalize(relPath);
    if (
      relPath === "" ||
      path.posix.isAbsolute(relPath) ||
      path.win32.isAbsolute(relPath) ||
      relPath.includes("\\") ||
      relPath.includes("\0") ||
      clean.startsWith("../") ||
      clean === ".." ||
      clean === "."
    ) {
      throw new UnsafePathError(relPath, `it is not a path inside the memory directory ${this.root}`);
    }
    return path.join(this.root, clean);
  }

  /**
   * Checks that `relPath` can be written without leaving the memory dir:
   * no component is a symlink, every folder on the way is a folder (or
   * absent), and the file itself is not a symlink or a directory.
   */
  async assertWritable(relPath: string): Promise<void> {
    const target = this.resolve(relPath);
    const parts = path.relative(this.root, target).split(path.sep);
    let current = this.root;
    for (const [i, part] of parts.entries()) {
      current = path.join(current, part);
      const last = i === parts.length - 1;
      if (!last && this.checkedDirs.has(current)) continue;
      const found = lstatOrAbsent(current, relPath);
      if (!found) return;
      const shown = path.relative(this.root, current).split(path.sep).join("/");
      if (found.isSymbolicLink()) throw new UnsafePathError(relPath, `${shown} is a symbolic link`);
      if (last) {
        if (found.isDirectory()) throw new IoError(relPath, "EISDIR", "cannot write: a directory is in the way");
        if (!found.isFile()) throw new UnsafePathError(relPath, "it is not a regular file");
      } else if (!found.isDirectory()) {
        throw new IoError(relPath, "ENOTDIR", `cannot write: ${shown} is a file, not a folder`);
      } else {
        this.checkedDirs.add(current);
      }
    }
  }

  /** Forgets the folders checked so far (after a run created or removed some). */
  forgetChecks(): void {
    this.checkedDirs.clear();
  }

  /**
   * Reads an input file's bytes, if it is a regular file whose real path is
   * inside the memory dir. A file larger than `maxBytes` is an error naming
   * the file and the limit (a log the run must not half read), or skipped
   * with a warning (`oversized: "skip"`, a memory the run can do without).
   */
  async readInput(relPath: string, maxBytes: number = DEFAULT_MAX_INPUT_BYTES, options: { oversized?: "error" | "skip" } = {}): Promise<InputRead> {
    const skip = (message: string, ruleId = "unsafe-input"): InputRead => ({ skipped: { source: relPath, ruleId, message: `${message}; skipped` } });
    // In place, not through the thread pool: a long run reads thousands of logs, a few calls each.
    let real: string;
    try {
      real = realpathSync.native(this.resolve(relPath));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return skip("it does not exist (a broken link?)");
      throw IoError.from(relPath, "read", error);
    }
    if (real !== this.root && !real.startsWith(this.root + path.sep)) return skip("its real path is outside the memory directory");
    let fd: number | undefined;
    try {
      // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the real path has no link left.
      fd = openSync(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
      const info = fstatSync(fd);
      if (!info.isFile()) return skip("it is not a regular file");
      if (info.size > maxBytes) {
        if (options.oversized === "skip") return skip(`${formatBytes(info.size)} is over the ${formatBytes(maxBytes)} a file may hold`, "too-large");
        throw new InputError(
          relPath,
          `${formatBytes(info.size)} is over the ${formatBytes(maxBytes)} limit for one file (logs.maxBytes); split the file or raise the limit`,
        );
      }
      return { bytes: readFileSync(fd) };
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw IoError.from(relPath, "read", error);
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }

  /**
   * Lists files matching globs (relative to the memory dir), without
   * following symlinked folders. A symlinked file is listed when its real
   * path is inside the memory dir and skipped with a warning otherwise; a
   * FIFO, socket or device matching the globs is skipped with a warning.
   */
  async list(patterns: string[], ignore: string[] = [], options: ListOptions = {}): Promise<Listing> {
    const glob = picomatch(patterns, { dot: false });
    const ignoreGlob = picomatch(ignore.length > 0 ? ignore : ["\0"], { dot: true });
    // A glob's `.md` is also `.MD` or `.Md` when asked: the name's extension is tried in lower case too.
    const lowerExtension = (rel: string) => rel.replace(/\.[^./]+$/, (extension) => extension.toLowerCase());
    const isMatch = options.anyCaseExtension ? (rel: string) => glob(rel) || glob(lowerExtension(rel)) : glob;
    const isIgnored = options.anyCaseExtension ? (rel: string) => ignoreGlob(rel) || ignoreGlob(lowerExtension(rel)) : ignoreGlob;
    const files = new Set<string>();
    const skipped: Problem[] = [];
    for (const { base, depth } of walkRoots(patterns)) {
      // A glob that starts outside the memory dir (`../notes/*.md` in logs.include) is refused as a read.
      if (base !== "") {
        try {
          this.resolve(base);
        } catch (error) {
          if (error instanceof UnsafePathError)
            throw new UnsafePathError(base, `daily logs are read from inside the memory directory ${this.root} only`, "read");
          throw error;
        }
      }
      await this.walk(base, depth, (rel, found, real, folder, unreadInTree) => {
        const linkedFolder = rel === base && found !== "file";
        // A folder the globs lead into (`logs/` itself, `logs/2026/`) that is a link, or cannot be opened by its name,
        // holds files they would list: said, when folders are reported, so logs there are not passed over without a word.
        if (options.reportFolders && (linkedFolder || unreadInTree) && !isIgnored(rel)) {
          skipped.push({ source: rel, ruleId: "folder-not-read", message: `${found}; skipped` });
          return;
        }
        if (!linkedFolder && (!isMatch(rel) || isIgnored(rel))) return;
        if (folder) {
          if (options.reportFolders) skipped.push({ source: rel, ruleId: "not-a-file", message: `${found}; skipped` });
          return;
        }
        const kind = real === undefined ? found : linkKind(found, real, options.links ?? "follow");
        if (kind === "file") files.add(rel);
        else skipped.push({ source: rel, ruleId: "unsafe-input", message: `${kind}; skipped` });
      });
    }
    return { files: [...files].sort(byCodeUnit), skipped: skipped.sort((a, b) => byCodeUnit(a.source, b.source)) };
  }

  private async walk(
    relDir: string,
    depth: number,
    visit: (rel: string, kind: string, real?: string, folder?: boolean, unreadInTree?: boolean) => void,
  ): Promise<void> {
    let entries: import("node:fs").Dirent[];
    if (relDir !== "") {
      // A folder named in a glob (`weekly/`, `logs/`) that is a link is not followed: it may lead anywhere.
      const base = await lstat(this.resolve(relDir)).catch(() => undefined);
      if (!base) return;
      if (base.isSymbolicLink()) {
        visit(relDir, "a symbolic link to a folder, not followed");
        return;
      }
    }
    try {
      entries = await readdir(relDir === "" ? this.root : this.resolve(relDir), { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return;
      throw IoError.from(relDir || ".", "list", error);
    }
    entries.sort((a, b) => byCodeUnit(a.name, b.name));
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const rel = relDir === "" ? entry.name : `${relDir}/${entry.name}`;
      // A name in bytes that are not UTF-8 is listed with U+FFFD in their place: a path no call can open.
      if (entry.name.includes("\uFFFD") && !lstatSync(path.join(this.root, rel), { throwIfNoEntry: false })) {
        visit(rel, "its name is not valid UTF-8, so it cannot be opened (rename it)", undefined, entry.isDirectory(), entry.isDirectory() && depth > 0);
        continue;
      }
      if (entry.isDirectory()) {
        visit(rel, "a folder, not a file", undefined, true);
        if (depth > 0) await this.walk(rel, depth - 1, visit);
      } else if (entry.isFile()) {
        visit(rel, "file");
      } else if (entry.isSymbolicLink()) {
        const real = await realpath(path.join(this.root, rel)).catch(() => undefined);
        const inside = real?.startsWith(this.root + path.sep) === true;
        const info = real ? await stat(real).catch(() => undefined) : undefined;
        if (info?.isDirectory()) {
          visit(rel, "a symbolic link to a folder, not followed", undefined, true, depth > 0);
          continue;
        }
        visit(
          rel,
          !real
            ? "a broken symbolic link"
            : !inside
              ? "a symbolic link whose real path is outside the memory directory"
              : info?.isFile()
                ? "file"
                : "not a regular file",
          inside && info?.isFile() ? path.relative(this.root, real!).split(path.sep).join("/") : undefined,
        );
      } else {
        visit(rel, "not a regular file (a FIFO, socket or device)");
      }
    }
  }
}

// What a symlinked file inside the dir is to a listing. Never the tool's state or a hidden file (`.compact/`,
// `.git/`), which no name in the dir may stand for; with `skip` (memories and summaries, which are only
// ever written as regular files), not read at all: a link there is a second name for another file, a daily
// log or a memory, which would be served and searched as a memory of its own.
function linkKind(found: string, real: string, links: "follow" | "skip"): string {
  if (real.split("/").some((part) => part.startsWith("."))) return `a symbolic link to ${real}, a file of the tool's state or a hidden one`;
  if (links === "skip") return `a symbolic link to ${real}: memories and summaries are read from regular files only`;
  return found;
}

// In place, not through the thread pool: a commit checks every path it writes, several times (see `commitChanges`).
function lstatOrAbsent(file: string, relPath: string): Stats | undefined {
  try {
    // Most paths a commit checks are new (its stage, its trash): absence is no exception.
    return lstatSync(file, { throwIfNoEntry: false });
  } catch (error) {
    throw IoError.from(relPath, "write", error);
  }
}

// Where to start walking for each glob, and how deep: `*.md` is the top only, `logs/**/*.md` all of logs/.
function walkRoots(patterns: string[]): { base: string; depth: number }[] {
  const roots = new Map<string, number>();
  for (const pattern of patterns) {
    const scan = picomatch.scan(pattern);
    const base = scan.isGlob ? scan.base : path.posix.dirname(pattern) === "." ? "" : path.posix.dirname(pattern);
    const depth = !scan.isGlob ? 0 : scan.glob.includes("**") ? Number.POSITIVE_INFINITY : scan.glob.split("/").length - 1;
    roots.set(base, Math.max(roots.get(base) ?? 0, depth));
  }
  return [...roots].map(([base, depth]) => ({ base, depth }));
}

// Bytes under a kilobyte: rounded up, a 69-byte file was "1 KB over the 1 KB limit" of 20 bytes.
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
