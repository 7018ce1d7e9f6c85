import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the server received. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** What to answer one request with. `text` builds a success body in the API's own shape. */
export interface ScriptedResponse {
  status?: number;
  headers?: Record<string, string>;
  text?: string;
  body?: unknown;
  /** Sent as it is, not as JSON (a proxy's login page, a cut-off answer). */
  raw?: string;
  delayMs?: number;
}

/**
 * A real HTTP server on 127.0.0.1 (port 0) that speaks the Anthropic Messages
 * and OpenAI Chat Completions APIs well enough for their SDKs. It answers from
 * a script, one response per request, and records every request.
 */
/** What the Anthropic and OpenAI counting endpoints answer, whatever the request: a count no estimate would make. */
export const COUNTED_TOKENS = 2468;

export class FakeProviderServer {
  readonly requests: ReceivedRequest[] = [];
  private script: ScriptedResponse[] = [];
  private server: Server | undefined;
  private port = 0;

  /** Responses for the next requests, in order; the last one repeats. */
  respond(...responses: ScriptedResponse[]): this {
    this.script = responses;
    return this;
  }

  get anthropicURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get openaiURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      req.on("end", () => {
        const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
        this.requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
        if (req.url?.includes("/messages/count_tokens") || req.url?.includes("/responses/input_tokens")) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ input_tokens: COUNTED_TOKENS }));
          return;
        }
        const scripted = this.script.length > 1 ? this.script.shift()! : (this.script[0] ?? { text: "" });
        const reply = () => {
          if (res.destroyed) return;
          const status = scripted.status ?? 200;
          const payload = scripted.body ?? (status === 200 ? successBody(req.url ?? "", body, scripted.text ?? "") : errorBody(req.url ?? "", status));
          res.writeHead(status, { "content-type": "application/json", ...scripted.headers });
          res.end(scripted.raw ?? JSON.stringify(payload));
        };
        if (scripted.delayMs) setTimeout(reply, scripted.delayMs);
        else reply();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

function successBody(url: string, request: Record<string, unknown>, text: string): unknown {
  if (url.includes("/messages")) {
    return {
      id: "msg_test",
      type: "message",
      role: "assistant",
      model: request["model"],
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: { input_tokens: 1234, output_tokens: 567 },
    };
  }
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_775_000_000,
    model: request["model"],
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1234, completion_tokens: 567, total_tokens: 1801 },
  };
}

function errorBody(url: string, status: number): unknown {
  const message = status === 529 ? "Overloaded" : status === 429 ? "Rate limited" : `HTTP ${status}`;
  return url.includes("/messages") ? { type: "error", error: { type: "api_error", message } } : { error: { message, type: "server_error" } };
}
