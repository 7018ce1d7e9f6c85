import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DailyLog } from "../../src/logs/read-daily-log.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { formatDailyLogs, renderCompactionPrompt, renderUserPrompt } from "../../src/prompt/render-prompt.js";
import { REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const SEED = path.resolve(REPO_ROOT, "../shared/seeds/002_84f8dde4ac5432bd.txt");

const log = (relPath: string, date: string, text: string) => ({ file: { path: relPath, relPath, date }, text, entries: [] }) as unknown as DailyLog;

describe("compaction prompts", () => {
  it.skipIf(!existsSync(SEED))("hold seed 002's system prompt and user template word for word", async () => {
    const seed = readFileSync(SEED, "utf8");
    const prompts = await loadCompactionPrompts();
    expect(seed).toContain(prompts.system);
    // The seed's extraction moved the example block's closing fence to the very end; it is restored after {content…}.
    const seedTemplate = seed.slice(seed.indexOf("<DAILY_LOGS>"), seed.indexOf("Already documented elsewhere") + "Already documented elsewhere".length);
    expect(prompts.userTemplate.trimEnd()).toBe(seedTemplate.replace("**How to apply:** lines}\n", "**How to apply:** lines}\n```\n"));
  });

  it("renders each log under a heading with its date and file name, data before instructions", async () => {
    const prompts = await loadCompactionPrompts();
    const rendered = renderCompactionPrompt(
      prompts,
      [log("2026-03-30.md", "2026-03-30", "- a\n"), log("logs/2026-03-31.md", "2026-03-31", "- b\n")],
      "2026-W14",
    );
    expect(rendered.system).toBe(prompts.system);
    expect(rendered.user).toContain(
      "<DAILY_LOGS>\n# Daily log 2026-03-30 (Monday) — 2026-03-30.md\n\n- a\n\n# Daily log 2026-03-31 (Tuesday) — logs/2026-03-31.md\n\n- b\n\n<INSTRUCTIONS>",
    );
    expect(rendered.user).toContain("## 2026-W14\n");
    expect(rendered.user).toContain("name: {short_title}");
    expect(rendered.user.indexOf("<DAILY_LOGS>")).toBeLessThan(rendered.user.indexOf("<INSTRUCTIONS>"));
  });

  it("gives the user message in pieces that join into it, only the logs' bodies marked as redacted", () => {
    const logs = [log("2026-03-30.md", "2026-03-30", "\n- a {week_label}\n\n"), log("2026-03-31.md", "2026-03-31", "  \n")];
    const templates = [
      "<DAILY_LOGS>\n{daily_logs}\n</DAILY_LOGS>\n## {week_label}\n",
      "{daily_logs}",
      "{week_label}: {daily_logs}|{daily_logs}  \n",
      "x{daily_logs}",
    ];
    for (const userTemplate of templates) {
      for (const some of [logs, logs.slice(0, 1), logs.slice(1)]) {
        const rendered = renderCompactionPrompt({ system: "s", userTemplate }, some, "2026-W14");
        expect(rendered.user).toBe(renderUserPrompt(userTemplate, { dailyLogs: formatDailyLogs(some), weekLabel: "2026-W14" }));
        expect(rendered.parts.map((part) => part.text).join("")).toBe(rendered.user);
        const bodies = some.map((one) => one.text.trim()).filter((body) => body !== "");
        const times = userTemplate.split("{daily_logs}").length - 1;
        expect(rendered.parts.filter((part) => part.redacted).map((part) => part.text)).toEqual(Array.from({ length: times }, () => bodies).flat());
      }
    }
  });

  it("does not substitute placeholders that appear inside a log", () => {
    expect(renderUserPrompt("{daily_logs}|{week_label}", { dailyLogs: "literal {week_label}", weekLabel: "2026-W14" })).toBe("literal {week_label}|2026-W14");
  });

  it("reads other prompt files from a directory, and refuses a template without its placeholders", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "compact-system.md"), "Be brief.\n");
    await writeFile(path.join(dir, "compact-user.md"), "{daily_logs}\n## {week_label}\n");
    expect(await loadCompactionPrompts(dir)).toEqual({ system: "Be brief.", userTemplate: "{daily_logs}\n## {week_label}\n" });
    await writeFile(path.join(dir, "compact-user.md"), "no placeholders\n");
    await expect(loadCompactionPrompts(dir)).rejects.toThrow("the template has no {daily_logs} placeholder");
  });
});
