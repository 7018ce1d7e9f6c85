// Writes a deterministic history of realistic daily logs (same seed → byte-identical
// files) in the default layout: YYYY-MM-DD.md at the top of a memory dir, plus a
// session file YYYY-MM-DD-HHMM.md on some days.
//
//   node bench/generate-logs.mjs --years N --out DIR [--seed S] [--entries-per-day K] [--end YYYY-MM-DD]
//   node bench/generate-logs.mjs --weeks N --out DIR [...]
//   node bench/generate-logs.mjs --week 2026-W14 --entries 20000 --out DIR [--seed S]
// --corpus DIR reads the vocabulary elsewhere than ../shared/corpus/real (a missing dir: built-in words).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { createLogWriter, createSettings } from "./lib/log-writer.mjs";
import { createRandom } from "./lib/prng.mjs";
import { loadVocabulary } from "./lib/vocabulary.mjs";

/** The Sunday the default history ends on (end of 2026-W47), fixed so a seed always writes the same dates. */
export const DEFAULT_END = "2026-11-22";
const DAY_MS = 86_400_000;

const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (date) => Date.parse(`${date}T00:00:00Z`);

/** Monday of an ISO week such as 2026-W14, as YYYY-MM-DD. */
export function mondayOf(week) {
  const match = /^(\d{4})-W(\d{2})$/.exec(week);
  if (!match) throw new Error(`invalid week '${week}': expected YYYY-Www`);
  const jan4 = Date.UTC(Number(match[1]), 0, 4);
  const mondayOfW1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY_MS;
  return isoDate(mondayOfW1 + (Number(match[2]) - 1) * 7 * DAY_MS);
}

/**
 * Writes `days` days of logs ending on `end` (52 weeks a year, so whole ISO weeks when
 * `end` is a Sunday). Most days have one log; some none, some a second session file.
 * Returns what was written.
 */
export function generateHistory({ out, years, weeks, seed = 1, entriesPerDay = 9, end = DEFAULT_END, vocabulary = loadVocabulary() }) {
  const days = weeks !== undefined ? weeks * 7 : years * 364;
  const random = createRandom(`history:${seed}`);
  const writer = createLogWriter(random, vocabulary, createSettings(random));
  const stats = startStats(out, vocabulary);
  const first = dayMs(end) - (days - 1) * DAY_MS;
  for (let day = 0; day < days; day++) {
    const date = isoDate(first + day * DAY_MS);
    if (random.chance(0.07)) continue;
    const count = Math.max(1, random.int(entriesPerDay - 3, entriesPerDay + 3));
    const lines = [heading(random, writer, date), "", ...writer.entries(count)];
    stats.entries += count;
    if (random.chance(0.03)) {
      // Past midnight: the next day's first entry lands under its own date heading.
      lines.push(`# ${isoDate(dayMs(date) + DAY_MS)}`, "", ...writer.entries(1, 0, 90));
      stats.entries += 1;
    }
    write(stats, `${date}.md`, lines);
    if (random.chance(0.075)) {
      const start = random.int(9 * 60, 20 * 60);
      const hhmm = `${String(Math.floor(start / 60)).padStart(2, "0")}${String(start % 60).padStart(2, "0")}`;
      const extra = random.int(1, 3);
      write(stats, `${date}-${hhmm}.md`, [
        `# Session ${date} ${hhmm.slice(0, 2)}:${hhmm.slice(2)}`,
        "",
        ...writer.entries(extra, start, Math.min(start + 180, 23 * 60 + 59)),
      ]);
      stats.entries += extra;
    }
  }
  return stats;
}

/** Writes one ISO week with `entries` entries spread over its seven days (one log a day). */
export function generateWeek({ out, week, entries, seed = 1, vocabulary = loadVocabulary() }) {
  const random = createRandom(`week:${week}:${seed}`);
  const writer = createLogWriter(random, vocabulary, createSettings(random));
  const stats = startStats(out, vocabulary);
  const monday = dayMs(mondayOf(week));
  for (let day = 0; day < 7; day++) {
    const date = isoDate(monday + day * DAY_MS);
    const count = Math.floor(entries / 7) + (day < entries % 7 ? 1 : 0);
    write(stats, `${date}.md`, [`# ${date}`, "", ...writer.entries(count, 0, 23 * 60 + 50)]);
    stats.entries += count;
  }
  return stats;
}

function heading(random, writer, date) {
  const shape = random.int(0, 9);
  if (shape < 5) return `# ${date}`;
  if (shape < 8) return `# ${date} Daily Log`;
  if (shape < 9) return `# ${date} — ${writer.title()}`;
  return `# ${date} 日记`;
}

function startStats(out, vocabulary) {
  mkdirSync(out, { recursive: true });
  return { out, files: 0, bytes: 0, entries: 0, first: undefined, last: undefined, vocabulary: vocabulary.source };
}

function write(stats, name, lines) {
  const text = `${lines.join("\n").trimEnd()}\n`;
  writeFileSync(path.join(stats.out, name), text);
  stats.files += 1;
  stats.bytes += Buffer.byteLength(text);
  const date = name.slice(0, 10);
  if (!stats.first || date < stats.first) stats.first = date;
  if (!stats.last || date > stats.last) stats.last = date;
}

/** One line describing what was written. */
export function describe(stats) {
  return `${stats.files} logs, ${(stats.bytes / 1048576).toFixed(2)} MiB, ${stats.entries} entries, ${stats.first} … ${stats.last} in ${stats.out} (vocabulary: ${stats.vocabulary})`;
}

function main(argv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      years: { type: "string" },
      weeks: { type: "string" },
      week: { type: "string" },
      entries: { type: "string" },
      "entries-per-day": { type: "string" },
      out: { type: "string" },
      seed: { type: "string", default: "1" },
      end: { type: "string", default: DEFAULT_END },
      corpus: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help || !values.out || !(values.years || values.weeks || values.week)) {
    process.stdout.write(
      "Usage: node bench/generate-logs.mjs --years N --out DIR [--seed S] [--entries-per-day K] [--end YYYY-MM-DD]\n" +
        "       node bench/generate-logs.mjs --weeks N --out DIR [--seed S] [--entries-per-day K] [--end YYYY-MM-DD]\n" +
        "       node bench/generate-logs.mjs --week YYYY-Www --entries N --out DIR [--seed S]\n" +
        "       --corpus DIR: vocabulary from DIR (default ../shared/corpus/real; built-in words when absent)\n",
    );
    return values.help ? 0 : 2;
  }
  const positive = (name, text) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--${name} must be a positive integer, got '${text}'`);
    return n;
  };
  const vocabulary = loadVocabulary(values.corpus);
  const stats = values.week
    ? generateWeek({ out: values.out, week: values.week, entries: positive("entries", values.entries ?? "2000"), seed: values.seed, vocabulary })
    : generateHistory({
        out: values.out,
        ...(values.weeks ? { weeks: positive("weeks", values.weeks) } : { years: positive("years", values.years) }),
        seed: values.seed,
        entriesPerDay: positive("entries-per-day", values["entries-per-day"] ?? "9"),
        end: values.end,
        vocabulary,
      });
  process.stdout.write(`generated ${describe(stats)}\n`);
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    process.exitCode = main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`generate-logs: ${error.message}\n`);
    process.exitCode = 2;
  }
}
