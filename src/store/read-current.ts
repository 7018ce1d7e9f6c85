import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync } from "node:fs";
import path from "node:path";
import { IoError } from "../errors/io-error.js";
import { UnsafePathError } from "../errors/unsafe-path-error.js";
import type { MemoryDir } from "./memory-dir.js";

/**
 * The file's bytes now, or null when absent. Only a regular file inside the memory dir is read: a FIFO in its
 * place would block the read for ever (`compact status`, `compact undo`), a link may lead out of the dir.
 */
export async function readCurrent(dir: MemoryDir, relPath: string): Promise<Buffer | null> {
  const file = dir.resolve(relPath);
  let fd: number;
  try {
    const folder = realpathSync.native(path.dirname(file));
    if (folder !== dir.root && !folder.startsWith(dir.root + path.sep))
      throw new UnsafePathError(relPath, "its folder's real path is outside the memory directory", "read");
    // O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the file itself is no link.
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  } catch (error) {
    if (error instanceof UnsafePathError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ELOOP") throw new UnsafePathError(relPath, "it is a symbolic link", "read");
    throw IoError.from(relPath, "read", error);
  }
  try {
    const info = fstatSync(fd);
    if (!info.isFile() && !info.isDirectory()) throw new UnsafePathError(relPath, "it is not a regular file", "read");
    return readFileSync(fd);
  } catch (error) {
    if (error instanceof UnsafePathError) throw error;
    throw IoError.from(relPath, "read", error);
  } finally {
    closeSync(fd);
  }
}
