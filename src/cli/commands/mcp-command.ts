import { packageVersion } from "../../config/package-files.js";
import type { CliIo } from "../cli-io.js";
import { MCP_HELP, printHelp } from "../help.js";
import { openCompactor } from "../open-compactor.js";
import { Output } from "../output.js";
import { parseOptions } from "../parse-options.js";

/**
 * `compact mcp`: serves the memory dir over MCP on stdio until the client
 * closes stdin or a signal comes. stdout is the protocol's: every note goes to stderr.
 */
export async function mcpCommand(argv: string[], io: CliIo): Promise<number> {
  const line = parseOptions(argv, ["dir", "config"], "compact mcp");
  if (line.options.help) {
    printHelp(io, MCP_HELP, line.options.json === true);
    return 0;
  }
  // stdout is the protocol's stream, JSON-RPC already: --json changes nothing (a client's command line may carry it,
  // and an error printed on that stream would be no message the client can read). Output writes notes to stderr only.
  const output = new Output(io, true, line.options.quiet === true);
  const compactor = await openCompactor(line, io, output);
  const { serveMemoryOverStdio } = await import("../../mcp/memory-server.js");
  output.note(`compact mcp: serving ${compactor.dir.root} on stdio (tools search_memory, read_memory; resource memory://MEMORY.md)`);
  // Each warning once while the server runs: a file left out would be said again at every search.
  const said = new Set<string>();
  await serveMemoryOverStdio(compactor, {
    version: packageVersion(),
    onWarning: (problem) => {
      const key = `${problem.source} ${problem.ruleId} ${problem.message}`;
      if (said.has(key)) return;
      said.add(key);
      output.warn(problem);
    },
    ...(io.signal ? { signal: io.signal } : {}),
  });
  return 0;
}
