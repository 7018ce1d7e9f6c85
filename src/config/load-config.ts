import { constants, type Stats } from "node:fs";
import { lstat, open, readFile, readlink, stat } from "node:fs/promises";
import { homedir } from "node:os";
import path from "node:path";
import { type Loader, lilconfig } from "lilconfig";
import { ConfigError } from "../errors/config-error.js";
import { redactionModule } from "../store/lazy-redaction.js";
import { yaml } from "../text/yaml.js";
import type { CompactConfig } from "./config-schema.js";
import { notValidJson, notValidYaml } from "./config-syntax.js";
import type { ConfigOrigin } from "./config-trust.js";
import { assertPromptsInside } from "./prompts-trust.js";

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

/** A config, the file it came from, and what was wrong but harmless (an unknown key). */
export interface LoadedConfig {
  config: CompactConfig;
  /** Undefined when no config file was found. */
  file?: string;
  /** `given` with `--config`, else `found`: see `ConfigOrigin`. Undefined when there is no file. */
  origin?: ConfigOrigin;
  warnings: string[];
}

// A document, not `parse`: `parse` hands the library's warnings (an unresolved tag such as `!!js/function`)
// to process.emitWarning, a multi-line Node warning on stderr. A tag the core schema does not know is refused.
// A problem is said by its code and position: the library's messages may quote the file (`config-syntax.ts`).
const yamlLoader: Loader = (file, content) => {
  const { LineCounter, isAlias, visit } = yaml();
  const lines = new LineCounter();
  const at = (offset: number) => {
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  let document: ReturnType<ReturnType<typeof yaml>["parseDocument"]>;
  try {
    document = yaml().parseDocument(content, { schema: "core", lineCounter: lines });
  } catch {
    throw notValidYaml(file, undefined, undefined);
  }
  const problem = document.errors[0] ?? document.warnings[0];
  if (problem) throw notValidYaml(file, problem.code, at(problem.pos[0]));
  try {
    return document.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (error) {
    if (/^Excessive alias count/.test((error as Error).message)) throw notValidYaml(file, "TOO_MANY_ALIASES", undefined);
    // An alias with no anchor before it: found again for its position, as the error's message names it.
    let unresolved: number | undefined;
    visit(document, (_key, node) => {
      if (isAlias(node) && node.resolve(document) === undefined) {
        unresolved = node.range?.[0];
        return visit.BREAK;
      }
      return undefined;
    });
    if (unresolved !== undefined) throw notValidYaml(file, "UNRESOLVED_ALIAS", at(unresolved));
    throw notValidYaml(file, undefined, undefined);
  }
};
const jsonLoader: Loader = (file, content) => {
  // A byte order mark (Windows' Notepad writes one) is no part of the JSON, as the YAML reader and lilconfig's own take it.
  const json = content.replace(/^\uFEFF/, "");
  try {
    return JSON.parse(json);
  } catch {
    // JSON.parse's message may quote the text around the error: where it is, in our words instead.
    throw notValidJson(file, json);
  }
};
// A config is data: lilconfig's own loaders for `.js`, `.mjs` and `.cjs` import the file, running it.
// Only these are read, whatever --config names; any other extension is refused before a byte is read.
const loaders = { ".json": jsonLoader, ".yaml": yamlLoader, ".yml": yamlLoader, noExt: yamlLoader };
const noCode: Loader = (file) => {
  throw new ConfigError(`${file}: a config file is JSON or YAML (.json, .yaml, .yml), never code: not read`, { file });
};
const readAs = { ...loaders, ".js": noCode, ".mjs": noCode, ".cjs": noCode };

/**
 * Finds and reads the config: the file given; else one in the memory dir;
 * else the nearest one upward from the working directory. A problem names
 * the file, the key path, what was given and what is allowed. A found config
 * may read prompts only from inside its own folder; where it may send a key
 * is checked once flags and environment are known (`resolveSettings`).
 */
export async function loadConfig(options: { file?: string | undefined; memoryDir?: string | undefined; cwd: string }): Promise<LoadedConfig> {
  let found: { filepath: string; config: unknown } | null = null;
  try {
    if (options.file) {
      const file = path.resolve(options.cwd, options.file);
      const extension = path.extname(file);
      if (!Object.hasOwn(loaders, extension || "noExt"))
        throw new ConfigError(`${options.file}: a config file is JSON or YAML (.json, .yaml, .yml), never code: not read`, { file: options.file });
      await assertConfigFile(file, { shown: options.file });
      // The path resolved against the run's working directory, not the process's (lilconfig's own).
      found = await lilconfig("compact", { loaders: readAs }).load(file);
    } else {
      if (options.memoryDir) {
        await assertCandidates(options.memoryDir, options.memoryDir);
        found = await lilconfig("compact", { searchPlaces: CONFIG_FILE_NAMES, loaders: readAs, stopDir: options.memoryDir }).search(options.memoryDir);
      }
      if (!found) {
        await assertCandidates(options.cwd, homedir());
        found = await lilconfig("compact", { searchPlaces: CONFIG_FILE_NAMES, loaders: readAs }).search(options.cwd);
      }
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const what = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a directory" : (code ?? (error as Error).message);
    throw new ConfigError(`${options.file ?? "config"}: cannot read config (${what})`, { file: options.file });
  }
  if (!found) return { config: {}, warnings: [] };
  const origin: ConfigOrigin = options.file ? "given" : "found";
  // A found config is read again from the file its owner check opened: read first by its path, a link on the way
  // could have pointed elsewhere then (`readOwnConfig`).
  const config = origin === "found" ? await readOwnConfig(found.filepath, found.config) : found.config;
  const checked = await validate(config, found.filepath);
  const promptsDir = checked.config.prompts?.dir;
  if (origin === "found" && promptsDir !== undefined) {
    // Checked again as each prompt is read (`readPromptFile`): a file may be swapped for a link after this.
    await assertPromptsInside(promptsDir, found.filepath);
  }
  return { ...checked, file: found.filepath, origin };
}

/**
 * Refuses a config found on its own that another user owns (root aside), as git refuses a repository another user
 * owns: one found upward in a shared folder (`/tmp/compact.config.json`) could send the logs to a loopback port anyone
 * there can listen on, or put the memory dir in any folder beside it. The file and its folder, and every link on the way
 * to it (the one found, one it points to, one among the folders above it) and the folder that link is in: another
 * user's link, or a folder of theirs holding one, is theirs to point anywhere. The text is read from the file checked,
 * opened once: what the search read by its path may have been another file, a link on the way pointed elsewhere then.
 * Where there are no owners (Windows), none is, and the search's reading stands.
 */
async function readOwnConfig(file: string, searched: unknown): Promise<unknown> {
  const uid = process.getuid?.();
  if (uid === undefined) return searched;
  const own = (owner: number) => owner === uid || owner === 0;
  const refuse = (why: string) =>
    new ConfigError(
      `${file}: ${why}; compact reads a config it finds on its own only when it is yours or root's — if you trust this file, pass it with --config ${file}`,
      { file },
    );
  let text: string;
  try {
    const walked = await walkLinks(file, own);
    if ("refused" in walked) throw refuse(walked.refused);
    // Not a link now (one put in its place since is refused), nor a FIFO that would block the open.
    const handle = await open(walked.real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw new ConfigError(`${file}: cannot read config (not a regular file)`, { file });
      if (!own(info.uid)) throw refuse(`owned by another user (uid ${info.uid})`);
      const folder = await stat(path.dirname(walked.real));
      if (!own(folder.uid)) throw refuse(`in a folder another user owns (uid ${folder.uid})`);
      if (info.size > MAX_CONFIG_BYTES)
        throw new ConfigError(`${file}: cannot read config (${info.size} bytes; a config is at most ${MAX_CONFIG_BYTES})`, { file });
      text = await handle.readFile("utf8");
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      `${file}: cannot read config (${code === "ELOOP" ? "a symbolic link put in its place, or one that loops" : (code ?? (error as Error).message)})`,
      { file },
    );
  }
  if (text.trim() === "") return undefined;
  const extension = path.extname(file) || "noExt";
  const loader = loaders[extension as keyof typeof loaders] ?? yamlLoader;
  return loader(file, text);
}

// The links a path goes through, as the system follows them: each must be yours or root's, in a folder of yours or
// root's. The real path it reaches (no link in it), or why it is refused.
const MAX_LINKS = 40;

async function walkLinks(file: string, own: (owner: number) => boolean): Promise<{ real: string } | { refused: string }> {
  const absolute = path.resolve(file);
  const root = path.parse(absolute).root;
  let real = root;
  const rest = absolute.slice(root.length).split(path.sep).filter(Boolean);
  let links = 0;
  while (rest.length > 0) {
    const name = rest.shift()!;
    if (name === ".") continue;
    if (name === "..") {
      real = path.dirname(real);
      continue;
    }
    const next = path.join(real, name);
    const info = await lstat(next);
    if (!info.isSymbolicLink()) {
      real = next;
      continue;
    }
    if (++links > MAX_LINKS) throw Object.assign(new Error("too many links"), { code: "ELOOP" });
    const where = next === absolute ? "" : ` (${next})`;
    if (!own(info.uid)) return { refused: `a link another user owns (uid ${info.uid})${where}` };
    const folder = await stat(real);
    if (!own(folder.uid)) return { refused: `a link in a folder another user owns (uid ${folder.uid})${where}` };
    const target = await readlink(next);
    if (path.isAbsolute(target)) real = path.parse(target).root;
    rest.unshift(...target.split(path.sep).filter(Boolean));
  }
  return { real };
}

// A config is a few lines: past this, a file is not one.
const MAX_CONFIG_BYTES = 1024 * 1024;

/**
 * The config files a search would read, up to the one it would take (the first that is not
 * blank), checked before it reads them: a FIFO would block the run and `/dev/zero` fill memory.
 * The search itself walks as lilconfig does, from `from` up to `stopDir` or the root.
 */
async function assertCandidates(from: string, stopDir: string): Promise<void> {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    for (const name of CONFIG_FILE_NAMES) {
      const file = path.join(dir, name);
      if (!(await assertConfigFile(file, { absentOk: true }))) continue;
      if ((await readFile(file, "utf8")).trim() !== "") return;
    }
    if (dir === stopDir || dir === path.dirname(dir)) return;
  }
}

// A config file must be a regular file of a sane size (after symbolic links); false when absent and that is allowed.
async function assertConfigFile(file: string, options: { absentOk?: boolean; shown?: string } = {}): Promise<boolean> {
  let info: Stats;
  const shown = options.shown ?? file;
  try {
    info = await stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Absent is absent; a link that loops or a file that cannot be read is a config the user meant, not none.
    if (options.absentOk && (code === "ENOENT" || code === "ENOTDIR")) return false;
    if (code === "ELOOP") throw new ConfigError(`${shown}: cannot read config (a symbolic link that loops)`, { file: shown });
    if (code === "EACCES") throw new ConfigError(`${shown}: cannot read config (permission denied)`, { file: shown });
    throw error;
  }
  if (info.isDirectory()) throw new ConfigError(`${shown}: cannot read config (it is a directory)`, { file: shown });
  if (!info.isFile()) throw new ConfigError(`${shown}: cannot read config (not a regular file)`, { file: shown });
  if (info.size > MAX_CONFIG_BYTES)
    throw new ConfigError(`${shown}: cannot read config (${info.size} bytes; a config is at most ${MAX_CONFIG_BYTES})`, { file: shown });
  return true;
}

/**
 * Checks a parsed config against the schema and makes its paths absolute.
 * An unknown key is a warning (a newer config read by an older compact still
 * works); a wrong value is an error. The schema (zod) is loaded here, so a
 * run without a config file never loads it.
 */
export async function validate(raw: unknown, file: string): Promise<{ config: CompactConfig; warnings: string[] }> {
  const { configSchema } = await import("./config-schema.js");
  const warnings: string[] = [];
  let input = raw ?? {};
  let checked = configSchema.safeParse(input);
  const unknown = checked.success ? [] : checked.error.issues.filter((issue) => issue.code === "unrecognized_keys");
  if (unknown.length > 0) {
    input = structuredClone(input);
    for (const issue of unknown) {
      const parent = valueAt(input, issue.path) as Record<string, unknown>;
      for (const key of (issue as { keys: string[] }).keys) {
        warnings.push(`${file}: unknown key '${await shownRedacted([...issue.path, key].join("."))}' ignored`);
        delete parent[key];
      }
    }
    checked = configSchema.safeParse(input);
  }
  if (!checked.success) {
    const issues = await Promise.all(
      checked.error.issues.map(async (issue) => {
        // A key pasted where a setting's name goes (`prices: {"sk-…": …}`) is shown redacted, as in the unknown-key warning.
        const key = issue.path.length > 0 ? await shownRedacted(issue.path.join(".")) : "(root)";
        const given = issue.path.length > 0 ? valueAt(input, issue.path) : input;
        return `${key}: ${issue.message}${given === undefined ? "" : ` (${await shownGiven(issue.path, given)})`}`;
      }),
    );
    const more = issues.length > 5 ? `; … and ${issues.length - 5} more` : "";
    throw new ConfigError(`${file}: ${issues.slice(0, 5).join("; ")}${more}`, { file });
  }
  return { config: resolvePaths(checked.data, path.dirname(file)), warnings };
}

// What was given, as an error shows it: a key written where its variable's name goes (`apiKeyEnv`) is not
// shown at all, and a secret anywhere else (a password in a baseURL) is shown redacted.
async function shownGiven(keys: PropertyKey[], given: unknown): Promise<string> {
  if (keys.at(-1) === "apiKeyEnv" && typeof given === "string") return "given: a value not shown, as it may be the key itself";
  return `given: ${await shownRedacted(JSON.stringify(given) ?? String(given))}`;
}

// Text of the config as a message shows it: a value, or a key pasted where a setting's name goes (`{"sk-ant-…": true}`).
async function shownRedacted(text: string): Promise<string> {
  const { redactSecrets } = await redactionModule();
  return (await redactSecrets(text)).text;
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
  // Log globs are written relative to the config file; kept absolute until the memory dir is known.
  if (config.logs?.include) resolved.logs = { ...resolved.logs, include: config.logs.include.map((glob) => path.resolve(base, glob)) };
  if (config.logs?.exclude) resolved.logs = { ...resolved.logs, exclude: config.logs.exclude.map((glob) => path.resolve(base, glob)) };
  return resolved;
}
