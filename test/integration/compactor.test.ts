import { readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Compactor } from "../../src/compactor.js";
import { ModelAnswerError } from "../../src/errors/model-answer-error.js";
import { NoDailyLogsError } from "../../src/errors/no-daily-logs-error.js";
import { hasBareRelativeDate } from "../../src/logs/resolve-relative-dates.js";
import { MockMemoryModel } from "../../src/model/mock-model.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";
import { FIXED_CLOCK } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";

const EXAMPLE = fixture("../../memory.example");
const SUMMARY = "---\ntype: weekly\n---\n\n## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres for the sync service, because three writers rule out SQLite.\n\n### Outcomes\n- 2026-04-03: Sync v2 deployed to staging.\n\n### Blockers & Open Items\n- 2026-04-03: Neon connection limit.\n\n### Context\n- None.\n";
const block = (name: string, type: string, content: string) => `\`\`\`typed_memory\n---\nname: ${name}\ndescription: ${name} in short\ntype: ${type}\n---\n\n${content}\n\`\`\`\n`;
const POSTGRES = block("Use Postgres for the sync service", "project", "Postgres 16 on Neon for the sync service.\n\n**Why:** three concurrent writers rule out SQLite.\n**How to apply:** use Postgres.");

describe("Compactor.compactDaily", () => {
  it("calls the model once with seed 002's prompts, temperature 0.2 and 4096 tokens, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const model = new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`);
    const result = await new Compactor({ dir, model }).compactDaily("2026-W14");

    const prompts = await loadCompactionPrompts();
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.options).toEqual({ systemPrompt: prompts.system, temperature: 0.2, maxTokens: 4096 });
    const prompt = model.calls[0]!.prompt;
    expect(prompt).toContain("# Daily log 2026-04-01 (Wednesday) — 2026-04-01.md");
    expect(prompt).toContain("# Daily log 2026-04-02 (Thursday) — logs/2026/04/2026-04-02.md");
    expect(prompt).not.toContain("hunter2");
    expect(prompt).not.toContain("sk-proj-");
    expect(prompt).toContain("the schema work I started yesterday (2026-03-30)");
    expect(prompt).toContain("next Friday (2026-04-10)");

    expect(result.summary.heading).toBe("2026-W14");
    expect(result.memories).toEqual([
      expect.objectContaining({ name: "Use Postgres for the sync service", type: "project", sources: ["2026-03-30.md#L9-L13"], firstDate: "2026-03-30" }),
    ]);
    expect(result.sources.map((s) => s.file)).toEqual(["2026-03-30.md", "2026-03-31.md", "2026-04-01.md", "logs/2026/04/2026-04-02.md", "2026-04-03-standup.md", "2026-04-05.md"]);
    expect(result.redactions.logs).toBe(2);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("asks once more, with the problem stated, when the answer has no summary", async () => {
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(["Here are my thoughts on the week.", `${SUMMARY}\nNONE\n`]);
    const result = await new Compactor({ dir, model }).compactDaily("2026-W14");
    expect(result.repaired).toBe(true);
    expect(model.calls).toHaveLength(2);
    expect(model.calls[1]!.prompt).toContain("<REPAIR>\nYour previous answer could not be used: no '## <week>' heading for the weekly summary.");
    expect(result.usage.inputTokens).toBe(model.calls.reduce((sum, call) => sum + Math.ceil(call.prompt.length / 4), 0));
  });

  it("fails with a clear error after the repair attempt also fails", async () => {
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(["nope", "still nope"]);
    const error = await new Compactor({ dir, model }).compactDaily("2026-W14").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelAnswerError);
    expect((error as ModelAnswerError).message).toBe(
      "the mock model's answer has no weekly summary in the seed 002 format after one repair attempt: no '## <week>' heading for the weekly summary; nothing written",
    );
    expect((error as ModelAnswerError).answer).toBe("still nope");
  });

  it("reports an invalid block and skips it", async () => {
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(`${SUMMARY}\n${block("Bad", "opinion", "x")}\n${POSTGRES}`);
    const result = await new Compactor({ dir, model }).compactDaily("2026-W14");
    expect(result.skipped).toEqual([{ source: "answer block 1", reason: "type 'opinion' is not one of user, feedback, project, reference; block skipped" }]);
    expect(result.memories.map((m) => m.name)).toEqual(["Use Postgres for the sync service"]);
  });

  it("redacts a secret the model repeats and dates a relative date it writes", async () => {
    const dir = await copyOf(EXAMPLE);
    const leaky = `${SUMMARY.replace("- None.", "- 2026-04-01: The staging password is hunter2, rotate it tomorrow.")}\n${block("Staging", "reference", "Staging password is hunter2.")}`;
    const result = await new Compactor({ dir, model: new MockMemoryModel(leaky) }).compactDaily("2026-W14");
    expect(result.summary.body).toContain("- 2026-04-01: The staging password is [REDACTED:password], rotate it tomorrow (2026-04-02).");
    expect(result.memories[0]!.content).toBe("Staging password is [REDACTED:password].");
    expect(result.redactions.answer).toBe(2);
  });

  it("says there is nothing to do for a week without logs", async () => {
    const dir = await copyOf(EXAMPLE);
    await expect(new Compactor({ dir }).compactDaily("2026-W20")).rejects.toThrow(NoDailyLogsError);
  });
});

describe("Compactor.write", () => {
  it("writes the weekly summary, topic files and index; the same week again changes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const compactor = new Compactor({ dir, clock: FIXED_CLOCK });
    const first = await compactor.write(await compactor.compactDaily("2026-W14"));
    expect(first.files.filter((f) => f.action === "create").map((f) => f.path)).toContain("weekly/2026-W14.md");
    const afterFirst = await snapshotDir(dir);

    const later = new Compactor({ dir, clock: () => new Date("2026-05-01T00:00:00Z") });
    const second = await later.write(await later.compactDaily("2026-W14"));
    expect(second.files.map((f) => f.action)).toEqual(second.files.map(() => "unchanged"));
    expect(await snapshotDir(dir)).toEqual(afterFirst);
  });

  it("leaves no bare relative date in any file it writes", async () => {
    const dir = await copyOf(EXAMPLE);
    const answer = `${SUMMARY.replace("- None.", "- We fixed it yesterday and ship next week.")}\n${block("Ship plan", "project", "Ship next Friday; the flag was added 3 days ago.")}`;
    const compactor = new Compactor({ dir, model: new MockMemoryModel(answer) });
    const report = await compactor.write(await compactor.compactDaily("2026-W14"));
    for (const file of report.files) {
      const bare = file.content.split("\n").filter(hasBareRelativeDate);
      expect(bare, file.path).toEqual([]);
    }
    expect(report.files.find((f) => f.role === "weekly")!.content).toMatch(/yesterday \(2026-\d\d-\d\d\) and ship next week \(2026-W\d\d\)/);
  });

  it("never modifies the daily logs", async () => {
    const dir = await copyOf(EXAMPLE);
    const logs = (await snapshotDir(dir));
    const compactor = new Compactor({ dir });
    await compactor.write(await compactor.compactDaily("2026-W14"));
    const after = await snapshotDir(dir);
    for (const [file, hash] of Object.entries(logs)) expect(after[file]).toBe(hash);
  });

  it("keeps files inside the memory dir whatever names the model gives", async () => {
    const dir = await copyOf(EXAMPLE);
    const hostile = ["../../x", "/etc/passwd", "..\\\\x"].map((name) => block(name, "reference", `Points at ${name}.`)).join("\n");
    const compactor = new Compactor({ dir, model: new MockMemoryModel(`${SUMMARY}\n${hostile}`) });
    const report = await compactor.write(await compactor.compactDaily("2026-W14"));
    const memoryFiles = report.files.filter((f) => f.role === "memory").map((f) => f.path);
    expect(memoryFiles).toEqual(["reference_x.md", "reference_etc-passwd.md"]);
    const top = await readdir(dir);
    expect(top).toContain("reference_x.md");
    expect(await readFile(path.join(dir, "reference_x.md"), "utf8")).toContain("Points at ../../x.");
    expect(await readFile(path.join(dir, "reference_x.md"), "utf8")).toContain("Points at ..\\\\x.");
  });

  it("merges a memory into its existing topic file instead of adding a second file", async () => {
    const dir = await copyOf(EXAMPLE);
    const first = new Compactor({ dir, model: new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`) });
    await first.write(await first.compactDaily("2026-W14"));
    const more = block("Use Postgres for the sync service", "project", "Postgres 16 on Neon for the sync service.\n\nProduction needs PgBouncer before launch.");
    const second = new Compactor({ dir, model: new MockMemoryModel(`${SUMMARY}\n${more}`) });
    const report = await second.write(await second.compactDaily("2026-W14"));
    expect(report.files.find((f) => f.role === "memory")).toMatchObject({ path: "project_use-postgres-for-the-sync-service.md", action: "update" });
    const text = await readFile(path.join(dir, "project_use-postgres-for-the-sync-service.md"), "utf8");
    expect(text.match(/Postgres 16 on Neon for the sync service\./g)).toHaveLength(1);
    const updated = /^updated: (.+)$/m.exec(text)![1];
    expect(text).toContain(`**Added ${updated}:**\n\nProduction needs PgBouncer before launch.`);
    expect((await readdir(dir)).filter((f) => f.startsWith("project_"))).toHaveLength(1);
  });

  it("moves a hand-written MEMORY.md to the trash before replacing it", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "MEMORY.md"), "# My notes\n- keep this\n");
    const compactor = new Compactor({ dir, clock: FIXED_CLOCK });
    const report = await compactor.write(await compactor.compactDaily("2026-W14"));
    const trash = report.files.find((f) => f.role === "trash")!;
    expect(trash.path).toMatch(/^\.compact\/trash\/2026-04-06T10-00-00-000Z\/MEMORY\.md\.[0-9a-f]{12}$/);
    expect(await readFile(path.join(dir, trash.path), "utf8")).toBe("# My notes\n- keep this\n");
    expect(await readFile(path.join(dir, "MEMORY.md"), "utf8")).toContain("# Memory index");
  });

  it("writes nothing in a dry run but reports what it would write", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const compactor = new Compactor({ dir });
    const report = await compactor.write(await compactor.compactDaily("2026-W14"), { dryRun: true });
    expect(report.files.length).toBeGreaterThan(2);
    expect(await snapshotDir(dir)).toEqual(before);
  });
});
