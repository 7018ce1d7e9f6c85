// One week at two sizes (2,000 and 20,000 entries) through `compact --week`, and a small
// week compacted into an empty memory dir and into one already holding 20,000 memories, then
// the next week into that same dir (its snapshot cached by the first run).
//
//   node bench/big-week.mjs [--small 2000] [--big 20000] [--memories 20000] [--timeout-s 900]
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateWeek } from "./generate-logs.mjs";
import { BIN, cleanEnv, mib, requireBuild, seconds, verdict } from "./lib/compact-cli.mjs";
import { generateMemories } from "./lib/generate-memories.mjs";
import { runMeasured } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({
  options: {
    small: { type: "string", default: "2000" },
    big: { type: "string", default: "20000" },
    memories: { type: "string", default: "20000" },
    "small-week": { type: "string", default: "210" },
    "timeout-s": { type: "string", default: "900" },
    seed: { type: "string", default: "1" },
  },
});
const WEEK = "2026-W14";
const timeoutMs = Number(values["timeout-s"]) * 1000;
const MB = 1_000_000 / 1048576;
const scratch = mkdtempSync(path.join(tmpdir(), "compact-bench-week-"));
const rows = [`big week — compact --week ${WEEK}, offline, node ${process.version}`];

async function compactWeek(label, dir, stats, week = WEEK) {
  process.stderr.write(`big-week: ${label}…\n`);
  const run = await runMeasured(process.execPath, [BIN, "--week", week, "--quiet", "--dir", dir], { env: cleanEnv(), timeoutMs });
  if (!run.timedOut && run.code !== 0) {
    process.stderr.write(`big-week: compact exited ${run.code}: ${run.stderr.trim().split("\n").at(-1)}\n`);
    process.exitCode = 1;
  }
  const time = run.timedOut ? `timed out after ${seconds(run.ms)}` : seconds(run.ms);
  rows.push(
    `  ${label.padEnd(44)} ${(stats ? `${mib(stats.bytes)} MiB` : "").padStart(9)} ${time.padStart(9)} ${`${run.peakRssMiB.toFixed(0)} MiB`.padStart(9)} peak`,
  );
  return run;
}

try {
  const sizes = {};
  for (const entries of [Number(values.small), Number(values.big)]) {
    const dir = path.join(scratch, `week-${entries}`);
    const stats = generateWeek({ out: dir, week: WEEK, entries, seed: values.seed });
    sizes[entries] = await compactWeek(`${entries} entries, ${stats.files} logs`, dir, stats);
  }
  const [small, big] = [sizes[Number(values.small)], sizes[Number(values.big)]];
  if (!small.timedOut && !big.timedOut) {
    const ratio = big.ms / small.ms;
    const bigMB = big.peakRssMiB / MB;
    rows.push(`  time(${values.big}) / time(${values.small}) = ${ratio.toFixed(1)}×   target ≤ 12×  ${verdict(ratio <= 12)}`);
    rows.push(`  peak RSS at ${values.big} entries = ${bigMB.toFixed(0)} MB   target ≤ 400 MB  ${verdict(bigMB <= 400)}   (${big.rssSource})`);
  }

  const logs = path.join(scratch, "small-week");
  const weekStats = generateWeek({ out: logs, week: WEEK, entries: Number(values["small-week"]), seed: values.seed });
  const empty = path.join(scratch, "empty-dir");
  cpSync(logs, empty, { recursive: true });
  const emptyRun = await compactWeek(`${values["small-week"]}-entry week into an empty dir`, empty, weekStats);
  const full = path.join(scratch, "full-dir");
  const memories = generateMemories({ out: full, count: Number(values.memories), seed: values.seed });
  cpSync(logs, full, { recursive: true });
  const fullRun = await compactWeek(`same week into a dir of ${values.memories} memories (${mib(memories.bytes)} MiB)`, full, weekStats);
  if (!emptyRun.timedOut && !fullRun.timedOut) rows.push(`  time(${values.memories} memories) / time(empty dir) = ${(fullRun.ms / emptyRun.ms).toFixed(1)}×`);
  // The next run finds the memory dir in the snapshot cache the first one wrote: it re-reads only what changed.
  const nextWeek = "2026-W15";
  const nextStats = generateWeek({ out: full, week: nextWeek, entries: Number(values["small-week"]), seed: `${values.seed}-next` });
  const warmRun = await compactWeek(`next week, same dir (snapshot cached)`, full, nextStats, nextWeek);
  if (!emptyRun.timedOut && !warmRun.timedOut)
    rows.push(`  time(${values.memories} memories, cached) / time(empty dir) = ${(warmRun.ms / emptyRun.ms).toFixed(1)}×`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.stdout.write(`${rows.join("\n")}\n`);
