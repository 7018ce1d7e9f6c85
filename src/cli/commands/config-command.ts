import { DEFAULT_BASE_URL, DEFAULT_MODEL, type ProviderName } from "../../config/providers.js";
import { SETTING_KEYS } from "../../config/settings.js";
import { DEFAULT_RETENTION } from "../../consolidate/retention.js";
import { Compactor } from "../../pipeline/compactor.js";
import { redactionModule } from "../../store/lazy-redaction.js";
import { maskedUrl } from "../../text/shown-url.js";
import type { CliIo } from "../cli-io.js";
import { CONFIG_HELP, printHelp } from "../help.js";
import { compactorOptions } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

/** `compact config`: the effective settings and where each came from. Never prints a key's value. */
export async function configCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "provider", "model", "config"], "compact config");
  if (line.options.help) {
    printHelp(io, CONFIG_HELP, line.options.json === true);
    return 0;
  }
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const resolved = await Compactor.resolveSettings(compactorOptions(line, io));
  const { sources, configFile, configOrigin, warnings } = resolved;
  // A URL may carry a password or a key (`http://user:pass@host/v1?api-key=…`): shown masked.
  const settings = await redactedUrls(resolved.settings);
  const keySet = settings.apiKeyEnv ? (io.env[settings.apiKeyEnv] ? "set" : "not set") : "not needed";
  output.result({
    schemaVersion: 1,
    ok: true,
    command: "config",
    configFile: configFile ?? null,
    configOrigin: configOrigin ?? null,
    settings,
    sources,
    apiKey: keySet,
    warnings,
  });
  for (const warning of warnings) output.note(`warning: ${warning}`);
  if (output.json) return 0;
  output.say(`config file: ${configFile ?? "none found"}`);
  // Each setting under the key a config file gives it (`prompts.dir`), so what is shown can be written.
  // What an unset setting comes to, where it is known here: the provider's model and endpoint, the retention merged over its defaults.
  const provider = settings.provider as ProviderName;
  const effective: Partial<Record<keyof typeof settings, unknown>> = {
    model: DEFAULT_MODEL[provider] && `(the provider's default: ${DEFAULT_MODEL[provider]})`,
    baseURL: DEFAULT_BASE_URL[provider] ? `(the provider's default: ${DEFAULT_BASE_URL[provider]})` : "(none: nothing is sent anywhere)",
    retention: { ...DEFAULT_RETENTION, ...settings.retention },
  };
  const rows = (Object.keys(settings) as (keyof typeof settings)[]).map((name) => {
    const value = name === "retention" ? effective.retention : settings[name];
    const { key, unset = "(unset)" } = SETTING_KEYS[name];
    const shown = value === undefined || value === "" ? String(effective[name] ?? unset) : typeof value === "object" ? JSON.stringify(value) : String(value);
    return [key, shown, sources[name]] as const;
  });
  const width = rows.reduce((max, [key]) => Math.max(max, key.length), 0);
  for (const [key, value, source] of rows) output.say(`${key.padEnd(width)}  ${value}  (${source})`);
  if (settings.apiKeyEnv) output.say(`${"apiKey".padEnd(width)}  ${settings.apiKeyEnv} is ${keySet}`);
  // The embeddings' key too: a found config's loopback endpoint gets none, which `"apiKeyEnv": ""` alone does not say.
  if (settings.embeddings) {
    const keyEnv = settings.embeddings.apiKeyEnv ?? "OPENAI_API_KEY";
    const shown =
      keyEnv === ""
        ? "none sent: a config found, not given with --config, sends no key to a loopback host"
        : `${keyEnv} is ${io.env[keyEnv] ? "set" : "not set"}`;
    output.say(`${"embeddings.apiKey".padEnd(width)}  ${shown}`);
  }
  return 0;
}

async function redactedUrls<S extends { baseURL?: string | undefined; embeddings?: { baseURL?: string | undefined } | undefined }>(settings: S): Promise<S> {
  const { redactSecrets } = await redactionModule();
  // Masked where a secret may hide whatever its shape, then redacted where one has a known shape (a key in the path).
  const shown = async (url: string | undefined) => (url === undefined ? undefined : (await redactSecrets(maskedUrl(url) ?? url)).text);
  const embeddings = settings.embeddings && { ...settings.embeddings, baseURL: await shown(settings.embeddings.baseURL) };
  return { ...settings, baseURL: await shown(settings.baseURL), ...(embeddings ? { embeddings } : {}) };
}
