import path from "node:path";
import { migrateAgentsFile } from "../../migrate/migrate-agents-file.js";
import type { CliIo } from "../cli-io.js";
import { MIGRATE_HELP, printHelp } from "../help.js";
import { parseOptions } from "../parse-options.js";

/**
 * `compact migrate [--from FILE] [--dir DIR]`: seed 001's migration from a
 * monolithic `.agents.local.md`, as one journaled run (`compact undo` reverts it).
 */
export async function migrateCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["from", "dir", "quiet", "json", "help"], "compact migrate");
  if (line.options.help) {
    printHelp(io, MIGRATE_HELP, line.options.json === true);
    return 0;
  }
  const from = path.resolve(io.cwd, line.options.from ?? ".agents.local.md");
  const dir = path.resolve(io.cwd, line.options.dir ?? ".agents");
  const json = line.options.json === true;
  const say = (text: string) => line.options.quiet || json || io.stdout(`${text}\n`);
  const result = await migrateAgentsFile({ from, dir, now: io.clock?.() ?? new Date(), signal: io.signal });
  if (json) {
    const written = [...result.created, ...result.beside.map(({ file }) => file), ...(result.index ? [result.index] : [])];
    const object = {
      schemaVersion: 1,
      ok: true,
      command: "migrate",
      from,
      dir,
      backup: result.backup.file,
      written,
      kept: result.kept,
      ...(result.run ? { run: result.run } : {}),
    };
    io.stdout(`${JSON.stringify(object, null, 2)}\n`);
    return 0;
  }

  if (result.backup.state === "created") say(`backed up ${from} to ${result.backup.file}`);
  if (result.backup.state === "differs") io.stderr(`warning: ${result.backup.file} already exists and differs from ${from}; left as it is\n`);
  for (const file of result.created) say(`created  ${file}`);
  for (const { log, file } of result.beside) say(`created  ${file} beside ${log} (it existed, and is left as it is)`);
  if (result.index) say(`wrote    ${result.index}`);
  for (const file of result.kept) io.stderr(`warning: ${file} already exists with other content; left as it is\n`);
  say(
    result.run
      ? `migrated ${from} into ${dir}; the original is untouched (undo: compact undo ${result.run} --dir ${dir})`
      : `nothing to do: ${dir} already holds the migration of ${from}`,
  );
  return 0;
}
