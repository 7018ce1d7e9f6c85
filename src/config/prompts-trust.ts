import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../errors/config-error.js";
import { isInside } from "./config-trust.js";

/** The prompt files a run may read from `prompts.dir`: the compaction and the consolidation pairs. */
const PROMPT_FILES = ["compact-system.md", "compact-user.md", "consolidate-system.md", "consolidate-user.md"];

/**
 * Refuses a prompt whose real path, just resolved by its reader, leads outside the folder of
 * `configFile`, the found config that named its folder: a prompt is read later than the config
 * is loaded, and a file may be swapped for a link in between.
 */
export async function assertPromptReadable(configFile: string, prompt: string, real: string): Promise<void> {
  if (!isInside(await realpath(path.dirname(configFile)), real)) throw promptsRefused(configFile, `${prompt} (a symbolic link to ${real})`);
}

/**
 * Refuses a found config whose `prompts.dir` (already absolute), or a prompt file in it,
 * leads outside the folder that holds the config once symbolic links are followed.
 */
export async function assertPromptsInside(promptsDir: string, file: string): Promise<void> {
  const refuse = (where: string) => promptsRefused(file, where);
  if (!isInside(path.dirname(file), promptsDir)) throw refuse(promptsDir);
  const realFolder = await realpath(path.dirname(file));
  const realDir = await realOrUndefined(promptsDir, file);
  // A folder that is not there holds nothing to read; loading the prompts says it is missing.
  if (realDir === undefined) return;
  if (!isInside(realFolder, realDir)) throw refuse(`${promptsDir} (a symbolic link to ${realDir})`);
  for (const name of PROMPT_FILES) {
    const prompt = path.join(promptsDir, name);
    const real = await realOrUndefined(prompt, file);
    if (real === undefined) {
      // A dangling link could be pointed outside later: refused like one that points there now.
      if (await isLink(prompt)) throw refuse(`${prompt} (a symbolic link that leads nowhere)`);
      continue;
    }
    if (!isInside(realFolder, real)) throw refuse(`${prompt} (a symbolic link to ${real})`);
  }
}

function promptsRefused(file: string, where: string): ConfigError {
  return new ConfigError(
    `${file}: prompts.dir ${where} leads outside ${path.dirname(file)}, the folder of this config; a config not given with --config reads prompts only from inside its folder — if you trust this file, pass it with --config ${file}`,
    { file },
  );
}

async function realOrUndefined(target: string, file: string): Promise<string | undefined> {
  try {
    return await realpath(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw new ConfigError(`${file}: prompts.dir: cannot follow ${target} (${code ?? (error as Error).message})`, { file });
  }
}

async function isLink(target: string): Promise<boolean> {
  try {
    return (await lstat(target)).isSymbolicLink();
  } catch {
    return false;
  }
}
