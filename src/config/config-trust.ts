import { lstatSync, realpathSync } from "node:fs";
import path from "node:path";
import { ConfigError } from "../errors/config-error.js";
import { shownOrigin } from "../text/shown-url.js";
import type { CompactConfig, EmbeddingsConfig } from "./config-schema.js";
import { BASE_URL_ENV, DEFAULT_HOST, KEY_ENV, type ProviderName } from "./providers.js";

/**
 * How a config reached the run. `given` (`--config`, or a config passed to the API) is trusted
 * whole; `found` (in the memory dir, or upward from the working directory) may have come with a
 * directory someone else wrote, so it may not choose where an API key goes, read prompts from
 * outside its own folder (`prompts-trust.ts`) or put the memory dir outside it.
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
 * Refuses a found config that would choose where your logs, memories or keys go:
 * - a host it sets (`model.baseURL`, `embeddings.baseURL`) must be the provider's own (over
 *   https) or a loopback one, whether or not a key goes with the text;
 * - a key variable it names (`model.apiKeyEnv`, `embeddings.apiKeyEnv`, other than the standard
 *   one) may go only to the provider's own host: on a machine shared with others, anyone can
 *   listen on a loopback port.
 */
export function assertKeyRoutes(route: KeyRoute, file: string): void {
  const fromFile = `config ${file}`;
  const { provider } = route;
  // The offline and replay models call no one; ollama sends a placeholder unless a key variable is named.
  const callsModel = provider !== "offline" && provider !== "replay";
  const sendsKey = provider === "anthropic" || provider === "openai" || (provider === "ollama" && route.apiKeyEnv !== "");
  const ownHost = DEFAULT_HOST[provider];
  const allowedHosts = ownHost ? `logs only to ${ownHost} or ${LOOPBACK}, and a key only to ${ownHost}` : `logs only to ${LOOPBACK}`;
  const keyFromFile = route.apiKeyEnvSource === fromFile && route.apiKeyEnv !== "" && route.apiKeyEnv !== KEY_ENV[provider];
  // Setting the host yourself accepts it; a key variable the file chose would still be refused.
  const orEnv = BASE_URL_ENV[provider] && !keyFromFile ? `, or set ${BASE_URL_ENV[provider]} yourself` : "";
  if (callsModel && route.baseURL !== undefined && route.baseURLSource === fromFile && !safeHost(route.baseURL, ownHost)) {
    const keyed = sendsKey ? ` and the key in ${route.apiKeyEnv}` : "";
    throw refused(file, `model.baseURL ${shownURL(route.baseURL)} would receive your logs${keyed}`, `send ${allowedHosts}`, orEnv);
  }
  // Your own machine may have the logs, not the key: anyone on a shared machine can listen on a loopback port.
  if (sendsKey && !keyFromFile && route.baseURL !== undefined && route.baseURLSource === fromFile && !isOwnHost(route.baseURL, ownHost)) {
    const ownOnly = ownHost ? `send a key only to ${ownHost} (a local server takes "provider": "ollama", which sends none)` : "send no key";
    throw refused(file, `model.baseURL ${shownURL(route.baseURL)} would receive the key in ${route.apiKeyEnv}`, ownOnly, orEnv);
  }
  if (callsModel && sendsKey && keyFromFile && !isOwnHost(route.baseURL, ownHost)) {
    const where = route.baseURL === undefined ? "the provider's default host" : `${shownURL(route.baseURL)} (from ${route.baseURLSource})`;
    throw refused(file, `model.apiKeyEnv ${route.apiKeyEnv} would send that key to ${where}`, ownKeyOnly(ownHost), "");
  }
  // Memories go to the embeddings endpoint, and the key with them whenever its variable is set.
  const embeddings = route.embeddings;
  if (embeddings) {
    const keyEnv = embeddings.apiKeyEnv ?? "OPENAI_API_KEY";
    if (embeddings.baseURL && !safeHost(embeddings.baseURL, OPENAI_HOST)) {
      const keyed = route.env[keyEnv] ? ` and the key in ${keyEnv}` : "";
      throw refused(
        file,
        `embeddings.baseURL ${shownURL(embeddings.baseURL)} would receive your memories${keyed}`,
        `send memories only to ${OPENAI_HOST} or ${LOOPBACK}, and a key only to ${OPENAI_HOST}`,
        "",
      );
    }
    const url = embeddings.baseURL || route.env["OPENAI_BASE_URL"] || undefined;
    if (keyEnv !== "OPENAI_API_KEY" && !isOwnHost(url, OPENAI_HOST)) {
      const where = embeddings.baseURL ? shownURL(url!) : `${shownURL(url!)} (from env OPENAI_BASE_URL)`;
      throw refused(file, `embeddings.apiKeyEnv ${keyEnv} would send that key to ${where}`, ownKeyOnly(OPENAI_HOST), "");
    }
  }
}

const OPENAI_HOST = "api.openai.com";

/**
 * A found config's embeddings as they may be used: on a loopback endpoint the file chose, without a key
 * (the client sends the key whenever its variable is set, and anyone on a shared machine can listen there).
 */
export function embeddingsAsFound(embeddings: EmbeddingsConfig | undefined): EmbeddingsConfig | undefined {
  if (!embeddings?.baseURL || isOwnHost(embeddings.baseURL, OPENAI_HOST)) return embeddings;
  return { ...embeddings, apiKeyEnv: "" };
}

function ownKeyOnly(ownHost: string | undefined): string {
  return ownHost ? `name its own key variable only for ${ownHost}` : "name no key variable of its own";
}

// The provider's own host: no base URL (the SDK's default), or its host over https on the standard port.
function isOwnHost(url: string | undefined, ownHost: string | undefined): boolean {
  if (ownHost === undefined) return false;
  if (url === undefined) return true;
  try {
    const parsed = new URL(url);
    return parsed.hostname === ownHost && parsed.protocol === "https:" && parsed.port === "";
  } catch {
    return false;
  }
}

function refused(file: string, what: string, allowed: string, orElse: string): ConfigError {
  return new ConfigError(`${file}: ${what}; a config not given with --config may ${allowed} — if you trust this file, pass it with --config ${file}${orElse}`, {
    file,
  });
}

/** A provider's own host over https on its standard port, or a loopback host over anything. */
function safeHost(url: string, ownHost: string | undefined): boolean {
  return isLoopback(url) || (ownHost !== undefined && isOwnHost(url, ownHost));
}

function isLoopback(url: string): boolean {
  try {
    const host = new URL(url).hostname;
    // URL has already turned `127.1` or `0x7f000001` into dotted form and bracketed IPv6.
    return host === "localhost" || host === "[::1]" || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

// Scheme, host and port: a user name or password in the URL is never printed.
function shownURL(url: string): string {
  return shownOrigin(url) ?? JSON.stringify(url);
}

/**
 * Refuses a found config whose `dir` (already absolute), the memory dir every run writes into,
 * leads outside the folder that holds the config once symbolic links are followed. Called only
 * when the config's `dir` is the one in force: `--dir` or `COMPACT_DIR` overrides it.
 */
export function assertDirInside(dir: string, file: string): void {
  const folder = path.dirname(file);
  const refuse = (where: string) =>
    new ConfigError(
      `${file}: dir ${where} leads outside ${folder}, the folder of this config; a config not given with --config keeps the memory dir inside its folder — if you trust this file, pass it with --config ${file}, or choose the memory dir yourself with --dir or COMPACT_DIR`,
      { file },
    );
  if (!isInside(folder, dir)) throw refuse(dir);
  const real = realOfNearest(dir, file);
  if (real === undefined) throw refuse(`${dir} (a symbolic link that leads nowhere)`);
  if (!isInside(realpathSync.native(folder), real)) throw refuse(`${dir} (which leads to ${real})`);
}

// The real path of `target`, or of its nearest existing parent with the rest appended (a memory dir not made yet is
// refused when it runs anyway); undefined when a link on the way leads nowhere, so it could be pointed anywhere later.
function realOfNearest(target: string, file: string): string | undefined {
  const rest: string[] = [];
  for (let at = target; ; at = path.dirname(at)) {
    try {
      return path.join(realpathSync.native(at), ...rest);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR")
        throw new ConfigError(`${file}: dir: cannot follow ${target} (${code ?? (error as Error).message})`, { file });
      if (isLinkSync(at)) return undefined;
      if (at === path.dirname(at)) return undefined;
      rest.unshift(path.basename(at));
    }
  }
}

function isLinkSync(target: string): boolean {
  try {
    return lstatSync(target).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Whether `target` is `folder` or inside it, by path: links are the caller's to follow first. */
export function isInside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === "" || (!relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative));
}
