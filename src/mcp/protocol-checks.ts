import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { McpError } from "@modelcontextprotocol/sdk/types.js";

// JSON-RPC and MCP codes: a parameter the server cannot take; a resource that is not there.
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const LISTS = new Set(["tools/list", "resources/list", "resources/templates/list", "prompts/list"]);

/** What the server serves, by name: a request for anything else is refused before it runs. */
export interface Served {
  tools: ReadonlySet<string>;
  resources: ReadonlySet<string>;
}

type Handler = (request: { method: string; params?: Record<string, unknown> }, extra: unknown) => unknown;

/**
 * Answers as the MCP specification asks what the SDK answers otherwise: an
 * unknown tool is a protocol error (-32602), not a tool's failed result; a
 * cursor, which this server never hands out since every list fits one page, is
 * invalid (-32602), not ignored; an unknown or malformed resource URI is not
 * found (-32002), not an internal error. Call before registering anything:
 * it wraps each handler the server is given.
 */
export function refuseWhatIsNotServed(server: McpServer, served: Served, makeError: typeof McpError): void {
  const low = server.server as unknown as { setRequestHandler: (schema: unknown, handler: Handler) => void };
  const setHandler = low.setRequestHandler.bind(low);
  low.setRequestHandler = (schema, handler) =>
    setHandler(schema, (request, extra) => {
      const refusal = refusalOf(request, served);
      if (refusal) throw new makeError(refusal.code, refusal.message, refusal.data);
      return handler(request, extra);
    });
}

function refusalOf(
  request: { method: string; params?: Record<string, unknown> },
  served: Served,
): { code: number; message: string; data?: unknown } | undefined {
  const params = request.params ?? {};
  if (request.method === "tools/call" && !served.tools.has(String(params["name"])))
    return { code: INVALID_PARAMS, message: `Unknown tool: ${String(params["name"])} (this server has ${[...served.tools].join(", ")})` };
  if (LISTS.has(request.method) && params["cursor"] !== undefined)
    return { code: INVALID_PARAMS, message: "Invalid cursor: this server lists everything in one page and hands out no cursor" };
  if (request.method === "resources/read" && !served.resources.has(normalUri(params["uri"])))
    return { code: RESOURCE_NOT_FOUND, message: `Resource not found: ${String(params["uri"])}`, data: { uri: params["uri"] } };
  return undefined;
}

function normalUri(uri: unknown): string {
  try {
    return new URL(String(uri)).href;
  } catch {
    return "";
  }
}
