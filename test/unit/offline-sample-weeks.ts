import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { readLogBytes } from "../../src/logs/read-daily-log.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { renderRelatedMemories } from "../../src/prompt/related-memories.js";
import { renderCompactionPrompt } from "../../src/prompt/render-prompt.js";
import { groupUnits } from "../../src/providers/offline/group-units.js";
import { type ExistingMemories, readExisting } from "../../src/providers/offline/match-existing.js";
import { type PromptLogs, readPromptLogs } from "../../src/providers/offline/read-prompt-logs.js";
import { CORPUS_DIR, corpusFileDate, corpusFiles, corpusPresent } from "../helpers/corpus.js";
import { fixture } from "../helpers/temp-dir.js";

/** A week as the offline model reads it from its prompt. */
export interface SampleWeek {
  name: string;
  prompt: string;
  logs: PromptLogs;
  existing: ExistingMemories;
}

// Memories shown beside every sample week, so the paths that compare with existing memories run too.
const EXISTING = renderRelatedMemories([
  { type: "project", name: "Postgres for the sync service", description: "The sync service moved from SQLite to Postgres for concurrent writers." },
  { type: "feedback", name: "Never run the index rebuild on Fridays", description: "The rebuild doubles the database load; run it early in the week." },
  { type: "user", name: "Dana answer style", description: "Dana prefers short answers with the command first." },
  { type: "reference", name: "Heartbeat checks", description: "Heartbeat: checked inbox, no new messages, all systems green." },
]);

/**
 * Real-shaped weeks for the offline model's exactness tests: memory.example and
 * the labelled week as whole weeks, and every file of the real corpus (CJK,
 * mojibake, tables, code), when present, as a week of its own.
 */
export async function sampleWeeks(): Promise<SampleWeek[]> {
  const prompts = await loadCompactionPrompts();
  const weeks: SampleWeek[] = [];
  const add = async (name: string, files: { full: string; relPath: string; date: string }[]) => {
    const logs = await Promise.all(files.map(async (file) => readLogBytes({ relPath: file.relPath, date: file.date }, await readFile(file.full))));
    const prompt = `${renderCompactionPrompt(prompts, logs, "2026-W10").user.trimEnd()}\n\n${EXISTING}`;
    weeks.push({ name, prompt, logs: readPromptLogs(prompt), existing: readExisting(prompt) });
  };
  for (const dir of [fixture("../../memory.example"), fixture("labelled-week/logs")]) {
    const names = (await readdir(dir, { recursive: true })).filter((name) => /^\d{4}-\d{2}-\d{2}.*\.md$/.test(path.basename(name))).sort();
    await add(
      dir,
      names.map((name) => ({ full: path.join(dir, name), relPath: name, date: path.basename(name).slice(0, 10) })),
    );
  }
  for (const relPath of corpusFiles()) await add(relPath, [{ full: path.join(CORPUS_DIR, relPath), relPath, date: corpusFileDate(relPath) }]);
  return weeks;
}

/** Every section title, trail title, label and unit opening of the sample weeks, once each. */
export async function sampleTitles(): Promise<string[]> {
  const titles = new Set<string>();
  for (const week of await sampleWeeks()) {
    for (const unit of groupUnits(week.logs.entries)) {
      titles.add(unit.section.title);
      for (const title of unit.section.trail) titles.add(title);
      for (const part of unit.parts) {
        if (part.label) titles.add(part.label);
        titles.add(part.text.slice(0, 120));
      }
    }
  }
  return [...titles];
}

/**
 * The least a count over the sample weeks must reach: the real corpus gives most of them, and a
 * clone with no corpus beside it has the repository's own weeks alone.
 */
export function sampleFloor(withCorpus: number, withoutCorpus: number): number {
  return corpusPresent ? withCorpus : withoutCorpus;
}
