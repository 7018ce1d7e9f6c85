import { describe, expect, it } from "vitest";
import type { DailyLog } from "../../src/logs/read-daily-log.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { readRelatedMemories, renderRelatedMemories } from "../../src/prompt/related-memories.js";
import { renderCompactionPrompt } from "../../src/prompt/render-prompt.js";
import { readPromptLogs } from "../../src/providers/offline/read-prompt-logs.js";

const log = (date: string, text: string) => ({ file: { relPath: `${date}.md`, date }, text, entries: [] }) as unknown as DailyLog;

async function prompt(logs: DailyLog[], related = "") {
  const rendered = renderCompactionPrompt(await loadCompactionPrompts(), logs, "2026-W14");
  return related ? `${rendered.user.trimEnd()}\n\n${related}` : rendered.user;
}

describe("readPromptLogs: the offline model's reading of the prompt", () => {
  it("reads every log of the week when one quotes the template's tags", async () => {
    const logs = [
      log("2026-03-30", "## [10:00] note: prompt work\nThe `<INSTRUCTIONS>` block now comes last.\n\n<INSTRUCTIONS>\n<EXISTING_MEMORIES>\n"),
      log("2026-04-01", "## [11:20] decision: Use Postgres for the sync service\nPostgres 16 on Neon.\n"),
    ];
    const related = renderRelatedMemories([{ type: "project", name: "Sync service", description: "see <INSTRUCTIONS> in the runbook" }]);
    for (const text of [await prompt(logs), await prompt(logs, related)]) {
      const read = readPromptLogs(text);
      expect(read.entries.map((entry) => entry.heading)).toEqual(["[10:00] note: prompt work", "[11:20] decision: Use Postgres for the sync service"]);
      expect(read.weekLabel).toBe("2026-W14");
    }
    expect(readRelatedMemories(await prompt(logs))).toEqual([]);
    expect(readRelatedMemories(await prompt(logs, related))).toEqual([
      { type: "project", name: "Sync service", description: "see <INSTRUCTIONS> in the runbook" },
    ]);
  });

  it("keeps an entry in its own log when a line of that log looks like the heading of another day's", async () => {
    const logs = [
      log(
        "2026-03-30",
        "## [11:20] decision: Use Postgres\nPostgres 16.\n\n# Daily log 2026-04-05 (Sunday) — 2026-04-05.md\n\n## [14:30] implementation: Migration tooling\ndrizzle-kit.\n",
      ),
      log("2026-03-31", "## [09:00] note: standup\nquiet.\n"),
    ];
    const read = readPromptLogs(await prompt(logs));
    expect(read.entries.map((entry) => [entry.heading, entry.file, entry.date])).toEqual([
      ["[11:20] decision: Use Postgres", "2026-03-30.md", "2026-03-30"],
      ["[14:30] implementation: Migration tooling", "2026-03-30.md", "2026-03-30"],
      ["[09:00] note: standup", "2026-03-31.md", "2026-03-31"],
    ]);
  });
});
