// A loopback model server for backfill benchmarks: speaks the OpenAI Chat Completions
// API (POST /v1/chat/completions), the Anthropic Messages API (POST /v1/messages) and the
// OpenAI Batch API (files, batches, output file), answers each call (and each batch, as a
// whole) after an injected latency with a valid weekly-summary answer, and counts requests
// and the peak number in flight at once.
import { createServer } from "node:http";

/**
 * Starts on 127.0.0.1, port 0. Returns { openaiURL, anthropicURL, stats(), reset(), stop() }.
 * `stats()` → { requests, peakConcurrent, byPath, failures }.
 */
export async function startLatencyServer({ latencyMs = 1000 } = {}) {
  let stats = fresh();
  batchLatencyMs = latencyMs;
  let inFlight = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => {
      chunks.push(chunk);
    });
    req.on("end", async () => {
      // Batch bookkeeping (upload, create, poll, download) and token counting answer at once; a batch's model work is its
      // own latency, and counting is no model call.
      const bookkeeping = isBookkeeping(req.url);
      // A batch counts as one request to the model, made when it is created.
      if (bookkeeping && req.method === "POST" && req.url === "/v1/batches") stats.requests += 1;
      if (!bookkeeping) {
        stats.requests += 1;
        stats.byPath[req.url] = (stats.byPath[req.url] ?? 0) + 1;
        inFlight += 1;
        stats.peakConcurrent = Math.max(stats.peakConcurrent, inFlight);
      }
      const bytes = Buffer.concat(chunks);
      const body = (req.headers["content-type"] ?? "").startsWith("multipart/")
        ? await uploadedText(req.headers["content-type"], bytes)
        : bytes.toString("utf8");
      setTimeout(
        () => {
          if (!bookkeeping) inFlight -= 1;
          if (res.destroyed) return;
          const [status, payload, type = "application/json"] = answer(req.method, req.url, body);
          if (status !== 200) stats.failures += 1;
          res.writeHead(status, { "content-type": type });
          res.end(typeof payload === "string" ? payload : JSON.stringify(payload));
        },
        bookkeeping ? 0 : latencyMs,
      );
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    openaiURL: `http://127.0.0.1:${port}/v1`,
    anthropicURL: `http://127.0.0.1:${port}`,
    stats: () => ({ ...stats, byPath: { ...stats.byPath } }),
    reset: () => {
      stats = fresh();
    },
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function fresh() {
  return { requests: 0, peakConcurrent: 0, byPath: {}, failures: 0 };
}

function answer(method, url, raw) {
  try {
    return route(method, url, raw);
  } catch (error) {
    return [400, { error: { message: `bad request: ${error.message}`, type: "invalid_request_error" } }];
  }
}

function route(method, url, raw) {
  const path = url.split("?")[0];
  if (method === "POST" && path === "/v1/chat/completions") {
    const request = JSON.parse(raw);
    return [200, openaiCompletion(request, weeklyAnswer(promptText(request.messages)))];
  }
  if (method === "POST" && path === "/v1/messages") {
    const request = JSON.parse(raw);
    return [200, anthropicMessage(request, weeklyAnswer(promptText(request.messages)))];
  }
  // The counting endpoints (a batch's estimate counts each request): about four characters a token.
  if (method === "POST" && (path === "/v1/responses/input_tokens" || path === "/v1/messages/count_tokens")) {
    const input_tokens = Math.ceil(raw.length / 4);
    return [200, path.startsWith("/v1/responses") ? { object: "response.input_tokens", input_tokens } : { input_tokens }];
  }
  // The OpenAI Batch API: a batch is one request in flight, done one latency after it was created.
  if (method === "POST" && path === "/v1/files") {
    const id = `file-${files.size + 1}`;
    files.set(id, raw);
    return [200, { id, object: "file", bytes: raw.length, created_at: 1_775_000_000, filename: "batch.jsonl", purpose: "batch", status: "processed" }];
  }
  if (method === "POST" && path === "/v1/batches") {
    const { input_file_id } = JSON.parse(raw);
    const id = `batch-${batches.size + 1}`;
    const items = (files.get(input_file_id) ?? "")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line));
    batches.set(id, { id, items, doneAt: Date.now() + batchLatencyMs, created: Date.now() });
    return [200, openaiBatch(batches.get(id))];
  }
  const batchId = /^\/v1\/batches\/([^/]+)$/.exec(path)?.[1];
  if (method === "GET" && batchId) {
    const batch = batches.get(batchId);
    return batch ? [200, openaiBatch(batch)] : [404, { error: { message: "No batch found", type: "invalid_request_error" } }];
  }
  const contentOf = /^\/v1\/files\/([^/]+)\/content$/.exec(path)?.[1];
  if (method === "GET" && contentOf && files.has(contentOf)) return [200, files.get(contentOf), "application/octet-stream"];
  const message = `not served by the bench server: ${method} ${path}`;
  return [
    404,
    path.startsWith("/v1/messages") ? { type: "error", error: { type: "not_found_error", message } } : { error: { message, type: "invalid_request_error" } },
  ];
}

const files = new Map();
const batches = new Map();
let batchLatencyMs = 1000;

function isBookkeeping(url) {
  const path = url.split("?")[0];
  return /^\/v1\/(files|batches)/.test(path) || path === "/v1/responses/input_tokens" || path === "/v1/messages/count_tokens";
}

function openaiBatch(batch) {
  const base = {
    id: batch.id,
    object: "batch",
    endpoint: "/v1/chat/completions",
    input_file_id: "file-1",
    completion_window: "24h",
    created_at: Math.floor(batch.created / 1000),
  };
  const total = batch.items.length;
  if (Date.now() < batch.doneAt) return { ...base, status: "in_progress", request_counts: { total, completed: 0, failed: 0 } };
  const outputId = `file-out-${batch.id}`;
  if (!files.has(outputId)) {
    const lines = batch.items.map((item) =>
      JSON.stringify({
        id: `req-${item.custom_id}`,
        custom_id: item.custom_id,
        response: { status_code: 200, request_id: "r", body: openaiCompletion(item.body, weeklyAnswer(promptText(item.body.messages))) },
        error: null,
      }),
    );
    files.set(outputId, `${lines.join("\n")}\n`);
  }
  return { ...base, status: "completed", output_file_id: outputId, request_counts: { total, completed: total, failed: 0 } };
}

// The SDK uploads the batch file as a multipart form; the fetch API's own parser reads it.
async function uploadedText(contentType, bytes) {
  const form = await new Request("http://127.0.0.1/", { method: "POST", headers: { "content-type": contentType }, body: bytes }).formData();
  const file = form.get("file");
  return typeof file === "string" ? file : await file.text();
}

/** The user text of a chat request, whatever shape its content takes. */
function promptText(messages = []) {
  return messages
    .filter((message) => message.role === "user")
    .map((message) => (typeof message.content === "string" ? message.content : message.content.map((part) => part.text ?? "").join("\n")))
    .join("\n");
}

/** A weekly summary in the compaction prompt's format, built from the week's own entry titles. */
export function weeklyAnswer(prompt) {
  const instructions = prompt.slice(Math.max(0, prompt.indexOf("<INSTRUCTIONS>")));
  const label = /^##\s+(\S+)\s*$/m.exec(instructions)?.[1] ?? "Week";
  const titles = (kind) =>
    [...prompt.matchAll(new RegExp(`^## \\[\\d\\d:\\d\\d\\][^\\n]*?${kind}: (.+)$`, "gm"))].slice(0, 3).map((match) => `- ${match[1].trim()}`);
  const section = (name, lines) => [`### ${name}`, ...(lines.length > 0 ? lines : ["- Nothing recorded."]), ""];
  return [
    "---",
    "type: weekly",
    "---",
    "",
    `## ${label}`,
    "",
    ...section("Key Decisions", titles("decision")),
    ...section("Outcomes", titles("outcome")),
    ...section("Blockers & Open Items", titles("blocker")),
    ...section("Context", titles("research")),
    "NONE",
    "",
  ].join("\n");
}

function openaiCompletion(request, text) {
  return {
    id: "chatcmpl-bench",
    object: "chat.completion",
    created: 1_775_000_000,
    model: request.model,
    choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
    usage: { prompt_tokens: 1000, completion_tokens: 200, total_tokens: 1200 },
  };
}

function anthropicMessage(request, text) {
  return {
    id: "msg_bench",
    type: "message",
    role: "assistant",
    model: request.model,
    content: [{ type: "text", text }],
    stop_reason: "end_turn",
    stop_sequence: null,
    usage: { input_tokens: 1000, output_tokens: 200 },
  };
}
