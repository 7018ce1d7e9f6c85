// Two builds of compact on the same generated history, taking turns, so a machine whose speed
// drifts from minute to minute weighs on both alike: `compact --auto --force` (offline) from a
// fresh copy each time; medians and ranges of time and peak RSS.
//
//   node bench/compare-builds.mjs --other ../other-checkout [--years 10] [--rounds 3] [--seed S]
//
// `--other` is another checkout of this repository, built (`npm run build` there); this
// checkout's build is the second of each round.
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateHistory } from "./generate-logs.mjs";
import { BIN, cleanEnv, requireBuild } from "./lib/compact-cli.mjs";
import { runMeasured } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({
  options: {
    other: { type: "string" },
    years: { type: "string", default: "10" },
    rounds: { type: "string", default: "3" },
    seed: { type: "string", default: "1" },
  },
});
if (!values.other) {
  process.stderr.write("compare-builds: --other DIR is required: another checkout of this repository, built\n");
  process.exit(2);
}
const otherBin = path.resolve(values.other, "bin/compact.js");
if (!existsSync(path.resolve(values.other, "dist/cli/run-process.js"))) {
  process.stderr.write(`compare-builds: ${values.other} has no build: run npm run build there\n`);
  process.exit(2);
}
const builds = [
  { name: path.basename(path.resolve(values.other)), bin: otherBin, runs: [] },
  { name: "this checkout", bin: BIN, runs: [] },
];
const scratch = mkdtempSync(path.join(tmpdir(), "compact-bench-compare-"));
const source = path.join(scratch, "logs");
const stats = generateHistory({ out: source, years: Number(values.years), seed: values.seed });
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const build of builds) {
      const dir = path.join(scratch, "memory");
      rmSync(dir, { recursive: true, force: true });
      cpSync(source, dir, { recursive: true });
      const run = await runMeasured(process.execPath, [build.bin, "--auto", "--force", "--dir", dir], { env: cleanEnv() });
      if (run.code !== 0) {
        process.stderr.write(`compare-builds: ${build.name} exited ${run.code}: ${run.stderr.trim().split("\n").at(-1)}\n`);
        process.exitCode = 1;
      }
      build.runs.push({ seconds: run.ms / 1000, peakMiB: run.peakRssMiB });
      process.stderr.write(`compare-builds: round ${round}, ${build.name}: ${(run.ms / 1000).toFixed(1)} s, ${run.peakRssMiB.toFixed(0)} MiB\n`);
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const spread = (list, digits) => `${Math.min(...list).toFixed(digits)}–${Math.max(...list).toFixed(digits)}`;
console.log(
  `compare builds — compact --auto --force, offline, ${values.years} year(s), ${stats.files} logs, ${values.rounds} rounds taking turns, node ${process.version}`,
);
for (const { name, runs } of builds) {
  const seconds = runs.map((run) => run.seconds);
  const peaks = runs.map((run) => run.peakMiB);
  console.log(
    `  ${name.padEnd(20)} ${`${median(seconds).toFixed(1)} s`.padStart(8)} (${spread(seconds, 1)})   peak ${`${median(peaks).toFixed(0)} MiB`.padStart(8)} (${spread(peaks, 0)})`,
  );
}
