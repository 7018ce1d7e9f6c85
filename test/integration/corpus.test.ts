import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readLogBytes } from "../../src/logs/read-daily-log.js";
import { splitEntries } from "../../src/logs/split-entries.js";
import { parseAnswer } from "../../src/parse/parse-answer.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { renderCompactionPrompt } from "../../src/prompt/render-prompt.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { decodeText } from "../../src/text/decode-text.js";
import { CORPUS_DIR, corpusFileDate, corpusFiles, corpusPresent } from "../helpers/corpus.js";

const files = corpusFiles();

describe.skipIf(!corpusPresent)("real agent logs in ../shared/corpus/real", () => {
  it("holds the 59 files the manifest lists", () => {
    expect(files).toHaveLength(59);
  });

  it.each(files)("%s: every non-blank line lands in an entry", async (relPath) => {
    const { text } = decodeText(await readFile(path.join(CORPUS_DIR, relPath)), relPath);
    const entries = splitEntries(text, relPath, corpusFileDate(relPath));
    const lines = text.split("\n");
    const lost = lines.flatMap((line, i) => {
      if (line.trim() === "") return [];
      const entry = entries.find((e) => e.startLine <= i + 1 && i + 1 <= e.endLine);
      return entry && entry.text.split("\n")[i + 1 - entry.startLine] === line ? [] : [`${i + 1}: ${line}`];
    });
    expect(lost).toEqual([]);
  });

  it.each(files)("%s: is read, redacted and compacted offline into a usable answer", async (relPath) => {
    const date = corpusFileDate(relPath);
    const log = await readLogBytes({ relPath, date }, await readFile(path.join(CORPUS_DIR, relPath)));
    const prompts = await loadCompactionPrompts();
    const prompt = renderCompactionPrompt(prompts, [log], "2026-W01");
    const answer = await new OfflineModel().complete(prompt.user, { systemPrompt: prompt.system, temperature: 0.2, maxTokens: 4096 });
    const parsed = parseAnswer(answer.text);
    expect(parsed.summary?.heading).toBe("2026-W01");
    expect(parsed.problems.filter((p) => p.ruleId === "invalid-memory")).toEqual([]);
  });
});
