// Prints how well the offline model keeps what a careful reader keeps, on the
// labelled real logs of test/fixtures/offline-labelled/ (corpus in ../shared/corpus/real).
// Run after a build (uses dist/): npm run build && node bench/offline-quality.mjs [--verbose]
// OFFLINE_CORPUS and OFFLINE_LABELS point it at other logs and labels (held-out sets).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readLogBytes } from "../dist/logs/read-daily-log.js";
import { parseAnswer } from "../dist/parse/parse-answer.js";
import { loadCompactionPrompts } from "../dist/prompt/load-prompts.js";
import { renderCompactionPrompt } from "../dist/prompt/render-prompt.js";
import { nameProblems } from "../dist/providers/offline/name-problems.js";
import { OfflineModel } from "../dist/providers/offline/offline-model.js";
import { LANGUAGES, termSet } from "../dist/text/tokenize.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = process.env.OFFLINE_CORPUS ?? path.resolve(here, "../../shared/corpus/real");
const LABELS = process.env.OFFLINE_LABELS ?? path.resolve(here, "../test/fixtures/offline-labelled");
const verbose = process.argv.includes("--verbose");

// An output item is about a label when at least half of its terms come from the label's lines.
const MATCH = 0.5;
// A memory or bullet that holds most of a label's terms also counts as finding it.
const COVER = 0.6;

if (!existsSync(CORPUS)) {
  console.log(`offline-quality: ${CORPUS} is absent, skipped`);
  process.exit(0);
}

const sets = readdirSync(LABELS)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(path.join(LABELS, name), "utf8")));
const byRepo = new Map();
for (const set of sets) byRepo.set(set.repo, [...(byRepo.get(set.repo) ?? []), set]);

const prompts = await loadCompactionPrompts();
const model = new OfflineModel();
const totals = emptyCounts();
const rows = [];

for (const [repo, logs] of [...byRepo].sort(([a], [b]) => (a < b ? -1 : 1))) {
  logs.sort((a, b) => (dateOf(a.file) < dateOf(b.file) ? -1 : 1));
  const language = stemLanguage(logs[0].language);
  const labels = logs.flatMap((log) => labelsOf(log, language));
  const daily = await Promise.all(
    logs.map(async (log) => readLogBytes({ relPath: log.file, date: dateOf(log.file) }, await readFile(path.join(CORPUS, log.file)))),
  );
  const prompt = renderCompactionPrompt(prompts, daily, "2026-W06");
  const answer = await model.complete(prompt.user, { systemPrompt: prompt.system, temperature: 0.2, maxTokens: 4096 });
  const parsed = parseAnswer(answer.text);
  const counts = score(parsed, labels, language, repo);
  counts.inputChars = daily.reduce((sum, log) => sum + log.text.trim().length, 0);
  counts.summaryChars = parsed.summary?.body.length ?? 0;
  add(totals, counts);
  rows.push([repo, logs.length, counts]);
}

console.log(`offline model quality — ${sets.length} labelled logs, ${byRepo.size} repos, node ${process.version}`);
console.log(row("repo", "logs", "bullets", "memories", "recall", "noise", "names", "types", "user", "again", "size"));
for (const [repo, logCount, counts] of rows) console.log(row(repo, logCount, ...figures(counts)));
console.log(row("overall", sets.length, ...figures(totals)));
console.log("recall: keep-labels found in a bullet or memory; noise: items about no kept or optional label, or a must-go one;");
console.log("names: memory names passing nameProblems(); types: memories of an accepted type; user: preferences found as user memories;");
console.log("again: further bullets or memories about an item already covered (not noise); size: summary / input characters.");

function score(parsed, labels, language, repo) {
  const counts = emptyCounts();
  const bullets = (parsed.summary?.body ?? "")
    .split("\n")
    .filter((line) => /^- /.test(line) && line !== "- None recorded.")
    .map((line) => ({ kind: "bullet", text: line.replace(/^- (?:\d{4}-\d{2}-\d{2}: )?/, "") }));
  const memories = parsed.candidates.map(({ memory: m }) => ({
    kind: "memory",
    memory: m,
    text: `${m.name}\n${m.description}\n${m.body.replace(/^\*\*Date:\*\*.*$/gm, "").replace(/\*\*(?:Why|How to apply):\*\*/g, "")}`,
  }));
  const seen = new Set();
  const found = new Set();
  const userFound = new Set();
  for (const item of [...bullets, ...memories]) {
    const terms = termSet(item.text, language);
    const best = bestLabel(terms, labels);
    const key = best && `${item.kind}:${best.id}`;
    const duplicate = key !== undefined && seen.has(key);
    if (key) seen.add(key);
    // Noise as the brief defines it: about no kept item, or about one that must go. A second bullet about the same item is counted apart.
    const noise = !best || best.verdict === "drop";
    counts.items++;
    if (noise) counts.noise++;
    else if (duplicate) counts.repeats++;
    for (const label of labels) {
      if (label.verdict !== "keep") continue;
      if (label === best || covers(terms, label)) {
        found.add(label.id);
        if (item.kind === "memory" && item.memory.type === "user") userFound.add(label.id);
      }
    }
    if (item.kind === "bullet") counts.bullets++;
    else {
      counts.memories++;
      if (nameProblems(item.memory.name).length === 0) counts.goodNames++;
      if (best && best.verdict !== "drop") {
        counts.typed++;
        if (best.memory.includes(item.memory.type)) counts.rightType++;
      }
    }
    if (verbose) {
      const tag = noise ? "NOISE" : duplicate ? "again" : best.verdict === "keep" ? "keep " : "opt  ";
      const where = best ? `${best.file.split("/").pop()}#L${best.lines[0]}-${best.lines[1]}` : "-";
      const type =
        item.kind === "memory"
          ? ` [${item.memory.type}${best?.memory?.includes(item.memory.type) ? "" : " ✗"}] ${item.memory.name}${nameProblems(item.memory.name).length ? " ✗name" : ""}`
          : "";
      console.log(
        `${repo} ${item.kind.padEnd(6)} ${tag} ${where.padEnd(24)}${type} :: ${item.text
          .split("\n")
          .slice(item.kind === "memory" ? 2 : 0)
          .join(" ")
          .slice(0, 150)}`,
      );
    }
  }
  for (const label of labels) {
    if (label.verdict !== "keep") continue;
    counts.keep++;
    if (found.has(label.id)) counts.found++;
    else if (verbose) console.log(`${repo} MISSED ${label.file.split("/").pop()}#L${label.lines[0]}-${label.lines[1]} ${label.note}`);
    if (label.preference) {
      counts.preferences++;
      if (userFound.has(label.id)) counts.userFound++;
      else if (verbose) console.log(`${repo} NO USER MEMORY ${label.file.split("/").pop()}#L${label.lines[0]}-${label.lines[1]} ${label.note}`);
    }
  }
  return counts;
}

// The label whose lines hold the largest share of the item's terms; the narrower label wins a tie.
function bestLabel(terms, labels) {
  if (terms.size === 0) return undefined;
  let best;
  let bestShare = 0;
  for (const label of labels) {
    let shared = 0;
    for (const term of terms) if (label.terms.has(term)) shared++;
    const share = shared / terms.size;
    if (share > bestShare + 1e-9 || (best && Math.abs(share - bestShare) <= 1e-9 && label.span < best.span)) {
      best = label;
      bestShare = share;
    }
  }
  return bestShare >= MATCH ? best : undefined;
}

function covers(terms, label) {
  if (label.terms.size < 3) return false;
  let shared = 0;
  for (const term of label.terms) if (terms.has(term)) shared++;
  return shared / label.terms.size >= COVER;
}

function labelsOf(log, language) {
  const lines = readFileSync(path.join(CORPUS, log.file), "utf8")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  return log.labels.map((label, i) => ({
    ...label,
    memory: label.memory ?? [],
    id: `${log.file}#${i}`,
    file: log.file,
    span: label.lines[1] - label.lines[0],
    terms: termSet(lines.slice(label.lines[0] - 1, label.lines[1]).join("\n"), language),
  }));
}

function stemLanguage(language) {
  return LANGUAGES.includes(language) ? language : "english";
}

function dateOf(file) {
  return /(\d{4}-\d{2}-\d{2})[^/]*\.md$/.exec(file)?.[1] ?? "2026-01-01";
}

function emptyCounts() {
  return {
    inputChars: 0,
    summaryChars: 0,
    items: 0,
    noise: 0,
    repeats: 0,
    bullets: 0,
    memories: 0,
    goodNames: 0,
    typed: 0,
    rightType: 0,
    keep: 0,
    found: 0,
    preferences: 0,
    userFound: 0,
  };
}

function add(into, counts) {
  for (const key of Object.keys(into)) into[key] += counts[key];
}

function figures(c) {
  const pct = (n, d) => (d === 0 ? "—" : `${Math.round((100 * n) / d)}% (${n}/${d})`);
  return [
    c.bullets,
    c.memories,
    pct(c.found, c.keep),
    pct(c.noise, c.items),
    pct(c.goodNames, c.memories),
    pct(c.rightType, c.typed),
    pct(c.userFound, c.preferences),
    pct(c.repeats, c.items),
    (c.summaryChars / c.inputChars).toFixed(2),
  ];
}

function row(...cells) {
  const widths = [34, 5, 8, 9, 14, 14, 14, 14, 12, 12, 5];
  return cells
    .map((cell, i) => String(cell).padEnd(widths[i]))
    .join(" ")
    .trimEnd();
}
