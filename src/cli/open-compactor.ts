import { Compactor, type CompactorOptions } from "../pipeline/compactor.js";
import type { CliIo } from "./cli-io.js";
import type { Output } from "./output.js";
import type { CommandLine } from "./parse-options.js";

/** The Compactor a command line describes: flags → environment → config → defaults. */
export async function openCompactor(line: CommandLine, io: CliIo, output: Output): Promise<Compactor> {
  const compactor = await Compactor.open(compactorOptions(line, io));
  for (const notice of compactor.notices) output.warn(notice);
  return compactor;
}

export function compactorOptions(line: CommandLine, io: CliIo): CompactorOptions {
  const { options } = line;
  return {
    cwd: io.cwd,
    env: io.env,
    ...(options.dir ? { dir: options.dir } : {}),
    ...(options.config ? { config: options.config } : {}),
    ...(options.provider ? { provider: options.provider } : {}),
    ...(options.model ? { model: options.model } : {}),
    ...(options.replay ? { replayDir: options.replay } : {}),
    ...(options.record ? { recordDir: options.record } : {}),
    ...(io.clock ? { clock: io.clock } : {}),
    ...(io.createModel ? { createModel: io.createModel } : {}),
    ...(io.signal ? { signal: io.signal } : {}),
    // A wait on the provider is said as it starts, on stderr (stdout may hold --json's one object).
    ...(options.quiet ? {} : { onNotice: (text: string) => io.stderr(`${text}\n`) }),
  };
}

/**
 * Builds the model before any log is read (a missing key stops here), and
 * says so when the built-in offline model answers because nothing else was chosen.
 */
export async function prepareModel(compactor: Compactor, output: Output, options: { dryRun?: boolean } = {}): Promise<void> {
  const model = await (options.dryRun ? compactor.previewModel() : compactor.model());
  if (compactor.resolved.sources.provider === "default" && model.provider === "offline") {
    output.note(`compact: no provider configured; using the built-in offline model (${model.modelId}): extractive, deterministic, no network`);
  }
  for (const notice of compactor.notices.filter((n) => n.source === "model")) output.warn(notice);
}
