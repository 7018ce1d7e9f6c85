// The commands after a long backfill, in a dir of years of memories: one more week, and a search,
// each in a fresh process, with the terms a run or a search keeps in .compact/ and without them.
// Each measurement runs on its own copy of the dir; the two kinds take turns, round after round.
//
//   node bench/big-dir.mjs --dir DIR [--week YYYY-Www] [--query "deploy staging postgres"] [--rounds 3]
//
// DIR: a compacted memory dir (e.g. after `node bench/generate-logs.mjs --years 10 --out DIR` and
// `compact --auto --force --dir DIR`). --week: the week compacted again (default: the last summary's).
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { BIN, cleanEnv, requireBuild, seconds } from "./lib/compact-cli.mjs";
import { runMeasured } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({
  options: {
    dir: { type: "string" },
    week: { type: "string" },
    query: { type: "string", default: "deploy staging postgres" },
    rounds: { type: "string", default: "3" },
  },
});
if (!values.dir || !existsSync(values.dir)) {
  process.stderr.write("big-dir: --dir DIR is required (a compacted memory dir)\n");
  process.exit(2);
}
const weeks = existsSync(path.join(values.dir, "weekly")) ? readdirSync(path.join(values.dir, "weekly")).filter((f) => /^\d{4}-W\d\d\.md$/.test(f)) : [];
const week = values.week ?? weeks.sort().at(-1)?.replace(/\.md$/, "");
if (!week) {
  process.stderr.write("big-dir: the dir has no weekly summary; pass --week\n");
  process.exit(2);
}
const memories = readdirSync(values.dir).filter((f) => /^(user|feedback|project|reference)_.+\.md$/.test(f)).length;
const KEPT = [".compact/memory-terms.bin", ".compact/search-terms.bin"];

// A fresh copy of the dir: with the terms files made by a first run of the command (`kept`), or none.
function copy(kept, args) {
  const to = mkdtempSync(path.join(tmpdir(), "compact-big-dir-"));
  cpSync(values.dir, to, { recursive: true, preserveTimestamps: true });
  for (const file of KEPT) rmSync(path.join(to, file), { force: true });
  return { dir: to, prepare: kept ? runMeasured(process.execPath, [BIN, ...args(to)], { env: cleanEnv() }) : Promise.resolve() };
}

const commands = [
  { label: `one more week (--week ${week})`, args: (dir) => ["--week", week, "--dir", dir, "--quiet"] },
  { label: `search "${values.query}"`, args: (dir) => ["search", values.query, "--dir", dir, "--json"] },
];
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

process.stdout.write(`big dir — ${values.dir} (${memories} memories, ${weeks.length} summaries), node ${process.version}, ${values.rounds} rounds, medians\n`);
for (const command of commands) {
  const times = { fresh: [], kept: [] };
  const peaks = { fresh: [], kept: [] };
  for (let round = 0; round < Number(values.rounds); round++) {
    for (const kind of ["fresh", "kept"]) {
      const { dir, prepare } = copy(kind === "kept", command.args);
      const prepared = await prepare;
      if (prepared && prepared.code !== 0) {
        process.stderr.write(
          `big-dir: ${command.label} (the run that keeps the terms) exited ${prepared.code}: ${prepared.stderr.trim().split("\n").at(-1)}\n`,
        );
        process.exit(1);
      }
      const run = await runMeasured(process.execPath, [BIN, ...command.args(dir)], { env: cleanEnv() });
      rmSync(dir, { recursive: true, force: true });
      if (run.code !== 0) {
        process.stderr.write(`big-dir: ${command.label} exited ${run.code}: ${run.stderr.trim().split("\n").at(-1)}\n`);
        process.exit(1);
      }
      times[kind].push(run.ms);
      peaks[kind].push(run.peakRssMiB);
    }
  }
  const fresh = median(times.fresh);
  const kept = median(times.kept);
  process.stdout.write(
    `  ${command.label.padEnd(44)} terms read again ${seconds(fresh).padStart(7)} ${String(Math.round(median(peaks.fresh))).padStart(4)} MiB` +
      `   terms kept ${seconds(kept).padStart(7)} ${String(Math.round(median(peaks.kept))).padStart(4)} MiB   ${(fresh / kept).toFixed(1)}×\n`,
  );
}
