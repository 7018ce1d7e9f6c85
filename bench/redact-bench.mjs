// Prints secret-redaction speed. Run after `npm run build` (uses dist/):
//   node bench/redact-bench.mjs            all figures (the unpatched lintSource run takes minutes)
//   node bench/redact-bench.mjs --quick    without the unpatched lintSource run
// Each timed variant of the 3,640 calls runs in its own process: secretlint's profiler is module state.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const self = fileURLToPath(import.meta.url);
const CALLS = 3640; // ten years of daily logs
const TEXT_CHARS = 2560;

function corpusFiles() {
  const dir = path.resolve(here, "../../shared/corpus/real");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((rel) => path.join(dir, rel))
    .filter((file) => file.endsWith(".md") && !file.endsWith("MANIFEST.md") && statSync(file).isFile());
}

// ~2.5 KB texts cut from the real logs (or a generated stand-in), one in seven given two secrets.
function callTexts() {
  const files = corpusFiles();
  const pool = files.length > 0 ? files.map((file) => readFileSync(file, "utf8")).join("\n") : standIn();
  const token = `ghp_${"aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5b".slice(0, 36)}`;
  return Array.from({ length: CALLS }, (_, i) => {
    const start = (i * 7919) % (pool.length - TEXT_CHARS);
    const text = pool.slice(start, start + TEXT_CHARS);
    return i % 7 === 0 ? `${text}\nDB_PASSWORD=hunter2\ntoken ${token}\n` : text;
  });
}

function standIn() {
  const line = "## [10:00] note: deployed the sync service, checked https://grafana.example.dev/d/sync and the token budget\n";
  return line.repeat(Math.ceil((TEXT_CHARS * 40) / line.length));
}

async function child(mode) {
  const texts = callTexts();
  let unhandled = 0;
  process.on("unhandledRejection", () => unhandled++);
  let run;
  if (mode === "ours") {
    const { redactSecrets } = await import("../dist/logs/redact-secrets.js");
    run = (text) => redactSecrets(text).then((r) => r.count);
  } else {
    const { lintSource } = await import("@secretlint/core");
    const { secretLintProfiler } = await import("@secretlint/profiler");
    const { creator } = await import("@secretlint/secretlint-rule-preset-recommend");
    const config = { rules: [{ id: creator.meta.id, rule: creator }] };
    const clear = () => {
      performance.clearMarks();
      performance.clearMeasures();
      secretLintProfiler.entries.length = 0;
      secretLintProfiler.measures.length = 0;
    };
    let call = 0;
    run = async (text) => {
      const filePath = `log-${call++}.md`;
      const result = await lintSource({ source: { filePath, content: text, contentType: "text" }, options: { config, maskSecrets: false } });
      if (mode === "lint-naive") clear();
      if (mode === "lint-workaround") {
        // Let the profiler's observer see the marks and run its measures, or they hit cleared marks.
        await new Promise((resolve) => setImmediate(resolve));
        await secretLintProfiler.getEntries();
        clear();
      }
      return result.messages.length;
    };
  }
  const start = performance.now();
  let found = 0;
  for (const text of texts) found += await run(text);
  const ms = performance.now() - start;
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.stdout.write(JSON.stringify({ ms, found, unhandled }));
}

// The loop's own time, and the child's wall time: some variants pay after their last call.
function inChild(mode) {
  const start = performance.now();
  const out = execFileSync(process.execPath, [self, "--child", mode], { encoding: "utf8", maxBuffer: 1 << 20 });
  return { ...JSON.parse(out), wallMs: performance.now() - start };
}

async function main() {
  const quick = process.argv.includes("--quick");
  const { redactSecrets, redactBytes } = await import("../dist/logs/redact-secrets.js");
  const { SECRET_PATTERNS } = await import("../dist/logs/secret-patterns.js");
  console.log(`redaction bench — node ${process.version}, ${process.platform}/${process.arch}, ${SECRET_PATTERNS.length} table patterns`);
  const mbps = (bytes, ms) => `${(bytes / 1e6 / (ms / 1000)).toFixed(1)} MB/s`;

  const files = corpusFiles();
  if (files.length > 0) {
    const median = async (fn) => {
      await fn();
      const times = [];
      for (let i = 0; i < 5; i++) {
        const start = performance.now();
        await fn();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b)[2];
    };
    let buffers = [];
    const readMs = await median(() => {
      buffers = files.map((file) => readFileSync(file));
    });
    const bytes = buffers.reduce((sum, b) => sum + b.length, 0);
    const texts = buffers.map((b) => b.toString("utf8"));
    let secrets = 0;
    const textMs = await median(async () => {
      secrets = 0;
      for (const text of texts) secrets += (await redactSecrets(text)).count;
    });
    const byteMs = await median(async () => {
      for (const b of buffers) await redactBytes(new Uint8Array(b));
    });
    console.log(`  corpus: ${files.length} real logs, ${(bytes / 1e6).toFixed(2)} MB, ${secrets} secrets (median of 5)`);
    console.log(`    readFileSync (cached)  ${readMs.toFixed(1)} ms  ${mbps(bytes, readMs)}`);
    console.log(`    redactSecrets          ${textMs.toFixed(1)} ms  ${mbps(bytes, textMs)}`);
    console.log(`    redactBytes            ${byteMs.toFixed(1)} ms  ${mbps(bytes, byteMs)}`);
  } else {
    console.log("  corpus: ../shared/corpus/real absent, throughput skipped");
  }

  console.log(`  ${CALLS} calls on ~${(TEXT_CHARS / 1000).toFixed(1)} KB texts (each variant in a fresh process; process = its wall time):`);
  const variants = [
    ["ours", "redactSecrets (rules run directly + table)"],
    ["lint-workaround", "lintSource, profiler cleared after observer flush"],
    ["lint-naive", "lintSource, profiler cleared right after the call"],
    ...(quick ? [] : [["lint-raw", "lintSource, profiler left alone"]]),
  ];
  for (const [mode, label] of variants) {
    const { ms, wallMs, found, unhandled } = inChild(mode);
    const note = unhandled > 0 ? `, ${unhandled} unhandled rejections (fatal by default)` : "";
    const seconds = (value) => `${(value / 1000).toFixed(2)} s`.padStart(9);
    console.log(`    ${label.padEnd(52)} ${seconds(ms)} (${(ms / CALLS).toFixed(2)} ms/call; process ${seconds(wallMs).trim()}), ${found} findings${note}`);
  }
}

const at = process.argv.indexOf("--child");
if (at === -1) await main();
else await child(process.argv[at + 1]);
