#!/usr/bin/env node
// How long consolidation takes to plan over many memories, offline and with vectors, for the
// build in dist/ (run `npm run build` first). Memories are generated: words from a 4,000-word
// vocabulary, one in ten restating an earlier one with two words more (a planted duplicate),
// one in twenty restating one with another number (a planted conflict). With --vectors each
// memory gets a random unit vector (256 dims), a planted duplicate one close to its original.
//
//   node bench/consolidation-scale.mjs [--memories 20000] [--vectors]
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
if (!existsSync(path.join(ROOT, "dist/consolidate/plan-consolidation.js"))) {
  console.error("consolidation-scale: no build in dist/; run `npm run build` first");
  process.exit(2);
}
const { planConsolidation } = await import("../dist/consolidate/plan-consolidation.js");
const { newMemory } = await import("../dist/memory/memory.js");
const { values: args } = parseArgs({ options: { memories: { type: "string", default: "20000" }, vectors: { type: "boolean", default: false } } });
const count = Number(args.memories);

// mulberry32: a fixed seed, the same memories every run.
let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const syllables = ["ka", "lo", "mi", "ser", "tu", "ven", "dra", "pol", "nix", "qua", "ber", "sol", "fen", "gar", "hil", "jor"];
const vocabulary = Array.from({ length: 4000 }, () =>
  Array.from({ length: 2 + Math.floor(random() * 2) }, () => syllables[Math.floor(random() * syllables.length)]).join(""),
);
const words = (n) => Array.from({ length: n }, () => vocabulary[Math.floor(random() * vocabulary.length)]).join(" ");
const DIMS = 256;
const unit = (v) => {
  const length = Math.hypot(...v);
  return Float32Array.from(v, (x) => x / length);
};
const randomVector = () => unit(Array.from({ length: DIMS }, () => random() - 0.5));

const memories = [];
const vectors = new Map();
const planted = { duplicates: 0, conflicts: 0 };
for (let i = 0; i < count; i++) {
  const type = ["user", "feedback", "project", "reference"][Math.floor(i / 20) % 4];
  // Of every 20: #9 restates #0, #19 restates #5, #14 changes #10's number; an original is never planted itself.
  const duplicate = i % 20 === 9 || i % 20 === 19;
  const conflict = i % 20 === 14;
  const original = duplicate ? memories[i - (i % 20 === 9 ? 9 : 14)] : conflict ? memories[i - 4] : undefined;
  if (original && /_m\d*[49]\b/.test(original.file)) throw new Error("a planted memory's original is planted");
  const id = `${type}_m${i}`;
  let memory;
  if (duplicate) {
    memory = newMemory({
      file: `${id}.md`,
      name: original.name,
      description: original.description,
      type,
      body: `${original.body} ${words(2)}`,
      updated: "2026-06-01",
    });
    planted.duplicates++;
  } else if (conflict) {
    memory = newMemory({
      file: `${id}.md`,
      name: original.name,
      description: original.description,
      type,
      body: original.body.replace(/\d+/, (n) => String(Number(n) + 7)),
      updated: "2026-06-01",
    });
    planted.conflicts++;
  } else {
    memory = newMemory({
      file: `${id}.md`,
      name: words(3),
      description: words(6),
      type,
      body: `${words(12)} ${Math.floor(random() * 500)} ${words(4)}.`,
      updated: "2026-01-01",
    });
  }
  memories.push(memory);
  if (args.vectors) {
    const base = original && (duplicate || conflict) ? vectors.get(original.file.replace(/\.md$/, "")) : undefined;
    vectors.set(id, base ? unit(Array.from(base, (x) => x + (random() - 0.5) * 0.02)) : randomVector());
  }
}

const started = performance.now();
const cpu = process.cpuUsage();
const plan = planConsolidation(memories, { today: "2026-11-23", ...(args.vectors ? { vectors } : {}) });
const ms = performance.now() - started;
// CPU time as well as wall time: on a shared machine the wall clock counts the neighbours too.
const cpuMs = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000;
const rss = process.memoryUsage().rss / 1024 / 1024;
console.log(`consolidation plan — node ${process.version}, ${count.toLocaleString("en")} memories${args.vectors ? `, ${DIMS}-dim vectors` : ""}`);
console.log(
  `  planned in ${(ms / 1000).toFixed(2)} s (${(cpuMs / 1000).toFixed(2)} s CPU); ${plan.merges.length} merges of ${planted.duplicates} planted duplicates, ${plan.conflicts.length} conflicts of ${planted.conflicts} planted, ${(plan.groups ?? []).length} candidate groups; RSS ${rss.toFixed(0)} MiB`,
);
