import { parseArgs } from "node:util";
import { UsageError } from "../errors/usage-error.js";
import { closest } from "../text/edit-distance.js";

/** Every option any command takes; each command allows a subset. */
const OPTIONS = {
  week: { type: "string" },
  dir: { type: "string" },
  provider: { type: "string" },
  model: { type: "string" },
  config: { type: "string" },
  record: { type: "string" },
  replay: { type: "string" },
  "dry-run": { type: "boolean" },
  strict: { type: "boolean" },
  update: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  auto: { type: "boolean" },
  force: { type: "boolean" },
  batch: { type: "boolean" },
  "poll-interval": { type: "string" },
  concurrency: { type: "string" },
  resolve: { type: "string" },
  list: { type: "boolean" },
  limit: { type: "string" },
  type: { type: "string" },
  at: { type: "string" },
  from: { type: "string" },
  "env-file": { type: "string" },
  "keys-file": { type: "string" },
  install: { type: "string" },
  json: { type: "boolean" },
  quiet: { type: "boolean" },
  debug: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean", short: "v" },
} as const;

export type OptionName = keyof typeof OPTIONS;
type Values = { [K in OptionName]?: (typeof OPTIONS)[K]["type"] extends "string" ? string : boolean };

/** A command line, read: its options and positional arguments. */
export interface CommandLine {
  options: Values;
  positionals: string[];
}

/** Options every command takes. */
const COMMON: OptionName[] = ["json", "quiet", "debug", "help"];

/** Reads argv strictly against the options a command allows: anything else is a usage error, with a suggestion. */
export function parseOptions(argv: string[], allowed: readonly OptionName[], command: string, maxPositionals = 0): CommandLine {
  const names = [...new Set([...allowed, ...COMMON])];
  const options = Object.fromEntries(names.map((name) => [name, OPTIONS[name]]));
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[]; tokens: { kind: string; name?: string; value?: string }[] };
  try {
    parsed = parseArgs({ args: withNegativeValues(argv, options), options, strict: true, allowPositionals: true, tokens: true }) as typeof parsed;
  } catch (error) {
    throw new UsageError(`${describeParseError(error as NodeJS.ErrnoException, names)} (see ${command} --help)`);
  }
  // An option given twice with two values (`--week 2026-W14 --week 2026-W15`): the last would win without a word.
  const given = new Map<string, string | undefined>();
  for (const token of parsed.tokens) {
    if (token.kind !== "option" || token.name === undefined) continue;
    if (given.has(token.name) && given.get(token.name) !== token.value) {
      throw new UsageError(`--${token.name} is given twice, with different values (see ${command} --help)`);
    }
    given.set(token.name, token.value);
  }
  if (parsed.positionals.length > maxPositionals) {
    throw new UsageError(`unexpected argument '${parsed.positionals[maxPositionals]}' (see ${command} --help)`);
  }
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === "string" && (value.trim() === "" || value.startsWith("--"))) throw new UsageError(`--${name} needs a value (see ${command} --help)`);
  }
  return { options: parsed.values as Values, positionals: parsed.positionals };
}

/**
 * `--concurrency -1` as `--concurrency=-1`: node:util reads a value starting
 * with a dash as another option, but a negative number can only be the value,
 * so the option's own check says what is wrong with it, in one step.
 */
function withNegativeValues(argv: string[], options: Record<string, { type: string }>): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--") return [...joined, ...argv.slice(i)];
    const next = argv[i + 1];
    if (arg.startsWith("--") && options[arg.slice(2)]?.type === "string" && next !== undefined && /^-(\d|\.\d)/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

// node:util's own messages talk about positionals and ambiguity; say what the user did, and what they may have meant.
function describeParseError(error: NodeJS.ErrnoException, names: string[]): string {
  const option = /'(-{1,2}[\w-]+)/.exec(error.message)?.[1] ?? "an option";
  if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
    const guess = closest(option.replace(/^-+/, ""), names);
    return `unknown option '${option}'${guess ? ` — did you mean --${guess}?` : ""}`;
  }
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") return `${option} needs a value`;
  return error.message.split("\n")[0]!;
}

/** A positive whole number given to a flag. */
export function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  // Digits only: Number() would also take `0x10`, `1e1` and ` 3`.
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number) || number < 1) throw new UsageError(`--${flag} '${value}': expected a whole number of 1 or more`);
  return number;
}
