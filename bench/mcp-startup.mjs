// `compact mcp`: median time from spawn to the answer to `initialize`, and to the
// first `search_memory` answer, over N runs on a small compacted memory dir, next to
// `compact status` on the same dir in the same rounds; and how many modules `mcp`
// loads against `status` (the SDK is loaded by `mcp` alone).
//
//   node bench/mcp-startup.mjs [--runs 9]
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateHistory } from "./generate-logs.mjs";
import { BIN, cleanEnv, requireBuild } from "./lib/compact-cli.mjs";
import { median } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({ options: { runs: { type: "string", default: "9" } } });
const runs = Number(values.runs);
const env = cleanEnv();
const here = path.dirname(fileURLToPath(import.meta.url));

const dir = mkdtempSync(path.join(tmpdir(), "compact-bench-mcp-"));
generateHistory({ out: dir, weeks: 4, entriesPerDay: 4 });
execFileSync(process.execPath, [BIN, "--auto", "--force", "--quiet", "--dir", dir], { env, stdio: "ignore" });

const REQUESTS = [
  { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "bench", version: "1" } } },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "search_memory", arguments: { query: "deploy review", limit: 5 } } },
];

/** Milliseconds from spawn to the answer of each request id. */
function session() {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const child = spawn(process.execPath, [BIN, "mcp", "--quiet", "--dir", dir], { env, stdio: ["pipe", "pipe", "ignore"] });
    const answered = {};
    let buffer = "";
    child.stdout.on("data", (chunk) => {
      buffer += chunk;
      for (let nl = buffer.indexOf("\n"); nl >= 0; nl = buffer.indexOf("\n")) {
        const message = JSON.parse(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        answered[message.id] = performance.now() - start;
        if (message.id === 1) child.stdin.write(`${JSON.stringify(REQUESTS[1])}\n${JSON.stringify(REQUESTS[2])}\n`);
        if (message.id === 2) child.stdin.end();
      }
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 && answered[2] ? resolve(answered) : reject(new Error(`compact mcp exited ${code}`))));
    child.stdin.write(`${JSON.stringify(REQUESTS[0])}\n`);
  });
}

await session(); // warm the file cache
const init = [];
const search = [];
const statusTimes = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  spawnSync(process.execPath, [BIN, "status", "--dir", dir], { env, stdio: "ignore" });
  statusTimes.push(performance.now() - start);
  const answered = await session();
  init.push(answered[1]);
  search.push(answered[2]);
}

const modules = (args) => {
  const list = path.join(dir, `modules-${args[0]}.txt`);
  execFileSync(process.execPath, ["--import", path.join(here, "lib/count-modules.mjs"), BIN, ...args], {
    env: { ...env, BENCH_MODULES_FILE: list },
    input: "",
    stdio: ["pipe", "ignore", "ignore"],
  });
  const files = new Set(
    readFileSync(list, "utf8")
      .split("\n")
      .filter((file) => file && !file.startsWith(path.join(here, "lib"))),
  );
  return { all: files.size, sdk: [...files].filter((file) => file.includes("@modelcontextprotocol")).length };
};
const status = modules(["status", "--dir", dir]);
const mcp = modules(["mcp", "--quiet", "--dir", dir]);
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `${[
    `compact mcp — node ${process.version}, ${runs} sessions, medians, 4 weeks of generated logs compacted`,
    `  compact status (for scale)       ${median(statusTimes).toFixed(0).padStart(6)} ms`,
    `  spawn → initialize answered      ${median(init).toFixed(0).padStart(6)} ms`,
    `  spawn → search_memory answered   ${median(search).toFixed(0).padStart(6)} ms`,
    `  modules loaded: status ${status.all} (SDK ${status.sdk}), mcp ${mcp.all} (SDK ${mcp.sdk})`,
  ].join("\n")}\n`,
);
