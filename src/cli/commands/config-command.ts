import type { CliIo } from "../cli-io.js";
import { CONFIG_HELP } from "../messages.js";
import { parseOptions } from "../parse-options.js";
import { resolveRun } from "../resolve-run.js";

/** `compact config`: the effective settings and where each came from. Never prints a key's value. */
export async function configCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "provider", "model", "config", "json", "help"], "compact config");
  if (line.options.help) {
    io.stdout(CONFIG_HELP);
    return 0;
  }
  const { settings, sources, configFile } = await resolveRun(line, io);
  const keySet = settings.apiKeyEnv ? (io.env[settings.apiKeyEnv] ? "set" : "not set") : "not needed";
  if (line.options.json) {
    io.stdout(`${JSON.stringify({ configFile: configFile ?? null, settings, sources, apiKey: keySet }, null, 2)}\n`);
    return 0;
  }
  io.stdout(`config file: ${configFile ?? "none found"}\n`);
  const rows = (Object.keys(settings) as (keyof typeof settings)[]).map((key) => {
    const value = settings[key];
    const shown = value === undefined ? "(provider default)" : typeof value === "object" ? JSON.stringify(value) : String(value);
    return [key, shown, sources[key]] as const;
  });
  const width = Math.max(...rows.map(([key]) => key.length));
  for (const [key, value, source] of rows) io.stdout(`${key.padEnd(width)}  ${value}  (${source})\n`);
  if (settings.apiKeyEnv) io.stdout(`${"apiKey".padEnd(width)}  ${settings.apiKeyEnv} is ${keySet}\n`);
  return 0;
}
