// Scaling of a backfill: N years of generated logs, each compacted from a fresh copy by
// `compact --auto --force` (offline, the default). Prints time, peak RSS and the time per
// week at the start and at the end of the run (from when each "compacted YYYY-Www" line
// reached stdout: a week's line is printed when it is committed, and a commit holds the
// weeks of up to a second, so the time per week is read between commits, over the first
// and the last fifth of the weeks).
//
//   node bench/scaling.mjs [--years 1,3,10] [--quick] [--timeout-s 1800] [--seed S]
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateHistory } from "./generate-logs.mjs";
import { BIN, cleanEnv, mib, requireBuild, seconds, verdict } from "./lib/compact-cli.mjs";
import { runMeasured } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({
  options: {
    years: { type: "string", default: "1,3,10" },
    quick: { type: "boolean", default: false },
    "timeout-s": { type: "string", default: "1800" },
    seed: { type: "string", default: "1" },
  },
});
const yearsList = values.quick ? [1] : values.years.split(",").map(Number);
const timeoutMs = Number(values["timeout-s"]) * 1000;
// Weeks per window, at least: a fifth of the run's, and never fewer than this.
const WINDOW = 10;
const WINDOW_SHARE = 0.2;
// "compacted" lines this close together were printed by one commit.
const SAME_COMMIT_MS = 5;
const MB = 1_000_000 / 1048576; // MiB per MB: the targets are in MB

const results = [];
for (const years of yearsList) {
  const scratch = mkdtempSync(path.join(tmpdir(), `compact-bench-${years}y-`));
  const source = path.join(scratch, "logs");
  const stats = generateHistory({ out: source, years, seed: values.seed });
  const dir = path.join(scratch, "memory");
  cpSync(source, dir, { recursive: true });
  process.stderr.write(`scaling: ${years} year(s), ${stats.files} logs, compacting (time limit ${values["timeout-s"]} s)…\n`);
  const run = await runMeasured(process.execPath, [BIN, "--auto", "--force", "--dir", dir], { env: cleanEnv(), timeoutMs });
  rmSync(scratch, { recursive: true, force: true });
  if (!run.timedOut && run.code !== 0) {
    process.stderr.write(`scaling: compact exited ${run.code}: ${run.stderr.trim().split("\n").at(-1)}\n`);
    process.exitCode = 1;
  }
  const weeks = run.lines.filter((line) => /^compacted \d{4}-W\d{2}/.test(line.text)).map((line) => line.ms);
  results.push({ years, stats, run, weeks, expected: years * 52 });
}

// Each commit's time and the weeks committed by then.
function commitsOf(weeks) {
  const commits = [];
  weeks.forEach((ms, i) => {
    const last = commits.at(-1);
    if (last && ms - last.ms <= SAME_COMMIT_MS) Object.assign(last, { ms, done: i + 1 });
    else commits.push({ ms, done: i + 1 });
  });
  return commits;
}

// Mean time per week from the first commit to the first one a window of weeks later, and to the
// last commit but one from the one a window before it (the last commit is the run's flush, made
// as soon as the last week is planned, not a second after the one before); undefined when no
// commit falls far enough away.
function startAndEnd(weeks) {
  const commits = commitsOf(weeks);
  const window = Math.max(WINDOW, Math.round(weeks.length * WINDOW_SHARE));
  const [first, last] = [commits[0], commits.at(-2)];
  if (!first || !last) return {};
  const startTo = commits.find((commit) => commit.done - first.done >= window);
  const endFrom = commits.findLast((commit) => last.done - commit.done >= window);
  return {
    start: startTo ? { ms: (startTo.ms - first.ms) / (startTo.done - first.done), weeks: startTo.done - first.done } : undefined,
    end: endFrom ? { ms: (last.ms - endFrom.ms) / (last.done - endFrom.done), weeks: last.done - endFrom.done } : undefined,
  };
}

const rows = [
  `scaling — compact --auto --force, offline, node ${process.version}; per-week = time between commits over the first and last fifth of the weeks`,
  "  years   logs    MiB   weeks     total   peak RSS      start (weeks)        end (weeks)   end/start",
];
for (const { years, stats, run, weeks, expected } of results) {
  const { start, end } = startAndEnd(weeks);
  const first = start?.ms;
  const last = end?.ms;
  const span = (rate) => (rate ? `${rate.ms.toFixed(0)} ms/week (${rate.weeks})` : "–");
  const total = run.timedOut ? `>${seconds(run.ms)}` : seconds(run.ms);
  rows.push(
    `  ${String(years).padStart(5)} ${String(stats.files).padStart(6)} ${mib(stats.bytes).padStart(6)} ${`${weeks.length}/${expected}`.padStart(7)} ${total.padStart(9)} ${`${run.peakRssMiB.toFixed(0)} MiB`.padStart(10)}   ${span(start).padStart(18)} ${span(end).padStart(18)}   ${first && last ? `${(last / first).toFixed(1)}×` : "–"}`,
  );
  if (run.timedOut) {
    const remaining = expected - weeks.length;
    rows.push(
      `        timed out after ${seconds(run.ms)} with ${weeks.length} of ${expected} weeks compacted; peak RSS so far ${run.peakRssMiB.toFixed(0)} MiB (${run.rssSource})`,
    );
    if (last)
      rows.push(
        `        EXTRAPOLATION, not measured: ${remaining} more weeks at the last per-week time → ≥ ${seconds(run.ms + remaining * last)} in all (a lower bound: per-week time was still growing)`,
      );
  } else {
    if (weeks.length > 0) rows.push(`        after the last week (consolidation, index): ${seconds(run.ms - weeks.at(-1))}; peak RSS by ${run.rssSource}`);
  }
}
const byYears = Object.fromEntries(results.map((result) => [result.years, result]));
const ten = byYears[10];
if (ten) {
  if (ten.run.timedOut) rows.push(`  target 10 years ≤ 30 s and ≤ 300 MB: not reached (timed out after ${seconds(ten.run.ms)})  ${verdict(false)}`);
  else
    rows.push(
      `  target 10 years ≤ 30 s and ≤ 300 MB: ${seconds(ten.run.ms)}, ${(ten.run.peakRssMiB / MB).toFixed(0)} MB  ${verdict(ten.run.ms <= 30_000 && ten.run.peakRssMiB / MB <= 300)}`,
    );
}
if (byYears[1] && byYears[3] && !byYears[1].run.timedOut && !byYears[3].run.timedOut) {
  const ratio = byYears[3].run.ms / byYears[1].run.ms;
  rows.push(`  time(3 years) / time(1 year) = ${ratio.toFixed(2)}   target ≤ 3.3  ${verdict(ratio <= 3.3)}`);
  // The generated histories are not exactly three times as large: time per MiB shows linearity on its own.
  const perMiB = (result) => result.run.ms / 1000 / (result.stats.bytes / 1048576);
  rows.push(
    `  logs(3 years) / logs(1 year) = ${(byYears[3].stats.bytes / byYears[1].stats.bytes).toFixed(2)}; time per MiB of logs: ${perMiB(byYears[1]).toFixed(1)} s, ${perMiB(byYears[3]).toFixed(1)} s (${(perMiB(byYears[3]) / perMiB(byYears[1])).toFixed(2)}×)`,
  );
}
process.stdout.write(`${rows.join("\n")}\n`);
