import type { Readable, Writable } from "node:stream";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Compactor } from "../pipeline/compactor.js";
import type { Problem } from "../problems/problem.js";
import { InFlight } from "./in-flight.js";
import { answerMalformedLines } from "./malformed-lines.js";
import { refuseWhatIsNotServed } from "./protocol-checks.js";
import { readIndexFile, readMemoryFile } from "./read-memory-file.js";

// JSON-RPC error code for a resource that is not there (MCP's resources specification).
const RESOURCE_NOT_FOUND = -32002;
// Far above a query a person or a model writes: a pasted megabyte kept the server busy for seconds.
const MAX_QUERY_CHARS = 10_000;
// How long requests under way may take after a signal: the SDK's client sends SIGKILL 2 s after SIGTERM.
const GRACE_AFTER_SIGNAL_MS = 1_000;

/** The URI the index is served under, whatever the layout names the file. */
export const INDEX_URI = "memory://MEMORY.md";

export interface MemoryServerOptions {
  /** Reported to the client as the server's version. */
  version?: string;
  /** Default limit of `search_memory` when the caller gives none. */
  defaultLimit?: number;
  /** What a call had to do without (an embeddings endpoint that did not answer): the CLI prints it on stderr. */
  onWarning?: (problem: Problem) => void;
}

export interface ServeOptions extends MemoryServerOptions {
  stdin?: Readable;
  stdout?: Writable;
  /** Ends the server (SIGINT / SIGTERM in the CLI). */
  signal?: AbortSignal;
}

/**
 * An MCP server over a memory dir: tools `search_memory` and `read_memory`,
 * the index as the resource `memory://MEMORY.md`. Read only. The SDK is
 * imported here, on demand, so no other command loads it.
 */
export async function createMemoryServer(compactor: Compactor, options: MemoryServerOptions = {}): Promise<McpServer> {
  return buildServer(compactor, options, new InFlight());
}

async function buildServer(compactor: Compactor, options: MemoryServerOptions, inFlight: InFlight): Promise<McpServer> {
  const [{ McpServer }, { McpError, InitializeRequestSchema }, { z }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/mcp.js"),
    import("@modelcontextprotocol/sdk/types.js"),
    import("zod"),
  ]);
  const server = new McpServer({ name: "memory-compactor", version: options.version ?? "0.0.0" });
  refuseWhatIsNotServed(server, { tools: new Set(["search_memory", "read_memory"]), resources: new Set([INDEX_URI]) }, { McpError, InitializeRequestSchema });
  const hit = z.object({ file: z.string(), name: z.string(), type: z.string(), description: z.string(), score: z.number(), snippet: z.string() });

  server.registerTool(
    "search_memory",
    {
      title: "Search memory",
      description:
        "Ranked search over this agent's durable memories (topic files) and weekly summaries. Tolerates typos and word forms. Returns for each hit its file, name, type, description, score and the best-matching line; pass a file to read_memory for the full text.",
      inputSchema: {
        query: z.string().min(1).max(MAX_QUERY_CHARS).describe("words to look for"),
        limit: z.number().int().min(1).max(100).optional().describe("at most this many hits (default 10)"),
      },
      outputSchema: { results: z.array(hit) },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    inFlight.track(async ({ query, limit }: { query: string; limit?: number | undefined }, extra: { signal: AbortSignal }) => {
      // Cancelled, or the server closing: no answer is sent, so the search stops.
      const found = await compactor.search(query, { limit: limit ?? options.defaultLimit ?? 10, signal: extra.signal });
      for (const problem of found.warnings ?? []) options.onWarning?.(problem);
      const structured = { results: found.results };
      return { content: [{ type: "text" as const, text: JSON.stringify(structured, null, 2) }], structuredContent: structured };
    }),
  );

  server.registerTool(
    "read_memory",
    {
      title: "Read memory",
      description: "The full text of one memory or weekly summary, by the file path search_memory returned (relative to the memory directory).",
      inputSchema: { file: z.string().min(1).describe("e.g. feedback_run-tests-before-push.md or weekly/2026-W14.md") },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    inFlight.track(async ({ file }: { file: string }) => {
      const read = await readMemoryFile(compactor.dir, file);
      if ("refused" in read) return { content: [{ type: "text" as const, text: read.refused }], isError: true };
      return { content: [{ type: "text" as const, text: read.text }] };
    }),
  );

  server.registerResource(
    "memory-index",
    INDEX_URI,
    {
      title: "Memory index",
      description: "The small index of every memory, one line each, that an agent loads at the start of a session.",
      mimeType: "text/markdown",
    },
    inFlight.track(async (uri: URL) => {
      const text = await readIndexFile(compactor.dir);
      // The spec's code for a resource not found: the index is not there (yet), or is not a file the dir may serve.
      if (text === undefined)
        throw new McpError(RESOURCE_NOT_FOUND, `${compactor.dir.layout.indexFile} is not in the memory directory as a regular file: run compact --week first`);
      return { contents: [{ uri: uri.href, mimeType: "text/markdown", text }] };
    }),
  );
  // The SDK advertises listChanged for what it registers, but these lists never change while the server runs (two
  // tools, one resource whose text changes, not its place in the list): no list_changed is ever sent, so none is promised.
  server.server.registerCapabilities({ tools: { listChanged: false }, resources: { listChanged: false } });
  return server;
}

/** Serves the memory dir over stdio until stdin ends or the signal fires. Nothing but protocol messages goes to stdout. */
export async function serveMemoryOverStdio(compactor: Compactor, options: ServeOptions = {}): Promise<void> {
  const [{ StdioServerTransport }, { JSONRPCMessageSchema }] = await Promise.all([
    import("@modelcontextprotocol/sdk/server/stdio.js"),
    import("@modelcontextprotocol/sdk/types.js"),
  ]);
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const inFlight = new InFlight();
  const server = await buildServer(compactor, options, inFlight);
  const ended = new Promise<void>((resolve) => {
    stdin.once("end", resolve);
    stdin.once("close", resolve);
    // A stdin that fails ends the server as its end would (the transport no longer listens to stdin itself).
    stdin.once("error", () => resolve());
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener("abort", () => resolve(), { once: true });
    // The transport gave up (a message past its size limit): nothing more would be answered.
    server.server.onclose = () => resolve();
  });
  const messages = stdin.pipe(
    answerMalformedLines(
      (value) => JSONRPCMessageSchema.safeParse(value).success,
      (line) => stdout.write(line),
    ),
  );
  // Told to stop, the server takes no new request: a client sending on would otherwise keep it alive.
  options.signal?.addEventListener("abort", () => stdin.unpipe(messages), { once: true });
  // Each answer the client has not read yet waits for stdout to drain: many requests at once are no listener leak to warn of.
  const maxListeners = stdout.getMaxListeners();
  stdout.setMaxListeners(0);
  await server.connect(new StdioServerTransport(messages, stdout));
  await ended;
  // What was taken is answered; after a signal, only what is answered within a short while.
  await Promise.race([inFlight.settled(), graceAfter(options.signal)]);
  await server.close();
  stdout.setMaxListeners(maxListeners);
  // Piped, stdin would go on flowing into the filter and keep the process alive after a signal.
  stdin.unpipe(messages);
  stdin.pause();
}

// Resolves a grace period after the signal fires; never without one.
function graceAfter(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const wait = () => setTimeout(resolve, GRACE_AFTER_SIGNAL_MS).unref();
    if (signal?.aborted) wait();
    else signal?.addEventListener("abort", wait, { once: true });
  });
}
