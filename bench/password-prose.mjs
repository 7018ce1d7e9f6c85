// Prints how many passwords stated in prose are redacted, and how many look-alikes are changed, in each labelled set
// of test/fixtures/password-prose. Run after `npm run build` (uses dist/):
//   node bench/password-prose.mjs            figures
//   node bench/password-prose.mjs --misses   and the lines missed or changed
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sets = path.resolve(here, "../test/fixtures/password-prose");
const { redactSecrets } = await import(path.resolve(here, "../dist/logs/redact-secrets.js"));
const showMisses = process.argv.includes("--misses");

const rows = (file) =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));

console.log(`passwords in prose — redacted / stated, look-alikes changed / given; node ${process.version}`);
for (const set of readdirSync(sets, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()) {
  const positives = rows(path.join(sets, set, "positives.jsonl"));
  const lookAlikes = rows(path.join(sets, set, "lookalikes.jsonl"));
  const missed = [];
  const changed = [];
  for (const { text, secret } of positives) if ((await redactSecrets(text)).text.includes(secret)) missed.push(text);
  for (const { text } of lookAlikes) {
    const redacted = (await redactSecrets(text)).text;
    if (redacted !== text) changed.push(redacted);
  }
  const caught = positives.length - missed.length;
  const percent = (part, whole) => `${((100 * part) / whole).toFixed(0)}%`;
  console.log(
    `  ${set}: redacted ${caught}/${positives.length} (${percent(caught, positives.length)}); look-alikes changed ${changed.length}/${lookAlikes.length} (${percent(changed.length, lookAlikes.length)})`,
  );
  if (showMisses) {
    for (const line of missed) console.log(`    missed:  ${line}`);
    for (const line of changed) console.log(`    changed: ${line}`);
  }
}
