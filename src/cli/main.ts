import { readFileSync } from "node:fs";
import { CompactorError } from "../errors/compactor-error.js";
import { type CliIo, processIo } from "./cli-io.js";
import { HELP } from "./messages.js";
import { parseFlags } from "./parse-flags.js";
import { runWeek } from "./run-week.js";

/**
 * The `compact` command. The one place errors are caught: a CompactorError
 * prints one line and exits with its code; anything else is a bug and prints its stack.
 */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  try {
    const flags = parseFlags(argv);
    if (flags.help) {
      io.stdout(HELP);
      return 0;
    }
    if (flags.version) {
      io.stdout(`${packageVersion()}\n`);
      return 0;
    }
    return await runWeek(flags, io);
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
