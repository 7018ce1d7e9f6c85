import { readFileSync } from "node:fs";
import { CompactorError } from "../errors/compactor-error.js";
import { type CliIo, processIo } from "./cli-io.js";
import { autoCommand } from "./commands/auto-command.js";
import { configCommand } from "./commands/config-command.js";
import { consolidateCommand } from "./commands/consolidate-command.js";
import { goldenCommand } from "./commands/golden-command.js";
import { migrateCommand } from "./commands/migrate-command.js";
import { probeCommand } from "./commands/probe-command.js";
import { scheduleCommand } from "./commands/schedule-command.js";
import { statusCommand } from "./commands/status-command.js";
import { undoCommand } from "./commands/undo-command.js";
import { weekCommand } from "./commands/week-command.js";
import { HELP } from "./messages.js";

const COMMANDS: Record<string, (argv: string[], io: CliIo) => Promise<number>> = {
  config: configCommand,
  consolidate: consolidateCommand,
  golden: goldenCommand,
  migrate: migrateCommand,
  probe: probeCommand,
  schedule: scheduleCommand,
  status: statusCommand,
  undo: undoCommand,
};

/**
 * The `compact` command. The one place errors are caught: a CompactorError
 * prints one line and exits with its code; anything else is a bug and prints its stack.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    const [first, ...rest] = argv;
    const command = first === undefined ? undefined : COMMANDS[first];
    if (command) return await command(rest, io);
    if (argv.includes("--help") || argv.includes("-h")) {
      io.stdout(HELP);
      return 0;
    }
    if (argv.includes("--version") || argv.includes("-v")) {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    if (argv.includes("--auto")) return await autoCommand(argv, io);
    return await weekCommand(argv, io);
  } catch (error) {
    if (error instanceof CompactorError) {
      io.stderr(`compact: ${error.message}\n`);
      return error.exitCode;
    }
    io.stderr(`compact: internal error — please report it with the lines below\n${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
  return pkg.version;
}
