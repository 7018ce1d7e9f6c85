import { UsageError } from "../../errors/usage-error.js";
import { SEARCH_TYPES } from "../../pipeline/search.js";
import type { CliIo } from "../cli-io.js";
import { printHelp, SEARCH_HELP } from "../help.js";
import { oneLine } from "../one-line.js";
import { openCompactor } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions, positiveInteger } from "../parse-options.js";

/** `compact search QUERY`: ranked memories and weekly summaries, a snippet each. */
export async function searchCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config", "limit", "type"], "compact search", 64);
  if (line.options.help) {
    printHelp(io, SEARCH_HELP, line.options.json === true);
    return 0;
  }
  const query = line.positionals.join(" ").trim();
  if (query === "") throw new UsageError("search needs a query, e.g. compact search deploy target (see compact search --help)");
  const type = line.options.type;
  if (type !== undefined && !(SEARCH_TYPES as readonly string[]).includes(type))
    throw new UsageError(`--type '${type}': expected one of ${SEARCH_TYPES.join(", ")}`);
  const output = new Output(io, line.options.json === true, line.options.quiet === true);
  const compactor = await openCompactor(line, io, output);
  const limit = positiveInteger(line.options.limit, "limit");
  const found = await compactor.search(query, { ...(limit ? { limit } : {}), ...(type ? { type } : {}) });
  output.result(found);
  output.warnAll(found.warnings ?? []);
  if (found.results.length === 0) output.say(`nothing found for "${oneLine(query)}"`);
  // One hit, two lines, whatever its name holds.
  for (const hit of found.results)
    output.say(`${hit.score.toFixed(2).padStart(6)}  ${oneLine(hit.file)}  ${oneLine(hit.name)}\n        ${oneLine(hit.snippet)}`);
  return 0;
}
