import { constants } from "node:fs";
import { open, readFile, realpath } from "node:fs/promises";
import path from "node:path";
import { assertPromptReadable } from "../config/prompts-trust.js";

/**
 * Reads the prompt `name` from `dir`, line ends made `\n`. `foundConfig`: the config compact found
 * on its own that named `dir`; the prompt is then checked as it is read, not only when the config
 * was loaded: its links are followed, its real path must lie inside the config's folder (else a
 * `ConfigError`), and that real path is opened without following a link, so a prompt swapped for
 * a link to a file outside is not read. Any other failure is the file system's, for the caller to name.
 */
export async function readPromptFile(dir: string, name: string, foundConfig?: string): Promise<string> {
  const file = path.join(dir, name);
  const text = foundConfig === undefined ? await readFile(file, "utf8") : await readConfined(foundConfig, file);
  return text.replace(/\r\n?/g, "\n");
}

async function readConfined(foundConfig: string, file: string): Promise<string> {
  const real = await realpath(file);
  await assertPromptReadable(foundConfig, file, real);
  // O_NOFOLLOW: the real path has no link left; O_NONBLOCK: a FIFO put there does not wait for a writer.
  const handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a regular file`);
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}
