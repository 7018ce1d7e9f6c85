import { readFile } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../errors/config-error.js";
import { type CompactConfig, configSchema } from "./config-schema.js";

export const CONFIG_FILE_NAME = "compact.config.json";

/** A config and the file it came from, with relative paths made absolute. */
export interface LoadedConfig {
  config: CompactConfig;
  /** Undefined when no config file was found. */
  file?: string;
}

/**
 * Reads the config: the file given, else the first `compact.config.json`
 * in `searchDirs`, else none. A problem names the file, the key path and what is wrong.
 */
export async function loadConfig(explicitFile: string | undefined, searchDirs: string[]): Promise<LoadedConfig> {
  if (explicitFile) return readConfigFile(explicitFile, await readText(explicitFile));
  for (const dir of searchDirs) {
    const file = path.join(dir, CONFIG_FILE_NAME);
    const text = await readText(file).catch((error: unknown) => {
      if (error instanceof ConfigError && error.cause === "ENOENT") return undefined;
      throw error;
    });
    if (text !== undefined) return readConfigFile(file, text);
  }
  return { config: {} };
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(`${file}: cannot read config (${code})`, { cause: code });
  }
}

function readConfigFile(file: string, text: string): LoadedConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
  const checked = configSchema.safeParse(raw);
  if (!checked.success) {
    const issues = checked.error.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`);
    const more = checked.error.issues.length > 5 ? `; … and ${checked.error.issues.length - 5} more` : "";
    throw new ConfigError(`${file}: ${issues.join("; ")}${more}`);
  }
  return { config: resolvePaths(checked.data, path.dirname(file)), file };
}

function resolvePaths(config: CompactConfig, base: string): CompactConfig {
  const resolved: CompactConfig = { ...config };
  if (config.dir) resolved.dir = path.resolve(base, config.dir);
  if (config.prompts?.dir) resolved.prompts = { ...config.prompts, dir: path.resolve(base, config.prompts.dir) };
  return resolved;
}
