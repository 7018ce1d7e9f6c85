import path from "node:path";
import { lilconfig, type Loader } from "lilconfig";
import YAML from "yaml";
import { ConfigError } from "../errors/config-error.js";
import { type CompactConfig, configSchema } from "./config-schema.js";

/** Where a config is looked for in each directory, first match wins. */
export const CONFIG_FILE_NAMES = [
  "compact.config.json",
  ".compactrc",
  ".compactrc.json",
  ".compactrc.yaml",
  ".compactrc.yml",
  "compact.config.yaml",
  "compact.config.yml",
];

/** A config and the file it came from, with relative paths made absolute. */
export interface LoadedConfig {
  config: CompactConfig;
  /** Undefined when no config file was found. */
  file?: string;
}

const yamlLoader: Loader = (file, content) => {
  try {
    return YAML.parse(content) ?? {};
  } catch (error) {
    throw new ConfigError(`${file}: not valid YAML (${(error as Error).message.split("\n")[0]})`);
  }
};
const jsonLoader: Loader = (file, content) => {
  try {
    return JSON.parse(content);
  } catch (error) {
    throw new ConfigError(`${file}: not valid JSON (${(error as Error).message})`);
  }
};
const loaders = { ".json": jsonLoader, ".yaml": yamlLoader, ".yml": yamlLoader, noExt: yamlLoader };

/**
 * Finds and reads the config: the file given; else one in the memory dir;
 * else the nearest one upward from the working directory. A problem names
 * the file, the key path, what was given and what is allowed.
 */
export async function loadConfig(options: { file?: string; memoryDir?: string; cwd: string }): Promise<LoadedConfig> {
  let found: { filepath: string; config: unknown } | null = null;
  try {
    if (options.file) {
      found = await lilconfig("compact", { loaders }).load(options.file);
    } else {
      if (options.memoryDir) {
        found = await lilconfig("compact", { searchPlaces: CONFIG_FILE_NAMES, loaders, stopDir: options.memoryDir }).search(options.memoryDir);
      }
      found ??= await lilconfig("compact", { searchPlaces: CONFIG_FILE_NAMES, loaders }).search(options.cwd);
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(`${options.file ?? "config"}: cannot read config (${code ?? (error as Error).message})`);
  }
  if (!found) return { config: {} };
  return { config: validate(found.config, found.filepath), file: found.filepath };
}

/** Checks a parsed config against the schema and makes its paths absolute. */
export function validate(raw: unknown, file: string): CompactConfig {
  const checked = configSchema.safeParse(raw ?? {});
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) => {
      const key = issue.path.join(".") || "(root)";
      const given = issue.path.length > 0 ? valueAt(raw, issue.path) : raw;
      return `${key}: ${issue.message}${given === undefined ? "" : ` (given: ${JSON.stringify(given)})`}`;
    });
    const more = issues.length > 5 ? `; … and ${issues.length - 5} more` : "";
    throw new ConfigError(`${file}: ${issues.slice(0, 5).join("; ")}${more}`);
  }
  return resolvePaths(checked.data, path.dirname(file));
}

function valueAt(raw: unknown, keys: PropertyKey[]): unknown {
  let value = raw;
  for (const key of keys) value = value && typeof value === "object" ? (value as Record<PropertyKey, unknown>)[key] : undefined;
  return value;
}

function resolvePaths(config: CompactConfig, base: string): CompactConfig {
  const resolved: CompactConfig = { ...config };
  if (config.dir) resolved.dir = path.resolve(base, config.dir);
  if (config.prompts?.dir) resolved.prompts = { ...config.prompts, dir: path.resolve(base, config.prompts.dir) };
  return resolved;
}
