import path from "node:path";
import { UsageError } from "../errors/usage-error.js";
import type { CompactConfig, EmbeddingsConfig, ModelPrice } from "./config-schema.js";
import { assertDirInside, assertKeyRoutes, type ConfigOrigin, embeddingsAsFound } from "./config-trust.js";
import { BASE_URL_ENV, KEY_ENV, PROVIDERS, type ProviderName } from "./providers.js";

export type { ProviderName };

/** Everything a run needs to know, after flags, environment, config file and defaults. */
export interface Settings {
  dir: string;
  provider: ProviderName;
  /** Model name; undefined means the provider's default. */
  model: string | undefined;
  baseURL: string | undefined;
  apiKeyEnv: string;
  temperature: number;
  maxTokens: number;
  timeoutMs: number;
  maxRetries: number;
  promptsDir: string | undefined;
  /** Log globs, absolute (relative to the config file they came from) until the memory dir is known. */
  logsInclude: string[] | undefined;
  logsExclude: string[] | undefined;
  /** Largest log read, in bytes. */
  logsMaxBytes: number;
  prices: Record<string, ModelPrice>;
  /** Days per memory type before it is a prune candidate; merged over seed 003's defaults. */
  retention: Record<string, number | null>;
  /** Share of active memories one consolidation may remove. */
  maxRemoveFraction: number;
  /** The layout named in the config; undefined means detect it. */
  layout: "default" | "agents" | undefined;
  /** Consolidation gates: hours since the last consolidation, sessions logged since. */
  minHours: number;
  minSessions: number;
  /** Weeks `--auto` compacts at once. */
  concurrency: number;
  /** An embeddings endpoint, when configured. */
  embeddings: EmbeddingsConfig | undefined;
}

/** Where each setting's value came from: `flag --dir`, `env COMPACT_DIR`, `config <file>`, `default`. */
export type SettingSources = Record<keyof Settings, string>;

/** Each setting's key in a config file, and what an unset one means. */
export const SETTING_KEYS: Record<keyof Settings, { key: string; unset?: string }> = {
  dir: { key: "dir" },
  provider: { key: "model.provider" },
  model: { key: "model.name", unset: "(the provider's default)" },
  baseURL: { key: "model.baseURL", unset: "(the provider's default)" },
  apiKeyEnv: { key: "model.apiKeyEnv", unset: "(none needed)" },
  temperature: { key: "model.temperature" },
  maxTokens: { key: "model.maxTokens" },
  timeoutMs: { key: "model.timeoutMs" },
  maxRetries: { key: "model.maxRetries" },
  promptsDir: { key: "prompts.dir", unset: "(the built-in prompts)" },
  logsInclude: { key: "logs.include", unset: "(the layout's)" },
  logsExclude: { key: "logs.exclude", unset: "(the layout's)" },
  logsMaxBytes: { key: "logs.maxBytes" },
  prices: { key: "prices" },
  retention: { key: "retention" },
  maxRemoveFraction: { key: "consolidation.maxRemoveFraction" },
  layout: { key: "layout", unset: "(detected)" },
  minHours: { key: "schedule.minHours" },
  minSessions: { key: "schedule.minSessions" },
  concurrency: { key: "concurrency" },
  embeddings: { key: "embeddings", unset: "(none)" },
};

/** The flags that can set a value. */
export interface SettingFlags {
  dir?: string | undefined;
  provider?: string | undefined;
  model?: string | undefined;
}

export const DEFAULTS = { dir: "memory", temperature: 0.2, maxTokens: 4096, timeoutMs: 120_000, maxRetries: 2, logsMaxBytes: 10 * 1024 * 1024 } as const;

/** Remote providers compact several weeks at once by default; the offline model works on one. */
const DEFAULT_CONCURRENCY: Record<ProviderName, number> = { offline: 1, replay: 1, ollama: 1, anthropic: 4, openai: 4 };

/**
 * Resolves settings, highest first: flags → environment (`COMPACT_DIR`,
 * `COMPACT_PROVIDER`, `COMPACT_MODEL`, the provider's `*_BASE_URL`) → config
 * file → defaults; and records where each value came from. A found config
 * that would send an API key anywhere but the provider's own host or a
 * loopback one is refused (`assertKeyRoutes`), and so is one whose memory dir,
 * when in force, leads outside its folder (`assertDirInside`); a given one is
 * trusted.
 */
export function resolveSettings(input: {
  flags: SettingFlags;
  env: Record<string, string | undefined>;
  config: CompactConfig;
  configFile?: string | undefined;
  /** Undefined (a config passed as an object, or none) counts as given. */
  configOrigin?: ConfigOrigin | undefined;
  cwd: string;
}): { settings: Settings; sources: SettingSources } {
  const { flags, env, config, cwd } = input;
  const fromConfig = `config ${input.configFile ?? ""}`.trim();
  const sources = {} as SettingSources;
  const pick = <K extends keyof Settings>(key: K, layers: [string, Settings[K] | undefined][], fallback: Settings[K]): Settings[K] => {
    for (const [source, value] of layers) {
      if (value !== undefined && value !== "") {
        sources[key] = source;
        return value;
      }
    }
    sources[key] = "default";
    return fallback;
  };

  const dir = pick(
    "dir",
    [
      ["flag --dir", flags.dir && path.resolve(cwd, flags.dir)],
      ["env COMPACT_DIR", env["COMPACT_DIR"] && path.resolve(cwd, env["COMPACT_DIR"])],
      [fromConfig, config.dir],
    ],
    path.resolve(cwd, DEFAULTS.dir),
  );
  const provider = pick(
    "provider",
    [
      ["flag --provider", checkProvider(flags.provider, "--provider")],
      ["env COMPACT_PROVIDER", checkProvider(env["COMPACT_PROVIDER"], "COMPACT_PROVIDER")],
      [fromConfig, config.model?.provider],
    ],
    "offline",
  );
  const model = pick(
    "model",
    [
      ["flag --model", flags.model],
      ["env COMPACT_MODEL", env["COMPACT_MODEL"]],
      [fromConfig, config.model?.name],
    ],
    undefined,
  );
  const baseUrlEnv = BASE_URL_ENV[provider];
  const baseURL = pick(
    "baseURL",
    [
      [`env ${baseUrlEnv}`, baseUrlEnv ? env[baseUrlEnv] : undefined],
      [fromConfig, config.model?.baseURL],
    ],
    undefined,
  );
  const apiKeyEnv = pick("apiKeyEnv", [[fromConfig, config.model?.apiKeyEnv]], KEY_ENV[provider]);
  const settings: Settings = {
    dir,
    provider,
    model,
    baseURL,
    apiKeyEnv,
    temperature: pick("temperature", [[fromConfig, config.model?.temperature]], DEFAULTS.temperature),
    maxTokens: pick("maxTokens", [[fromConfig, config.model?.maxTokens]], DEFAULTS.maxTokens),
    timeoutMs: pick("timeoutMs", [[fromConfig, config.model?.timeoutMs]], DEFAULTS.timeoutMs),
    maxRetries: pick("maxRetries", [[fromConfig, config.model?.maxRetries]], DEFAULTS.maxRetries),
    promptsDir: pick("promptsDir", [[fromConfig, config.prompts?.dir]], undefined),
    logsInclude: pick("logsInclude", [[fromConfig, config.logs?.include]], undefined),
    logsExclude: pick("logsExclude", [[fromConfig, config.logs?.exclude]], undefined),
    logsMaxBytes: pick("logsMaxBytes", [[fromConfig, config.logs?.maxBytes]], DEFAULTS.logsMaxBytes),
    prices: pick("prices", [[fromConfig, config.prices]], {}),
    retention: pick("retention", [[fromConfig, config.retention]], {}),
    maxRemoveFraction: pick("maxRemoveFraction", [[fromConfig, config.consolidation?.maxRemoveFraction]], 0.25),
    layout: pick("layout", [[fromConfig, config.layout]], undefined),
    minHours: pick("minHours", [[fromConfig, config.schedule?.minHours]], 24),
    minSessions: pick("minSessions", [[fromConfig, config.schedule?.minSessions]], 5),
    concurrency: pick("concurrency", [[fromConfig, config.concurrency]], DEFAULT_CONCURRENCY[provider]),
    embeddings: pick("embeddings", [[fromConfig, config.embeddings]], undefined),
  };
  // Checked on the resolved values: a flag may turn a found config's baseURL into a key's destination.
  if (input.configOrigin === "found" && input.configFile !== undefined) {
    // The memory dir is the file's to choose only when no flag or variable of the user's chose it.
    if (sources.dir === fromConfig) assertDirInside(dir, input.configFile);
    assertKeyRoutes({ ...settings, baseURLSource: sources.baseURL, apiKeyEnvSource: sources.apiKeyEnv, env }, input.configFile);
    settings.embeddings = embeddingsAsFound(settings.embeddings);
  }
  return { settings, sources };
}

function checkProvider(value: string | undefined, where: string): ProviderName | undefined {
  if (value === undefined || value === "") return undefined;
  if ((PROVIDERS as readonly string[]).includes(value)) return value as ProviderName;
  throw new UsageError(`unknown provider '${value}' in ${where} (known: ${PROVIDERS.join(", ")})`);
}
