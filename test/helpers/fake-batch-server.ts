import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";

/** What Anthropic's counting endpoint answers for any request. */
export const COUNTED_TOKENS = 777;

/** What one request of a batch is answered with. */
/** `cut`: the answer stopped at its output limit (max_tokens / length). */
export type BatchAnswer = { text: string; cut?: boolean } | { error: string } | { expired: true };

/** One request the server received; `body` is the JSON sent, or for an upload the file's text. */
export interface BatchServerRequest {
  method: string;
  url: string;
  body: unknown;
}

/** One request inside a batch, in a provider-neutral shape. */
export interface BatchItem {
  customId: string;
  model: string;
  system: string;
  user: string;
  /** The request's parameters exactly as received. */
  params: Record<string, unknown>;
}

interface Batch {
  id: string;
  provider: "anthropic" | "openai";
  items: BatchItem[];
  polls: number;
  createdAt: number;
}

const USAGE = { input_tokens: 1000, output_tokens: 200 };

/**
 * A real HTTP server on 127.0.0.1 (port 0) that speaks the Anthropic Message
 * Batches API and the OpenAI Files + Batch APIs well enough for their SDKs,
 * and single calls for a repair request. A batch is `in_progress` for
 * `pollsBeforeEnd` looks, then ended. Each request is answered by `answer`
 * (by default, the offline model's answer to the same prompt). Every request is recorded.
 */
export class FakeBatchServer {
  readonly requests: BatchServerRequest[] = [];
  readonly batches: Batch[] = [];
  pollsBeforeEnd = 1;
  /** When set, an OpenAI batch ends `failed` with this error and no output, as one that fails validation. */
  failBatch: string | undefined;
  /** When set, every look at a batch is answered with this HTTP status. */
  pollStatus: number | undefined;
  /** How a compatible server without OpenAI's counting endpoint answers it: `404`, `501`, or 200 with no count. */
  withoutCounting: false | 404 | 501 | "no count" = false;
  answer: (item: BatchItem) => BatchAnswer | Promise<BatchAnswer> = offlineAnswer;
  /**
   * How the next requests that create a batch are answered, one entry each: `status` without
   * `created` refuses it (nothing created), with `created` creates it and answers the status
   * anyway (a 5xx after the provider took it); `delayMs` creates it and answers that late.
   */
  createReplies: { status?: number; retryAfter?: string; created?: boolean; delayMs?: number }[] = [];
  /** Every POST but a count answered with a proxy's page, as `text/html`, instead of the API. */
  pageInsteadOfApi = false;
  /** Called with each request before it is answered (a test may interrupt the run here). */
  onRequest: ((request: BatchServerRequest) => void) | undefined;
  private files = new Map<string, string>();
  private server: Server | undefined;
  private port = 0;

  get anthropicURL(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get openaiURL(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  /** Requests that created a batch. */
  get creates(): BatchServerRequest[] {
    return this.requests.filter((r) => r.method === "POST" && (r.url === "/v1/messages/batches" || r.url === "/v1/batches"));
  }

  reset(): void {
    this.requests.length = 0;
    this.batches.length = 0;
    this.files.clear();
    this.pollsBeforeEnd = 1;
    this.failBatch = undefined;
    this.pollStatus = undefined;
    this.withoutCounting = false;
    this.answer = offlineAnswer;
    this.onRequest = undefined;
    this.createReplies = [];
    this.pageInsteadOfApi = false;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        this.handle(req, Buffer.concat(chunks), res).catch((error: unknown) => send(res, 500, { error: { message: String(error) } }));
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

  private async handle(req: IncomingMessage, raw: Buffer, res: ServerResponse): Promise<void> {
    const url = req.url ?? "";
    const method = req.method ?? "";
    const multipart = (req.headers["content-type"] ?? "").startsWith("multipart/");
    const body: unknown = multipart ? await uploadedText(req, raw) : raw.length ? JSON.parse(raw.toString("utf8")) : {};
    const request = { method, url, body };
    this.requests.push(request);
    this.onRequest?.(request);
    // The id in a path like /v1/batches/{id}, for a GET.
    const idIn = (pattern: RegExp) => (method === "GET" ? pattern.exec(url)?.[1] : undefined);
    const messageBatch = idIn(/^\/v1\/messages\/batches\/([^/]+)$/);
    const messageResults = idIn(/^\/v1\/messages\/batches\/([^/]+)\/results$/);
    const openaiBatch = idIn(/^\/v1\/batches\/([^/]+)$/);
    const fileContent = idIn(/^\/v1\/files\/([^/]+)\/content$/);
    if (this.pageInsteadOfApi && method === "POST" && !/count_tokens|input_tokens/.test(url)) {
      res.writeHead(200, { "content-type": "text/html" });
      return void res.end("<html>Sign in to the proxy</html>");
    }
    const creating = method === "POST" && (url === "/v1/messages/batches" || url === "/v1/batches");
    const reply = creating ? this.createReplies.shift() : undefined;
    if (reply?.status && !reply.created) {
      res.writeHead(reply.status, { "content-type": "application/json", ...(reply.retryAfter ? { "retry-after": reply.retryAfter } : {}) });
      return void res.end(JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }));
    }
    const answered = (status: number, payload: unknown) => {
      const answer = () => (reply?.status ? send(res, reply.status, { error: { message: "HTTP 500" } }) : send(res, status, payload));
      if (reply?.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    };
    if (method === "POST" && url === "/v1/messages/batches") return answered(200, this.anthropicBatch(this.create("anthropic", anthropicItems(body))));
    if (messageBatch) return this.withBatch(res, messageBatch, (batch) => this.anthropicBatch(batch, true));
    if (messageResults) {
      const batch = this.batches.find((b) => b.id === messageResults);
      if (!batch) return send(res, 404, notFound("anthropic"));
      const lines = await Promise.all(
        batch.items.map(async (item) => JSON.stringify({ custom_id: item.customId, result: anthropicResult(item, await this.answer(item)) })),
      );
      res.writeHead(200, { "content-type": "application/binary" });
      return void res.end(`${lines.join("\n")}\n`);
    }
    if (method === "POST" && url === "/v1/files") {
      const id = `file-${this.files.size + 1}`;
      this.files.set(id, body as string);
      return send(res, 200, {
        id,
        object: "file",
        bytes: (body as string).length,
        created_at: 1_775_000_000,
        filename: "batch.jsonl",
        purpose: "batch",
        status: "processed",
      });
    }
    if (method === "POST" && url === "/v1/batches") {
      const input = this.files.get((body as { input_file_id: string }).input_file_id) ?? "";
      return answered(200, await this.openaiBatch(this.create("openai", openaiItems(input))));
    }
    if (openaiBatch) return this.withBatch(res, openaiBatch, (batch) => this.openaiBatch(batch, true));
    if (fileContent) {
      const text = this.files.get(fileContent);
      if (text === undefined) return send(res, 404, notFound("openai"));
      res.writeHead(200, { "content-type": "application/octet-stream" });
      return void res.end(text);
    }
    if (method === "POST" && url === "/v1/messages/count_tokens") {
      return send(res, 200, { input_tokens: COUNTED_TOKENS });
    }
    if (method === "POST" && url === "/v1/responses/input_tokens") {
      if (this.withoutCounting === "no count") return send(res, 200, { error: "Unexpected endpoint or method" });
      if (this.withoutCounting) return send(res, this.withoutCounting, notFound("openai"));
      return send(res, 200, { object: "response.input_tokens", input_tokens: COUNTED_TOKENS });
    }
    if (method === "POST" && url === "/v1/messages") {
      const item = anthropicItems({ requests: [{ custom_id: "single", params: body }] })[0]!;
      const answer = await this.answer(item);
      return send(res, 200, {
        id: "msg_single",
        type: "message",
        role: "assistant",
        model: item.model,
        content: [{ type: "text", text: "text" in answer ? answer.text : "" }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage: USAGE,
      });
    }
    if (method === "POST" && url === "/v1/chat/completions") {
      const item = openaiItems(JSON.stringify({ custom_id: "single", body }))[0]!;
      const answer = await this.answer(item);
      const text = "text" in answer ? answer.text : "";
      return send(res, 200, {
        id: "chatcmpl-single",
        object: "chat.completion",
        created: 1,
        model: item.model,
        choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
        usage: { prompt_tokens: USAGE.input_tokens, completion_tokens: USAGE.output_tokens, total_tokens: 1200 },
      });
    }
    send(res, 404, notFound(url.startsWith("/v1/messages") ? "anthropic" : "openai"));
  }

  private create(provider: Batch["provider"], items: BatchItem[]): Batch {
    const batch = {
      id: provider === "anthropic" ? `msgbatch_${this.batches.length + 1}` : `batch_${this.batches.length + 1}`,
      provider,
      items,
      polls: 0,
      createdAt: 1_775_000_000,
    };
    this.batches.push(batch);
    return batch;
  }

  private withBatch(res: ServerResponse, id: string, render: (batch: Batch) => unknown | Promise<unknown>): Promise<void> | void {
    const batch = this.batches.find((b) => b.id === id);
    if (!batch) return send(res, 404, notFound(id.startsWith("msgbatch") ? "anthropic" : "openai"));
    if (this.pollStatus) return send(res, this.pollStatus, { type: "error", error: { type: "api_error", message: "unavailable" } });
    return Promise.resolve(render(batch)).then((payload) => send(res, 200, payload));
  }

  private anthropicBatch(batch: Batch, poll = false): unknown {
    const ended = poll && ++batch.polls > this.pollsBeforeEnd;
    const n = batch.items.length;
    return {
      id: batch.id,
      type: "message_batch",
      processing_status: ended ? "ended" : "in_progress",
      request_counts: { processing: ended ? 0 : n, succeeded: ended ? n : 0, errored: 0, canceled: 0, expired: 0 },
      created_at: "2026-03-18T10:00:00Z",
      expires_at: "2026-03-19T10:00:00Z",
      ended_at: ended ? "2026-03-18T11:00:00Z" : null,
      archived_at: null,
      cancel_initiated_at: null,
      results_url: ended ? `${this.anthropicURL}/v1/messages/batches/${batch.id}/results` : null,
    };
  }

  private async openaiBatch(batch: Batch, poll = false): Promise<unknown> {
    const ended = poll && ++batch.polls > this.pollsBeforeEnd;
    const n = batch.items.length;
    const base = {
      id: batch.id,
      object: "batch",
      endpoint: "/v1/chat/completions",
      input_file_id: "file-1",
      completion_window: "24h",
      created_at: batch.createdAt,
    };
    if (!ended) return { ...base, status: poll ? "in_progress" : "validating", request_counts: { total: n, completed: 0, failed: 0 } };
    if (this.failBatch)
      return {
        ...base,
        status: "failed",
        errors: { object: "list", data: [{ code: "invalid_request", message: this.failBatch, line: 1 }] },
        request_counts: { total: n, completed: 0, failed: 0 },
      };
    const out: string[] = [];
    const errors: string[] = [];
    for (const item of batch.items) {
      const answer = await this.answer(item);
      if ("text" in answer) {
        const completion = {
          id: "chatcmpl-b",
          object: "chat.completion",
          created: 1,
          model: item.model,
          choices: [{ index: 0, message: { role: "assistant", content: answer.text }, finish_reason: answer.cut ? "length" : "stop" }],
          usage: { prompt_tokens: USAGE.input_tokens, completion_tokens: USAGE.output_tokens, total_tokens: 1200 },
        };
        out.push(
          JSON.stringify({
            id: `req-${item.customId}`,
            custom_id: item.customId,
            response: { status_code: 200, request_id: "r", body: completion },
            error: null,
          }),
        );
      } else if ("error" in answer) {
        errors.push(
          JSON.stringify({
            id: `req-${item.customId}`,
            custom_id: item.customId,
            response: { status_code: 400, request_id: "r", body: { error: { message: answer.error, type: "invalid_request_error" } } },
            error: null,
          }),
        );
      } else {
        errors.push(
          JSON.stringify({
            id: `req-${item.customId}`,
            custom_id: item.customId,
            response: null,
            error: { code: "batch_expired", message: "This request could not be executed before the completion window expired." },
          }),
        );
      }
    }
    const outputId = `file-out-${batch.id}`;
    const errorId = `file-err-${batch.id}`;
    this.files.set(outputId, out.join("\n"));
    if (errors.length) this.files.set(errorId, errors.join("\n"));
    return {
      ...base,
      status: "completed",
      output_file_id: outputId,
      ...(errors.length ? { error_file_id: errorId } : {}),
      request_counts: { total: n, completed: out.length, failed: errors.length },
    };
  }
}

async function offlineAnswer(item: BatchItem): Promise<BatchAnswer> {
  const completion = await new OfflineModel().complete(item.user, { systemPrompt: item.system, temperature: 0.2, maxTokens: 4096 });
  return { text: completion.text };
}

function anthropicResult(item: BatchItem, answer: BatchAnswer): unknown {
  if ("text" in answer) {
    return {
      type: "succeeded",
      message: {
        id: `msg_${item.customId}`,
        type: "message",
        role: "assistant",
        model: item.model,
        content: [{ type: "text", text: answer.text }],
        stop_reason: answer.cut ? "max_tokens" : "end_turn",
        stop_sequence: null,
        usage: USAGE,
      },
    };
  }
  if ("error" in answer)
    return { type: "errored", error: { type: "error", error: { type: "invalid_request_error", message: answer.error }, request_id: null } };
  return { type: "expired" };
}

function anthropicItems(body: unknown): BatchItem[] {
  const requests = (body as { requests: { custom_id: string; params: Record<string, unknown> }[] }).requests;
  return requests.map(({ custom_id, params }) => ({
    customId: custom_id,
    model: String(params["model"]),
    system: String(params["system"]),
    user: (params["messages"] as { content: string }[])[0]!.content,
    params,
  }));
}

function openaiItems(jsonl: string): BatchItem[] {
  return jsonl
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const { custom_id, body } = JSON.parse(line) as { custom_id: string; body: Record<string, unknown> };
      const messages = body["messages"] as { content: string }[];
      return { customId: custom_id, model: String(body["model"]), system: messages[0]!.content, user: messages[1]!.content, params: body };
    });
}

// The SDK uploads a multipart form; the fetch API's own parser reads it.
async function uploadedText(req: IncomingMessage, raw: Buffer): Promise<string> {
  const form = await new Request("http://127.0.0.1/", {
    method: "POST",
    headers: { "content-type": String(req.headers["content-type"]) },
    body: raw,
  }).formData();
  const file = form.get("file");
  return typeof file === "string" ? file : await (file as Blob).text();
}

function notFound(provider: "anthropic" | "openai"): unknown {
  return provider === "anthropic"
    ? { type: "error", error: { type: "not_found_error", message: "batch not found" } }
    : { error: { message: "No batch found", type: "invalid_request_error" } };
}

function send(res: ServerResponse, status: number, payload: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(payload));
}
