import path from "node:path";
import { loadConfig } from "../config/load-config.js";
import { type SettingSources, type Settings, resolveSettings } from "../config/settings.js";
import { detectLayout, type MemoryLayout } from "../store/memory-layout.js";
import type { CliIo } from "./cli-io.js";
import type { CommandLine } from "./parse-options.js";

/** Settings for a command, with where each came from and the config file used. */
export interface ResolvedRun {
  settings: Settings;
  sources: SettingSources;
  configFile: string | undefined;
  /** The memory dir's layout, configured or detected, and why. */
  layout: MemoryLayout;
  layoutReason: string;
}

/** Flags → environment → config file → defaults, the config found from the memory dir or upward from the cwd. */
export async function resolveRun(line: CommandLine, io: CliIo): Promise<ResolvedRun> {
  const { options } = line;
  const knownDir = options.dir ?? io.env["COMPACT_DIR"];
  const loaded = await loadConfig({
    ...(options.config ? { file: path.resolve(io.cwd, options.config) } : {}),
    ...(knownDir ? { memoryDir: path.resolve(io.cwd, knownDir) } : {}),
    cwd: io.cwd,
  });
  const provider = options.replay ? "replay" : options.provider;
  const { settings, sources } = resolveSettings({
    flags: { dir: options.dir, provider, model: options.model },
    env: io.env,
    config: loaded.config,
    configFile: loaded.file,
    cwd: io.cwd,
  });
  if (options.replay) sources.provider = "flag --replay";
  const { layout, reason } = await detectLayout(settings.dir, settings.layout);
  return { settings, sources, configFile: loaded.file, layout, layoutReason: reason };
}
