// Backfill against a slow model: 12 pending weeks compacted by `compact --auto --force`
// through a remote provider pointed at a loopback server that answers after a fixed
// latency. With --concurrency (when this build has it) at N = 1 and N = 6; with --batch
// (when this build has it) as one batch.
//
//   node bench/backfill.mjs [--weeks 12] [--latency-ms 1000] [--provider openai|anthropic] [--concurrency 1,6]
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateHistory } from "./generate-logs.mjs";
import { BIN, cleanEnv, requireBuild, seconds, supports, verdict } from "./lib/compact-cli.mjs";
import { startLatencyServer } from "./lib/latency-llm-server.mjs";
import { runMeasured } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({
  options: {
    weeks: { type: "string", default: "12" },
    "latency-ms": { type: "string", default: "1000" },
    provider: { type: "string", default: "openai" },
    concurrency: { type: "string", default: "1,6" },
    "timeout-s": { type: "string", default: "600" },
    seed: { type: "string", default: "1" },
  },
});
const provider = values.provider;
if (provider !== "openai" && provider !== "anthropic") throw new Error(`--provider must be openai or anthropic, got '${provider}'`);
const weeks = Number(values.weeks);
const latencyMs = Number(values["latency-ms"]);
const server = await startLatencyServer({ latencyMs });
const scratch = mkdtempSync(path.join(tmpdir(), "compact-bench-backfill-"));
const logs = path.join(scratch, "logs");
generateHistory({ out: logs, weeks, entriesPerDay: 4, seed: values.seed });
const env = cleanEnv(
  provider === "openai"
    ? { OPENAI_API_KEY: "test", OPENAI_BASE_URL: server.openaiURL }
    : { ANTHROPIC_API_KEY: "test", ANTHROPIC_BASE_URL: server.anthropicURL },
);
const rows = [`backfill — ${weeks} pending weeks, --provider ${provider}, ${latencyMs} ms model latency, node ${process.version}`];

async function backfill(label, extra) {
  const dir = path.join(scratch, label.replace(/\W+/g, "-"));
  cpSync(logs, dir, { recursive: true });
  server.reset();
  process.stderr.write(`backfill: ${label}…\n`);
  const run = await runMeasured(process.execPath, [BIN, "--auto", "--force", "--provider", provider, "--dir", dir, ...extra], {
    env,
    timeoutMs: Number(values["timeout-s"]) * 1000,
  });
  const stats = server.stats();
  const compacted = run.lines.filter((line) => /^compacted \d{4}-W\d{2}/.test(line.text)).length;
  const outcome = run.timedOut
    ? `timed out after ${seconds(run.ms)}`
    : run.code === 0
      ? seconds(run.ms)
      : `exit ${run.code} after ${seconds(run.ms)}: ${run.stderr.trim().split("\n").at(-1)}`;
  rows.push(
    `  ${label.padEnd(26)} ${outcome.padStart(9)}  ${compacted}/${weeks} weeks  ${stats.requests} requests, peak ${stats.peakConcurrent} at once${stats.failures ? `, ${stats.failures} answered with an error` : ""}`,
  );
  if (run.code !== 0 && !run.timedOut) process.exitCode = 1;
  return run;
}

try {
  if (supports("--concurrency")) {
    const levels = values.concurrency.split(",").map(Number);
    const runs = {};
    for (const n of levels) runs[n] = await backfill(`--concurrency ${n}`, ["--concurrency", String(n)]);
    const [one, six] = [runs[1], runs[6]];
    if (one && six && one.code === 0 && six.code === 0) {
      const share = six.ms / one.ms;
      rows.push(`  time(N=6) / time(N=1) = ${(share * 100).toFixed(0)}%   target ≤ 35%  ${verdict(share <= 0.35)}`);
    }
  } else {
    await backfill("default (one at a time)", []);
    rows.push("  --concurrency: not supported by this build");
  }
  if (supports("--batch")) {
    // Every pending week in one OpenAI batch, done one latency after it is created, polled every 0.2 s.
    await backfill("--batch", ["--batch", "--poll-interval", "0.2"]);
  } else {
    rows.push("  --batch: not supported by this build");
  }
} finally {
  await server.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`${rows.join("\n")}\n`);
