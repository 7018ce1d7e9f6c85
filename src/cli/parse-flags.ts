import { parseArgs } from "node:util";
import { UsageError } from "../errors/usage-error.js";

/** The command line, read. */
export interface Flags {
  week?: string;
  dir?: string;
  provider?: string;
  model?: string;
  config?: string;
  dryRun: boolean;
  json: boolean;
  quiet: boolean;
  help: boolean;
  version: boolean;
}

/** Reads argv strictly: an unknown flag or a stray argument is a usage error. */
export function parseFlags(argv: string[]): Flags {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(`${describeParseError(error as NodeJS.ErrnoException)} (see compact --help)`);
  }
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}' (see compact --help)`);
  const flags: Flags = {
    dryRun: values["dry-run"] ?? false,
    json: values.json ?? false,
    quiet: values.quiet ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
  for (const key of ["week", "dir", "provider", "model", "config"] as const) {
    const value = values[key];
    if (value !== undefined) {
      if (value.trim() === "" || value.startsWith("--")) throw new UsageError(`--${key} needs a value (see compact --help)`);
      flags[key] = value;
    }
  }
  return flags;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: {
      week: { type: "string" },
      dir: { type: "string" },
      provider: { type: "string" },
      model: { type: "string" },
      config: { type: "string" },
      "dry-run": { type: "boolean" },
      json: { type: "boolean" },
      quiet: { type: "boolean" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean", short: "v" },
    },
  });
}

// node:util's own messages talk about positionals and ambiguity; say what the user did.
function describeParseError(error: NodeJS.ErrnoException): string {
  const option = /'(-{1,2}[\w-]+)/.exec(error.message)?.[1] ?? "an option";
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") return `unknown option '${option}'`;
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `${option} needs a value`;
  return error.message.split("\n")[0]!;
}
