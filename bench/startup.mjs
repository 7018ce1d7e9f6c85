// Start-up cost: median wall time of `compact --help` and `compact status` over N runs,
// each divided by the median of `node -e 0` measured in the same rounds; and how many
// modules `--help` loads. `status` is timed twice: over a dir compacted a moment ago, and
// over the same dir with a log written since, whose sessions it reads to count them.
//
//   node bench/startup.mjs [--runs 15]
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateHistory } from "./generate-logs.mjs";
import { BIN, cleanEnv, requireBuild, verdict } from "./lib/compact-cli.mjs";
import { median } from "./lib/run-measured.mjs";

requireBuild();
const { values } = parseArgs({ options: { runs: { type: "string", default: "15" } } });
const runs = Number(values.runs);
const env = cleanEnv();
const here = path.dirname(fileURLToPath(import.meta.url));

// A small memory dir for `status`: two weeks of logs, compacted once.
const dir = mkdtempSync(path.join(tmpdir(), "compact-bench-startup-"));
generateHistory({ out: dir, weeks: 2, entriesPerDay: 4 });
execFileSync(process.execPath, [BIN, "--auto", "--force", "--quiet", "--dir", dir], { env, stdio: "ignore" });
// The same dir a few sessions later: a log of today, written after the consolidation.
const later = `${dir}-later`;
cpSync(dir, later, { recursive: true });
const today = new Date().toISOString().slice(0, 10);
writeFileSync(
  path.join(later, `${today}.md`),
  `# ${today}\n\n## Session 1 (09:00–10:30)\n- Moved the deploy to Friday; the staging check passed.\n\n## Session 2 (14:00–15:00)\n- Reviewed the memory index.\n`,
);

const commands = {
  "node -e 0": ["-e", "0"],
  "compact --help": [BIN, "--help"],
  "compact status": [BIN, "status", "--dir", dir],
  "status, a log since": [BIN, "status", "--dir", later],
};
const times = Object.fromEntries(Object.keys(commands).map((name) => [name, []]));
const once = (args) => {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { env, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}`);
  return performance.now() - start;
};
for (const args of Object.values(commands)) once(args); // warm the file cache
// Interleaved rounds, so a noisy neighbour on the machine hits every command alike.
for (let round = 0; round < runs; round++) for (const [name, args] of Object.entries(commands)) times[name].push(once(args));

const base = median(times["node -e 0"]);
const targets = { "compact --help": 2, "compact status": 3, "status, a log since": 3 };
const rows = [`startup — node ${process.version}, ${runs} runs each, medians`];
rows.push(`  node -e 0           ${base.toFixed(0).padStart(6)} ms`);
for (const [name, target] of Object.entries(targets)) {
  const ms = median(times[name]);
  const ratio = ms / base;
  rows.push(
    `  ${name.padEnd(19)} ${ms.toFixed(0).padStart(6)} ms  ${ratio.toFixed(1).padStart(5)}× node -e 0   target ≤ ${target}×  ${verdict(ratio <= target)}`,
  );
}

// Modules: a module hook (ESM) plus require.cache at exit (CommonJS), files outside node: builtins.
const list = path.join(dir, "modules.txt");
execFileSync(process.execPath, ["--import", path.join(here, "lib/count-modules.mjs"), BIN, "--help"], {
  env: { ...env, BENCH_MODULES_FILE: list },
  stdio: "ignore",
});
const modules = new Set(
  readFileSync(list, "utf8")
    .split("\n")
    .filter((file) => file && !file.startsWith(path.join(here, "lib"))),
);
const packages = new Set([...modules].map((file) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1]).filter(Boolean));
rows.push(`  modules loaded by --help: ${modules.size} (${packages.size} packages; counted by a module load hook + require.cache)`);
const strace = spawnSync("strace", ["-f", "-e", "trace=openat", "-o", path.join(dir, "strace.txt"), process.execPath, BIN, "--help"], { env, stdio: "ignore" });
if (strace.status === 0) {
  const opened = new Set(
    readFileSync(path.join(dir, "strace.txt"), "utf8")
      .split("\n")
      .filter((line) => !line.includes("ENOENT"))
      .flatMap((line) => /"([^"]+\.(?:js|mjs|cjs|json))"/.exec(line)?.[1] ?? []),
  );
  rows.push(`  files opened by --help: ${opened.size} .js/.mjs/.cjs/.json, package.json files included (strace openat)`);
}
rmSync(dir, { recursive: true, force: true });
rmSync(later, { recursive: true, force: true });
process.stdout.write(`${rows.join("\n")}\n`);
