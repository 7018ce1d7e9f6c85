// Prints speed and memory figures. Run after `npm install` (uses dist/): npm run bench
import { existsSync, readdirSync, statSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { planConsolidation } from "../dist/consolidate/plan-consolidation.js";
import { Compactor, readMemory } from "../dist/index.js";
import { readLogBytes } from "../dist/logs/read-daily-log.js";
import { buildIndex } from "../dist/memory/build-index.js";
import { generateWeek } from "./generate-week.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const kib = (bytes) => `${(bytes / 1024).toFixed(0)} KiB`;
let peakRss = process.memoryUsage().rss;
const sample = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);

async function timed(label, fn) {
  const start = performance.now();
  const result = await fn();
  const ms = performance.now() - start;
  return { label, ms, result };
}

function corpusFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((rel) => path.join(dir, rel))
    .filter((file) => file.endsWith(".md") && !file.endsWith("MANIFEST.md") && statSync(file).isFile());
}

const rows = [];

const corpus = corpusFiles(path.resolve(here, "../../shared/corpus/real"));
if (corpus.length > 0) {
  const bytes = corpus.reduce((sum, file) => sum + statSync(file).size, 0);
  const { ms } = await timed("corpus", () =>
    Promise.all(corpus.map(async (file) => readLogBytes({ relPath: path.basename(file), date: "2026-01-01" }, await readFile(file)))),
  );
  rows.push(`read+redact+split+dates  ${corpus.length} real logs, ${kib(bytes)}: ${ms.toFixed(0)} ms (${(bytes / 1024 / (ms / 1000)).toFixed(0)} KiB/s)`);
}

for (const perDay of [30, 300]) {
  const dir = await mkdtemp(path.join(tmpdir(), "compact-bench-"));
  const bytes = await generateWeek(dir, perDay);
  const compactor = await Compactor.open({ dir });
  const { ms, result } = await timed("compact", () => compactor.compactWeek("2026-W14"));
  rows.push(
    `compact --week offline  ${perDay * 7} entries, ${kib(bytes)}: ${ms.toFixed(0)} ms (read, model, plan, journaled write), ${result.memories.accepted.length} memories, ratio ${result.compressionRatio.toFixed(2)}`,
  );
  await rm(dir, { recursive: true, force: true });
}

const topics = Array.from({ length: 20_000 }, (_, i) => ({
  file: `project_topic-${i}.md`,
  name: `Topic ${i}`,
  description: `hook ${i} `.repeat(8),
  type: ["user", "feedback", "project", "reference"][i % 4],
  updated: `2026-${String((i % 12) + 1).padStart(2, "0")}-01`,
}));
const { ms: indexMs } = await timed("index", () => buildIndex(topics, []));
rows.push(`MEMORY.md for 20,000 topics: ${indexMs.toFixed(0)} ms`);

// 20,000 memories over a 4,000-word vocabulary; one in ten restates another in other words.
const vocabulary = Array.from({ length: 4000 }, (_, i) => `w${i.toString(36)}`);
// mulberry32: 32-bit integer steps, so the sequence does not cycle the way a float LCG does.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const words = (n) => Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(" ");
const records = [];
for (let i = 0; i < 20_000; i++) {
  const type = ["user", "feedback", "project", "reference"][i % 4];
  const planted = i % 10 === 9 ? records[i - 4] : undefined;
  const text = planted ? `${planted.body} ${words(2)}` : `${words(12)}.`;
  const description = planted ? planted.description : words(6);
  const raw = `---\nname: memory ${i}\ndescription: ${description}\ntype: ${type}\nupdated: 2026-0${(i % 9) + 1}-01\n---\n\n${text}\n`;
  records.push(readMemory(`${type}_m${i}.md`, raw).memory);
}
const { ms: planMs, result: plan } = await timed("plan", () => planConsolidation(records, { today: "2026-11-22" }));
rows.push(
  `consolidation plan for 20,000 memories: ${planMs.toFixed(0)} ms (${plan.merges.length} merges of 2,000 planted duplicates, ${plan.conflicts.length} conflicts)`,
);

clearInterval(sample);
console.log(`memory-compactor bench — node ${process.version}, ${process.platform}/${process.arch}`);
for (const row of rows) console.log(`  ${row}`);
console.log(`  peak RSS: ${mib(peakRss)} MiB`);
