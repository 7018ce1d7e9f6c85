import { packageVersion } from "../config/package-files.js";
import { CompactorError } from "../errors/compactor-error.js";
import { errorResult } from "../errors/error-result.js";
import { IoError, isFsError } from "../errors/io-error.js";
import { UsageError } from "../errors/usage-error.js";
import { closest } from "../text/edit-distance.js";
import type { CliIo } from "./cli-io.js";
import { abortExitCode, EXIT_CODES } from "./exit-codes.js";
import { HELP, printHelp } from "./help.js";
import { oneLine } from "./one-line.js";

type Command = (argv: string[], io: CliIo) => Promise<number>;

// Each command is loaded only when it runs: `--help` pays for none of them.
const COMMANDS: Record<string, () => Promise<Command>> = {
  config: async () => (await import("./commands/config-command.js")).configCommand,
  consolidate: async () => (await import("./commands/consolidate-command.js")).consolidateCommand,
  golden: async () => (await import("./commands/golden-command.js")).goldenCommand,
  mcp: async () => (await import("./commands/mcp-command.js")).mcpCommand,
  migrate: async () => (await import("./commands/migrate-command.js")).migrateCommand,
  probe: async () => (await import("./commands/probe-command.js")).probeCommand,
  schedule: async () => (await import("./commands/schedule-command.js")).scheduleCommand,
  search: async () => (await import("./commands/search-command.js")).searchCommand,
  status: async () => (await import("./commands/status-command.js")).statusCommand,
  undo: async () => (await import("./commands/undo-command.js")).undoCommand,
};

/**
 * The `compact` command, and the one place errors are caught: a
 * CompactorError prints one line (or, with --json, one error object) and
 * exits with its code; anything else is a bug: one line, and the stack with
 * --debug or DEBUG=compact.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  const debug = argv.includes("--debug") || /(^|,)\s*(compact|\*)\s*(,|$)/.test(io.env["DEBUG"] ?? "");
  try {
    return await dispatch(argv, io);
  } catch (error) {
    const failure = asCompactorError(error);
    if (json) io.stdout(`${JSON.stringify(errorResult(failure ?? error, commandName(argv)), null, 2)}\n`);
    if (failure) {
      // Another run holding the lock is a scheduled run's normal skip, said on stdout.
      if (failure.code !== "E_LOCKED") io.stderr(`compact: ${oneLine(failure.message)}\n`);
      else if (!json) io.stdout(`${oneLine(failure.message)}\n`);
      if (debug) io.stderr(`${failure.stack ?? ""}\n`);
      return failure.code === "E_ABORTED" ? abortExitCode(String((failure as { reason?: string }).reason ?? "")) : EXIT_CODES[failure.code];
    }
    io.stderr(
      `compact: internal error: ${oneLine((error as Error)?.message ?? String(error))} — please report it${debug ? "" : " (run with --debug for details)"}\n`,
    );
    if (debug) io.stderr(`${(error as Error)?.stack ?? String(error)}\n`);
    return 1;
  }
}

async function dispatch(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined) {
    io.stdout(HELP);
    return 0;
  }
  const load = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (load) return (await load())(rest, io);
  if (!first.startsWith("-")) {
    const guess = closest(first, Object.keys(COMMANDS));
    throw new UsageError(`unknown command '${first}'${guess ? ` — did you mean compact ${guess}?` : ""} (see compact --help)`);
  }
  // With --json even these print the one object the contract promises.
  const json = argv.includes("--json");
  if (argv.includes("--version") || argv.includes("-v")) {
    io.stdout(json ? `${JSON.stringify({ schemaVersion: 1, ok: true, command: "version", version: packageVersion() }, null, 2)}\n` : `${packageVersion()}\n`);
    return 0;
  }
  if (argv.includes("--auto")) return (await import("./commands/auto-command.js")).autoCommand(argv, io);
  // `--help` anywhere wins, even where it would be read as a flag's value (`compact --week --help`).
  if (argv.includes("--help") || argv.includes("-h")) {
    printHelp(io, HELP, json);
    return 0;
  }
  return (await import("./commands/week-command.js")).weekCommand(argv, io);
}

// The name a command's --json result carries, so a failure says whose it is; none for an unknown command.
function commandName(argv: string[]): string | undefined {
  const [first] = argv;
  if (first !== undefined && !first.startsWith("-")) {
    if (!Object.hasOwn(COMMANDS, first)) return undefined;
    return first === "undo" && argv.includes("--list") ? "undo-list" : first;
  }
  return argv.includes("--auto") ? "auto" : "week";
}

// A file-system error that escaped the layer that knows the file still gets one line.
function asCompactorError(error: unknown): CompactorError | undefined {
  if (error instanceof CompactorError) return error;
  if (isFsError(error)) return IoError.from(error.path ?? "file", error.syscall === "open" || error.syscall === "read" ? "read" : "write", error);
  return undefined;
}
