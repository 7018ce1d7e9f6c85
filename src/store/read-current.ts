import { readFileSync } from "node:fs";
import { IoError } from "../errors/io-error.js";
import type { MemoryDir } from "./memory-dir.js";

/** The file's bytes now, or null when absent. */
export async function readCurrent(dir: MemoryDir, relPath: string): Promise<Buffer | null> {
  try {
    return readFileSync(dir.resolve(relPath));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    throw IoError.from(relPath, "read", error);
  }
}
