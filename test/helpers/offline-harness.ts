import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type DailyLog, readLogBytes } from "../../src/logs/read-daily-log.js";
import { type ParsedAnswer, parseAnswer } from "../../src/parse/parse-answer.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { type RelatedMemory, renderRelatedMemories } from "../../src/prompt/related-memories.js";
import { renderCompactionPrompt } from "../../src/prompt/render-prompt.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { tempDir } from "./temp-dir.js";

// The one place offline-model tests meet the rest of the code: when the pipeline moves, adapt only this file.

/** What the offline model answered for a week, read back the way the pipeline reads it. */
export interface OfflineAnswer {
  text: string;
  /** The weekly summary body (`## week` … last section). */
  summary: string;
  /** `- date: text` lines of the summary, by section title. */
  sections: Map<string, string[]>;
  memories: ParsedAnswer["candidates"];
  /** Characters of log text sent, the base of the 30% target. */
  inputChars: number;
  logs: DailyLog[];
}

/** One log as a test writes it: a file name (its date first) and its text. */
export interface TestLog {
  name: string;
  text: string;
}

/** Writes logs into a temp dir and asks the offline model about them. */
export async function answerForTexts(logs: TestLog[], options: { week?: string; existing?: RelatedMemory[] } = {}): Promise<OfflineAnswer> {
  const dir = await tempDir();
  const files = [];
  for (const log of logs) {
    const file = path.join(dir, log.name);
    await writeFile(file, log.text);
    files.push({ path: file, relPath: log.name, date: log.name.slice(0, 10) });
  }
  return answerForFiles(files, options);
}

/** Reads logs from disk (as the pipeline does: decoded, redacted, dates resolved) and asks the offline model. */
export async function answerForFiles(
  files: { path: string; relPath: string; date: string }[],
  options: { week?: string; existing?: RelatedMemory[] } = {},
): Promise<OfflineAnswer> {
  const logs = await Promise.all(files.map(async (file) => readLogBytes(file, await readFile(file.path))));
  const prompt = renderCompactionPrompt(await loadCompactionPrompts(), logs, options.week ?? "2026-W10");
  const existing = options.existing && options.existing.length > 0 ? `\n\n${renderRelatedMemories(options.existing)}` : "";
  const answer = await new OfflineModel().complete(`${prompt.user.trimEnd()}${existing}`, { systemPrompt: prompt.system, temperature: 0.2, maxTokens: 4096 });
  const parsed = parseAnswer(answer.text);
  const summary = parsed.summary?.body ?? "";
  return {
    text: answer.text,
    summary,
    sections: sectionsOf(summary),
    memories: parsed.candidates,
    inputChars: logs.reduce((sum, log) => sum + log.text.trim().length, 0),
    logs,
  };
}

/** Every bullet of the summary, whatever its section. */
export function bulletsOf(answer: OfflineAnswer): string[] {
  return [...answer.sections.values()].flat();
}

function sectionsOf(body: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of body.split("\n")) {
    const heading = /^### (.+)$/.exec(line);
    if (heading) {
      current = [];
      sections.set(heading[1]!, current);
    } else if (current && line.startsWith("- ") && line !== "- None recorded.") current.push(line);
  }
  return sections;
}
