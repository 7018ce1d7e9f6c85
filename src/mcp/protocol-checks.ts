import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { InitializeRequestSchema, McpError } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";

// JSON-RPC and MCP codes: a parameter the server cannot take; a resource that is not there.
const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const LISTS = new Set(["tools/list", "resources/list", "resources/templates/list", "prompts/list"]);

/** What the server serves, by name: a request for anything else is refused before it runs. */
export interface Served {
  tools: ReadonlySet<string>;
  resources: ReadonlySet<string>;
}

type Request = { method: string; params?: Record<string, unknown> };
type Handler = (request: Request, extra: unknown) => unknown;
// The SDK's schema of one request (zod 4).
type RequestSchema = z.ZodType<Request> & { shape: { method: z.ZodLiteral<string> } };

/**
 * Answers as the MCP specification asks what the SDK answers otherwise: an
 * unknown tool is a protocol error (-32602), not a tool's failed result; a
 * cursor, which this server never hands out since every list fits one page, is
 * invalid (-32602), not ignored; an unknown or malformed resource URI is not
 * found (-32002), not an internal error; params of the wrong shape (a call
 * without a tool's name, arguments that are no object) are invalid (-32602),
 * not an internal error whose message is the validator's dump; `initialize`
 * too, whose handler the SDK sets itself. Call before registering anything: it
 * wraps each handler the server is given.
 */
export function refuseWhatIsNotServed(
  server: McpServer,
  served: Served,
  sdk: { McpError: typeof McpError; InitializeRequestSchema: typeof InitializeRequestSchema },
): void {
  const makeError = sdk.McpError;
  const low = server.server as unknown as {
    setRequestHandler: (schema: RequestSchema, handler: Handler) => void;
    // The SDK's own, not in its types: where the handler it set for `initialize` when the server was made is kept.
    _requestHandlers?: Map<string, Handler>;
  };
  const setHandler = low.setRequestHandler.bind(low);
  low.setRequestHandler = (schema, handler) =>
    // The SDK is given the method alone to match: the params are checked here, where a failure can be answered as what it is.
    setHandler(z.looseObject({ method: schema.shape.method }) as unknown as RequestSchema, (request, extra) => {
      const parsed = schema.safeParse(request);
      if (!parsed.success) throw new makeError(INVALID_PARAMS, `Invalid params: ${issuesOf(parsed.error)}`);
      const refusal = refusalOf(parsed.data, served);
      if (refusal) throw new makeError(refusal.code, refusal.message, refusal.data);
      return handler(parsed.data, extra);
    });
  // Set before this was called, the SDK's `initialize` handler answered params of the wrong shape as an internal
  // error (-32603): set again through the check above, it answers them as invalid params.
  // An SDK that keeps it elsewhere keeps its own answer (-32603) rather than a server that cannot start.
  const initialize = low._requestHandlers instanceof Map ? low._requestHandlers.get("initialize") : undefined;
  if (typeof initialize !== "function") return;
  low.setRequestHandler(sdk.InitializeRequestSchema as unknown as RequestSchema, (request, extra) => initialize(request, extra));
}

// The first issues as `path: message`, as the rest of compact reports zod's.
function issuesOf(error: z.ZodError): string {
  const shown = error.issues.slice(0, 5).map((issue) => `${issue.path.join(".") || "(request)"}: ${issue.message}`);
  const more = error.issues.length > 5 ? `; … and ${error.issues.length - 5} more` : "";
  return `${shown.join("; ")}${more}`;
}

function refusalOf(request: Request, served: Served): { code: number; message: string; data?: unknown } | undefined {
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
