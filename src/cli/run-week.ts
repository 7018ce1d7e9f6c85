import path from "node:path";
import { Compactor } from "../compactor.js";
import { loadConfig } from "../config/load-config.js";
import { UsageError } from "../errors/usage-error.js";
import { createModel } from "../providers/create-model.js";
import { parseIsoWeek } from "../week/iso-week.js";
import type { CliIo } from "./cli-io.js";
import * as messages from "./messages.js";
import type { Flags } from "./parse-flags.js";

const DEFAULT_DIR = "memory";

/** `compact --week`: flags → Compactor → printed report. Returns the exit code. */
export async function runWeek(flags: Flags, io: CliIo): Promise<number> {
  if (!flags.week) throw new UsageError("--week is required, e.g. --week 2026-W14 (see compact --help)");
  parseIsoWeek(flags.week);
  const flagDir = flags.dir === undefined ? undefined : path.resolve(io.cwd, flags.dir);
  const { config } = await loadConfig(flags.config && path.resolve(io.cwd, flags.config), flagDir ? [flagDir, io.cwd] : [io.cwd]);
  const dir = flagDir ?? config.dir ?? path.resolve(io.cwd, DEFAULT_DIR);

  const providerName = flags.provider ?? config.model?.provider;
  const modelName = flags.model ?? config.model?.name;
  const { model, warnings } = io.createModel
    ? { model: io.createModel(providerName ?? "offline", modelName), warnings: [] }
    : createModel(providerName ?? "offline", modelName ? { name: modelName } : {});
  const say = (line: string) => flags.quiet || io.stdout(`${line}\n`);
  const note = (line: string) => flags.quiet || io.stderr(`${line}\n`);
  if (!providerName && model.provider === "offline") note(messages.offlineNotice(model.modelId));
  for (const warning of warnings) note(`warning: ${warning}`);

  const compactor = new Compactor({
    dir,
    model,
    ...(config.prompts?.dir ? { promptsDir: config.prompts.dir } : {}),
    ...(config.logs ? { logs: stripUndefined(config.logs) } : {}),
    ...(config.model?.temperature !== undefined ? { temperature: config.model.temperature } : {}),
    ...(config.model?.maxTokens !== undefined ? { maxTokens: config.model.maxTokens } : {}),
    ...(io.clock ? { clock: io.clock } : {}),
  });
  const result = await compactor.compactDaily(flags.week);
  const report = await compactor.write(result, { dryRun: flags.dryRun });

  if (flags.json) {
    io.stdout(`${JSON.stringify(messages.jsonReport(result, report), null, 2)}\n`);
    return 0;
  }
  for (const line of [...messages.warningLines(result), ...messages.skippedLines(result)]) note(line);
  say(messages.readSummary(result));
  for (const line of messages.writeLines(report)) say(line);
  if (flags.dryRun) for (const block of messages.dryRunContent(report)) say(block);
  say(messages.closingLine(result, report));
  return 0;
}

function stripUndefined<T extends object>(value: T): { [K in keyof T]-?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as never;
}
