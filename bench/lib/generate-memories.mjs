// Writes `count` typed-memory topic files ({type}_{topic}.md with name, description,
// type, created, updated and sources in front matter, then a body), as a memory dir
// holds them after years of compaction.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createRandom } from "./prng.mjs";
import { loadVocabulary } from "./vocabulary.mjs";

const TYPES = ["user", "feedback", "project", "reference"];

export function generateMemories({ out, count, seed = 1, vocabulary = loadVocabulary() }) {
  const r = createRandom(`memories:${seed}`);
  mkdirSync(out, { recursive: true });
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const type = TYPES[i % TYPES.length];
    const words = [r.pick(vocabulary.words), r.pick(vocabulary.words), r.pick(vocabulary.words)];
    const name = `${words.join(" ")} ${i}`;
    const created = date(r, 2016, 2025);
    const updated = date(r, Number(created.slice(0, 4)), 2026);
    const line = r.int(1, 200);
    const text = [
      "---",
      `name: ${JSON.stringify(name)}`,
      `description: ${JSON.stringify(r.pick(vocabulary.bullets).slice(0, 140))}`,
      `type: ${type}`,
      `created: ${created}`,
      `updated: ${updated < created ? created : updated}`,
      "sources:",
      `  - ${created}.md#L${line}-L${line + r.int(2, 9)}`,
      "---",
      "",
      r.pick(vocabulary.sentences),
      "",
      `- ${r.pick(vocabulary.bullets)}`,
      `- ${r.pick(vocabulary.bullets)}`,
      "",
      ...(type === "feedback" || type === "project" ? [`**Why:** ${r.pick(vocabulary.bullets)}`, `**How to apply:** ${r.pick(vocabulary.bullets)}`, ""] : []),
    ].join("\n");
    writeFileSync(path.join(out, `${type}_${words.join("-").toLowerCase()}-${i}.md`), text);
    bytes += Buffer.byteLength(text);
  }
  return { files: count, bytes };
}

function date(r, fromYear, toYear) {
  return `${r.int(fromYear, toYear)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;
}
