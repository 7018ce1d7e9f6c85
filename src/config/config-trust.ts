import { lstat, realpath } from "node:fs/promises";
import path from "node:path";
import { ConfigError } from "../errors/config-error.js";
import type { CompactConfig } from "./config-schema.js";
import { BASE_URL_ENV, DEFAULT_HOST, KEY_ENV, type ProviderName } from "./providers.js";

/**
 * How a config reached the run. `given` (`--config`, or a config passed to the API) is trusted
 * whole; `found` (in the memory dir, or upward from the working directory) may have come with a
 * directory someone else wrote, so it may not choose where an API key goes or read files outside
 * its own folder.
 */
export type ConfigOrigin = "given" | "found";

const LOOPBACK = "a loopback host (localhost, 127.0.0.1, ::1)";

/** What the key check needs of the resolved settings, and where each value came from. */
export interface KeyRoute {
  provider: ProviderName;
  baseURL: string | undefined;
  apiKeyEnv: string;
  /** Sources as `resolveSettings` records them: `config <file>`, `env NAME`, `flag --x`, `default`. */
  baseURLSource: string;
  apiKeyEnvSource: string;
  embeddings: CompactConfig["embeddings"];
  env: Record<string, string | undefined>;
}

/**
 * Refuses a found config that would send an API key to a host other than the provider's own
 * (over https) or a loopback one: by setting the host (`model.baseURL`, `embeddings.baseURL`),
 * or by naming a key variable other than the standard one for a host the user set.
 */
export function assertKeyRoutes(route: KeyRoute, file: string): void {
  const fromFile = `config ${file}`;
  const { provider } = route;
  // The offline and replay models call no one; ollama sends a placeholder unless a key variable is named.
  const sendsKey = provider === "anthropic" || provider === "openai" || (provider === "ollama" && route.apiKeyEnv !== "");
  if (sendsKey && route.baseURL !== undefined && !safeHost(route.baseURL, DEFAULT_HOST[provider])) {
    const hostFromFile = route.baseURLSource === fromFile;
    const keyFromFile = route.apiKeyEnvSource === fromFile && route.apiKeyEnv !== KEY_ENV[provider];
    if (hostFromFile || keyFromFile) {
      const orEnv = hostFromFile && !keyFromFile && BASE_URL_ENV[provider] ? `, or set ${BASE_URL_ENV[provider]} yourself` : "";
      const what = hostFromFile
        ? `model.baseURL ${shownURL(route.baseURL)} would receive the key in ${route.apiKeyEnv}`
        : `model.apiKeyEnv ${route.apiKeyEnv} would send that key to ${shownURL(route.baseURL)} (from ${route.baseURLSource})`;
      throw refused(file, what, DEFAULT_HOST[provider] ? `${DEFAULT_HOST[provider]} or ${LOOPBACK}` : LOOPBACK, orEnv);
    }
  }
  // The embeddings client sends the key whenever its variable is set, to any endpoint.
  const embeddings = route.embeddings;
  if (embeddings) {
    const keyEnv = embeddings.apiKeyEnv ?? "OPENAI_API_KEY";
    const url = embeddings.baseURL || route.env["OPENAI_BASE_URL"] || undefined;
    if (url !== undefined && !safeHost(url, "api.openai.com") && (embeddings.baseURL || keyEnv !== "OPENAI_API_KEY")) {
      const what = embeddings.baseURL
        ? `embeddings.baseURL ${shownURL(url)} would receive the key in ${keyEnv}`
        : `embeddings.apiKeyEnv ${keyEnv} would send that key to ${shownURL(url)} (from env OPENAI_BASE_URL)`;
      throw refused(file, what, `api.openai.com or ${LOOPBACK}`, "");
    }
  }
}

function refused(file: string, what: string, allowed: string, orElse: string): ConfigError {
  return new ConfigError(
    `${file}: ${what}; a config not given with --config may send a key only to ${allowed} — if you trust this file, pass it with --config ${file}${orElse}`,
    { file },
  );
}

/** A provider's own host over https on its standard port, or a loopback host over anything. */
function safeHost(url: string, defaultHost: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname;
  // URL has already turned `127.1` or `0x7f000001` into dotted form and bracketed IPv6.
  if (host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host)) return true;
  return defaultHost !== undefined && host === defaultHost && parsed.protocol === "https:" && parsed.port === "";
}

// Scheme, host and port: a user name or password in the URL is never printed.
function shownURL(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return JSON.stringify(url);
  }
}

/** The prompt files a run may read from `prompts.dir`: the compaction and the consolidation pairs. */
const PROMPT_FILES = ["compact-system.md", "compact-user.md", "consolidate-system.md", "consolidate-user.md"];

/**
 * Refuses a found config whose `prompts.dir` (already absolute), or a prompt file in it,
 * leads outside the folder that holds the config once symbolic links are followed.
 */
export async function assertPromptsInside(promptsDir: string, file: string): Promise<void> {
  const folder = path.dirname(file);
  const refuse = (where: string) =>
    new ConfigError(
      `${file}: prompts.dir ${where} leads outside ${folder}, the folder of this config; a config not given with --config reads prompts only from inside its folder — if you trust this file, pass it with --config ${file}`,
      { file },
    );
  if (!inside(folder, promptsDir)) throw refuse(promptsDir);
  const realFolder = await realpath(folder);
  const realDir = await realOrUndefined(promptsDir, file);
  // A folder that is not there holds nothing to read; loading the prompts says it is missing.
  if (realDir === undefined) return;
  if (!inside(realFolder, realDir)) throw refuse(`${promptsDir} (a symbolic link to ${realDir})`);
  for (const name of PROMPT_FILES) {
    const prompt = path.join(promptsDir, name);
    const real = await realOrUndefined(prompt, file);
    if (real === undefined) {
      // A dangling link could be pointed outside later: refused like one that points there now.
      if (await isLink(prompt)) throw refuse(`${prompt} (a symbolic link that leads nowhere)`);
      continue;
    }
    if (!inside(realFolder, real)) throw refuse(`${prompt} (a symbolic link to ${real})`);
  }
}

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === "" || (!relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative));
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
