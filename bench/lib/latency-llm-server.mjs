// A loopback model server for backfill benchmarks: speaks the OpenAI Chat Completions
// API (POST /v1/chat/completions) and the Anthropic Messages API (POST /v1/messages),
// answers each call after an injected latency with a valid weekly-summary answer, and
// counts requests and the peak number in flight at once.
import { createServer } from "node:http";

/**
 * Starts on 127.0.0.1, port 0. Returns { openaiURL, anthropicURL, stats(), reset(), stop() }.
 * `stats()` → { requests, peakConcurrent, byPath, failures }.
 */
export async function startLatencyServer({ latencyMs = 1000 } = {}) {
  let stats = fresh();
  let inFlight = 0;
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      stats.requests += 1;
      stats.byPath[req.url] = (stats.byPath[req.url] ?? 0) + 1;
      inFlight += 1;
      stats.peakConcurrent = Math.max(stats.peakConcurrent, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        if (res.destroyed) return;
        const [status, body] = answer(req.method, req.url, raw);
        if (status !== 200) stats.failures += 1;
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      }, latencyMs);
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
  // TODO(batch): when `compact --auto --batch` exists, answer here:
  //   Anthropic Message Batches: POST /v1/messages/batches, GET /v1/messages/batches/{id},
  //     GET {results_url} → JSONL of { custom_id, result: { type: "succeeded", message } };
  //   OpenAI Batch API: POST /v1/files (multipart, purpose=batch), POST /v1/batches,
  //     GET /v1/batches/{id}, GET /v1/files/{output_file_id}/content → JSONL of
  //     { custom_id, response: { status_code: 200, body: <chat completion> } }.
  // Each result is weeklyAnswer() of its request; count one batch as one request in flight.
  const message = `not served by the bench server: ${method} ${path}`;
  return [
    404,
    path.startsWith("/v1/messages") ? { type: "error", error: { type: "not_found_error", message } } : { error: { message, type: "invalid_request_error" } },
  ];
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
