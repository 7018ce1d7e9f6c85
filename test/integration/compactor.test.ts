import { chmod, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ModelAnswerError } from "../../src/errors/model-answer-error.js";
import { hasBareRelativeDate } from "../../src/logs/resolve-relative-dates.js";
import { MockMemoryModel } from "../../src/model/mock-model.js";
import { Compactor, type CompactorOptions } from "../../src/pipeline/compactor.js";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { FIXED_CLOCK } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const EXAMPLE = fixture("../../memory.example");
const SUMMARY =
  "---\ntype: weekly\n---\n\n## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres for the sync service, because three writers rule out SQLite.\n\n### Outcomes\n- 2026-04-03: Sync v2 deployed to staging.\n\n### Blockers & Open Items\n- 2026-04-03: Neon connection limit.\n\n### Context\n- None.\n";
const block = (name: string, type: string, content: string) =>
  `\`\`\`typed_memory\n---\nname: ${name}\ndescription: ${name} in short\ntype: ${type}\n---\n\n${content}\n\`\`\`\n`;
const open = (options: CompactorOptions) => Compactor.open({ env: {}, clock: FIXED_CLOCK, ...options });
const POSTGRES = block(
  "Use Postgres for the sync service",
  "project",
  "Postgres 16 on Neon for the sync service.\n\n**Why:** three concurrent writers rule out SQLite.\n**How to apply:** use Postgres.",
);

describe("Compactor.compactDaily", () => {
  it("calls the model once with seed 002's prompts, temperature 0.2 and 4096 tokens, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const model = new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`);
    const result = (await (await open({ dir, model })).compactDaily("2026-W14"))!;

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
      expect.objectContaining({ name: "Use Postgres for the sync service", type: "project", sources: ["2026-03-30.md#L9-L13"], created: "2026-03-30" }),
    ]);
    expect(result.sources.map((s) => s.file)).toEqual([
      "2026-03-30.md",
      "2026-03-31.md",
      "2026-04-01.md",
      "logs/2026/04/2026-04-02.md",
      "2026-04-03-standup.md",
      "2026-04-05.md",
    ]);
    expect(result.redactions.logs).toBe(2);
    expect(result.usage.inputTokens).toBeGreaterThan(0);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("asks once more, with the problem stated, when the answer has no summary", async () => {
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(["Here are my thoughts on the week.", `${SUMMARY}\nNONE\n`]);
    const result = (await (await open({ dir, model })).compactDaily("2026-W14"))!;
    expect(result.repaired).toBe(true);
    expect(model.calls).toHaveLength(2);
    expect(model.calls[1]!.prompt).toContain("<REPAIR>\nYour previous answer could not be used: no '## <week>' heading for the weekly summary.");
    expect(result.usage.inputTokens).toBe(model.calls.reduce((sum, call) => sum + Math.ceil(call.prompt.length / 4), 0));
  });

  it("fails with a clear error after the repair attempt also fails", async () => {
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(["nope", "still nope"]);
    const error = await (await open({ dir, model })).compactDaily("2026-W14").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelAnswerError);
    expect((error as ModelAnswerError).message).toBe(
      "the mock model's answer has no summary in the expected format after one repair attempt: no '## <week>' heading for the weekly summary; nothing written",
    );
    expect((error as ModelAnswerError).answer).toBe("still nope");
  });

  it("reports an invalid block and skips it", async () => {
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(`${SUMMARY}\n${block("Bad", "opinion", "x")}\n${POSTGRES}`);
    const result = (await (await open({ dir, model })).compactDaily("2026-W14"))!;
    expect(result.skipped).toEqual([{ source: "answer block 1", reason: "type 'opinion' is not one of user, feedback, project, reference; block skipped" }]);
    expect(result.memories.map((m) => m.name)).toEqual(["Use Postgres for the sync service"]);
  });

  it("redacts a secret the model repeats and dates a relative date it writes", async () => {
    const dir = await copyOf(EXAMPLE);
    const leaky = `${SUMMARY.replace("- None.", "- 2026-04-01: The staging password is hunter2, rotate it tomorrow.")}\n${block("Staging", "reference", "Staging password is hunter2.")}`;
    const result = (await (await open({ dir, model: new MockMemoryModel(leaky) })).compactDaily("2026-W14"))!;
    expect(result.summary.body).toContain("- 2026-04-01: The staging password is [REDACTED:password], rotate it tomorrow (2026-04-02).");
    expect(result.memories[0]!.body).toBe("Staging password is [REDACTED:password].");
    expect(result.redactions.answer).toBe(2);
  });

  it("says there is nothing to do for a week without logs", async () => {
    const dir = await copyOf(EXAMPLE);
    expect(await (await open({ dir })).compactDaily("2026-W20")).toBeUndefined();
    const week = await (await open({ dir })).compactWeek("2026-W20");
    expect(week).toMatchObject({ ok: true, logs: [], files: [], notes: [expect.stringContaining("no daily logs for 2026-W20")] });
  });
});

describe("Compactor.compactWeek", () => {
  it("writes the weekly summary, topic files and index; the same week again changes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const first = await (await open({ dir })).compactWeek("2026-W14");
    expect(first.files.filter((f) => f.action === "create").map((f) => f.path)).toContain("weekly/2026-W14.md");
    expect(first.run).toBe("2026-04-06T10-00-00-000Z");
    const afterFirst = await snapshotDir(dir, { state: false });

    const second = await (await open({ dir, clock: () => new Date("2026-05-01T00:00:00Z") })).compactWeek("2026-W14");
    expect(second.files.map((f) => f.action)).toEqual(second.files.map(() => "unchanged"));
    expect(second.run).toBeUndefined();
    expect(await snapshotDir(dir, { state: false })).toEqual(afterFirst);
  });

  it("leaves no bare relative date in any file it writes", async () => {
    const dir = await copyOf(EXAMPLE);
    const answer = `${SUMMARY.replace("- None.", "- We fixed it yesterday and ship next week.")}\n${block("Ship plan", "project", "Ship next Friday; the flag was added 3 days ago.")}`;
    const report = await (await open({ dir, model: new MockMemoryModel(answer) })).compactWeek("2026-W14");
    for (const file of report.files) {
      const content = await readFile(path.join(dir, file.path), "utf8");
      expect(content.split("\n").filter(hasBareRelativeDate), file.path).toEqual([]);
    }
    expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toMatch(/yesterday \(2026-\d\d-\d\d\) and ship next week \(2026-W\d\d\)/);
  });

  it("never modifies the daily logs", async () => {
    const dir = await copyOf(EXAMPLE);
    const logs = await snapshotDir(dir);
    await (await open({ dir })).compactWeek("2026-W14");
    const after = await snapshotDir(dir);
    for (const [file, hash] of Object.entries(logs)) expect(after[file]).toBe(hash);
  });

  it("keeps files inside the memory dir whatever names the model gives", async () => {
    const dir = await copyOf(EXAMPLE);
    const hostile = ["../../x", "/etc/passwd", "..\\\\x"].map((name) => block(name, "reference", `Points at ${name}.`)).join("\n");
    const report = await (await open({ dir, model: new MockMemoryModel(`${SUMMARY}\n${hostile}`) })).compactWeek("2026-W14");
    const memoryFiles = report.files.filter((f) => f.role === "memory").map((f) => f.path);
    expect(memoryFiles).toEqual(["reference_x.md", "reference_etc-passwd.md"]);
    expect(await readdir(dir)).toContain("reference_x.md");
    expect(await readFile(path.join(dir, "reference_x.md"), "utf8")).toContain("Points at ../../x.");
    expect(await readFile(path.join(dir, "reference_x.md"), "utf8")).toContain("Points at ..\\\\x.");
  });

  it("keeps a private memory private when it rewrites it, and when it undoes the rewrite", async () => {
    const dir = await copyOf(EXAMPLE);
    const file = path.join(dir, "project_use-postgres-for-the-sync-service.md");
    await writeFile(file, "---\nname: Use Postgres for the sync service\ndescription: sync\ntype: project\n---\n\nPostgres 16.\n", { mode: 0o600 });
    await chmod(file, 0o600);
    const before = await readFile(file);
    const more = block("Use Postgres for the sync service", "project", "Production needs PgBouncer before launch.");
    const week = await (await open({ dir, model: new MockMemoryModel(`${SUMMARY}\n${more}`) })).compactWeek("2026-W14");
    expect(week.files.find((f) => f.path === "project_use-postgres-for-the-sync-service.md")?.action).toBe("update");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    await (await open({ dir })).undo();
    expect(await readFile(file)).toEqual(before);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("merges a memory into its existing topic file instead of adding a second file", async () => {
    const dir = await copyOf(EXAMPLE);
    await (await open({ dir, model: new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`) })).compactWeek("2026-W14");
    const more = block(
      "Use Postgres for the sync service",
      "project",
      "Postgres 16 on Neon for the sync service.\n\nProduction needs PgBouncer before launch.",
    );
    const report = await (await open({ dir, model: new MockMemoryModel(`${SUMMARY}\n${more}`) })).compactWeek("2026-W14");
    expect(report.files.find((f) => f.role === "memory")).toMatchObject({ path: "project_use-postgres-for-the-sync-service.md", action: "update" });
    const text = await readFile(path.join(dir, "project_use-postgres-for-the-sync-service.md"), "utf8");
    expect(text.match(/Postgres 16 on Neon for the sync service\./g)).toHaveLength(1);
    const updated = /^updated: (.+)$/m.exec(text)![1];
    expect(text).toContain(`**Added ${updated}:**\n\nProduction needs PgBouncer before launch.`);
    expect((await readdir(dir)).filter((f) => f.startsWith("project_"))).toHaveLength(1);
  });

  it("updates the existing memory the answer names, whatever file it lives in", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(
      path.join(dir, "project_sync-db.md"),
      "---\nname: Use Postgres for the sync service\ndescription: sync db\ntype: project\nupdated: 2026-03-01\nowner: dana\n---\n\nPostgres 16 on Neon for the sync service.\n",
    );
    const more = block("Use Postgres for the sync service", "project", "Production needs PgBouncer before launch.");
    const report = await (await open({ dir, model: new MockMemoryModel(`${SUMMARY}\n${more}`) })).compactWeek("2026-W14");
    expect(report.memories.accepted).toEqual([expect.objectContaining({ file: "project_sync-db.md", action: "updated" })]);
    const text = await readFile(path.join(dir, "project_sync-db.md"), "utf8");
    expect(text).toContain("owner: dana");
    expect(text).toContain("Production needs PgBouncer before launch.");
    expect((await readdir(dir)).filter((f) => f.startsWith("project_"))).toEqual(["project_sync-db.md"]);
  });

  it("keeps a hand-written MEMORY.md in the trash before replacing it", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "MEMORY.md"), "# My notes\n- keep this\n");
    const report = await (await open({ dir })).compactWeek("2026-W14");
    expect(await readFile(path.join(dir, `.compact/trash/${report.run}/MEMORY.md`), "utf8")).toBe("# My notes\n- keep this\n");
    expect(await readFile(path.join(dir, "MEMORY.md"), "utf8")).toContain("# Memory index");
  });

  it("redacts a secret in what it keeps in the trash, byte for byte around it, a file that is not UTF-8 included", async () => {
    const dir = await copyOf(EXAMPLE);
    const token = `ghp_${"aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5b".slice(0, 36)}`;
    // Latin-1: `é` is the single byte 0xE9, which is not valid UTF-8.
    const original = Buffer.concat([Buffer.from("# Caf"), Buffer.from([0xe9]), Buffer.from(` notes\n- deploy token ${token}\n`)]);
    await writeFile(path.join(dir, "MEMORY.md"), original);
    const report = await (await open({ dir })).compactWeek("2026-W14");
    const trashed = await readFile(path.join(dir, `.compact/trash/${report.run}/MEMORY.md`));
    expect(trashed.includes(Buffer.from(token))).toBe(false);
    expect(trashed.subarray(0, 9)).toEqual(original.subarray(0, 9));
    expect(trashed.toString("latin1")).toMatch(/^# Café notes\n- deploy token \[REDACTED:[a-z-]+\]\n$/);
    // Undone, the file comes back as the trash kept it, and the undo says so.
    const undone = await (await open({ dir })).undo();
    expect(undone.redacted).toEqual(["MEMORY.md"]);
    expect(await readFile(path.join(dir, "MEMORY.md"))).toEqual(trashed);
  });

  it("writes nothing in a dry run but reports what it would write", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const report = await (await open({ dir })).compactWeek("2026-W14", { dryRun: true });
    expect(report.dryRun).toBe(true);
    expect(report.files.length).toBeGreaterThan(2);
    expect(report.preview?.length).toBeGreaterThan(2);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("never calls a model of the caller's in a dry run (it may cost money): it stops at the estimate", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const mine = new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`);
    const wrapped = { provider: "mine", modelId: "my-paid-model", complete: mine.complete.bind(mine) };
    const report = await (await open({ dir, model: wrapped })).compactWeek("2026-W14", { dryRun: true });
    expect(mine.calls).toHaveLength(0);
    expect(report).toMatchObject({ dryRun: true, notes: ["dry run: no call made to mine; nothing written"] });
    expect(report.estimate?.inputTokens).toBeGreaterThan(0);
    expect(report.preview).toBeUndefined();
    // Whatever it calls itself.
    const named = { provider: "offline", modelId: "my-paid-model", complete: mine.complete.bind(mine) };
    await (await open({ dir, model: named })).compactWeek("2026-W14", { dryRun: true });
    expect(mine.calls).toHaveLength(0);
    // The mock, made for tests, is called: it costs nothing.
    expect((await (await open({ dir, model: mine })).compactWeek("2026-W14", { dryRun: true })).preview?.length).toBeGreaterThan(2);
    expect(await snapshotDir(dir)).toEqual(before);
  });
});

describe("the library API, end to end", () => {
  it("opens a memory dir, compacts a week, consolidates, reports status and undoes, each a plain object", async () => {
    const dir = await copyOf(EXAMPLE);
    const pristine = await snapshotDir(dir, { state: false });
    const compactor = await open({ dir });

    const week = await compactor.compactWeek("2026-W14");
    expect(week).toMatchObject({ schemaVersion: 1, ok: true, command: "week", week: "2026-W14" });
    expect(JSON.parse(JSON.stringify(week))).toEqual(week);
    const afterWeek = await snapshotDir(dir, { state: false });

    const consolidation = await compactor.consolidate({ mode: "apply" });
    expect(consolidation).toMatchObject({ schemaVersion: 1, ok: true, command: "consolidate", mode: "apply" });

    const status = await compactor.status();
    expect(status).toMatchObject({ schemaVersion: 1, ok: true, command: "status" });
    expect(status.weeks.compacted).toEqual(["2026-W14"]);
    expect(status.memories.total).toBeGreaterThan(0);

    if (consolidation.run) {
      await compactor.undo();
      expect(await snapshotDir(dir, { state: false })).toEqual(afterWeek);
    }
    const undone = await compactor.undo();
    expect(undone).toMatchObject({ schemaVersion: 1, ok: true, command: "undo", run: week.run });
    expect(await snapshotDir(dir, { state: false })).toEqual(pristine);
    const runs = await compactor.listRuns();
    expect(runs.runs.find((r) => r.run === week.run)?.status).toBe("undone");
  });

  it("refuses a consolidate mode or a concurrency it does not know, and changes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const compactor = await open({ dir });
    await compactor.compactWeek("2026-W14");
    const before = await snapshotDir(dir);
    // A misspelt "report" once applied.
    await expect(compactor.consolidate({ mode: "reprot" as "report" })).rejects.toMatchObject({
      code: "E_USAGE",
      message: "consolidate mode 'reprot': expected report, apply, auto",
    });
    expect(await snapshotDir(dir)).toEqual(before);
    const fresh = await copyOf(EXAMPLE);
    const pristine = await snapshotDir(fresh);
    for (const concurrency of [Number.NaN, 0, 1.5, 65]) {
      await expect((await open({ dir: fresh })).runAuto({ concurrency, force: true }), String(concurrency)).rejects.toMatchObject({ code: "E_USAGE" });
    }
    expect(await snapshotDir(fresh)).toEqual(pristine);
  });

  it("answers wrong arguments from plain JavaScript with a usage error naming them, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const untyped = Compactor as unknown as { open: (options: unknown) => Promise<Compactor> };
    for (const options of [42, "dir", [dir], { dir: 42 }, { dir: "" }, { dir: null }]) {
      await expect(untyped.open(options), JSON.stringify(options)).rejects.toMatchObject({ code: "E_USAGE" });
    }
    const compactor = (await open({ dir })) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const calls: [string, unknown[]][] = [
      ["compactWeek", [42]],
      ["compactWeek", ["2026-W14", 7]],
      ["compactDaily", [undefined]],
      ["consolidate", ["apply"]],
      ["search", [undefined]],
      ["search", [42]],
      ["search", ["  "]],
      ["search", ["postgres", { limit: 0 }]],
      ["search", ["postgres", { limit: -1 }]],
      ["search", ["postgres", { type: "projects" }]],
      ["search", ["postgres", { type: 1 }]],
      ["undo", [42]],
    ];
    for (const [method, args] of calls) {
      await expect(compactor[method]!(...args), `${method}(${JSON.stringify(args)})`).rejects.toMatchObject({ code: "E_USAGE" });
    }
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("reports a model of the caller's that throws, or answers no text, as the provider's failure, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const model = (complete: () => Promise<unknown>) => ({ provider: "mine", modelId: "m1", complete }) as unknown as MockMemoryModel;
    const throws = model(async () => {
      throw new TypeError("socket hang up");
    });
    await expect((await open({ dir, model: throws })).compactWeek("2026-W14")).rejects.toMatchObject({ code: "E_PROVIDER", message: "mine: socket hang up" });
    for (const answer of [{ text: 42 }, undefined, null]) {
      const wrong = model(async () => answer);
      await expect((await open({ dir, model: wrong })).compactWeek("2026-W14"), JSON.stringify(answer)).rejects.toMatchObject({ code: "E_MODEL_ANSWER" });
    }
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("reads --record and --replay folders from cwd, as it reads dir", async () => {
    const project = await tempDir();
    const dir = await copyOf(EXAMPLE);
    const model = new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`);
    await (await open({ dir, cwd: project, model, recordDir: "cassettes" })).compactDaily("2026-W14");
    const cassettes = await readdir(path.join(project, "cassettes"));
    expect(cassettes.length).toBe(1);
    const again = await (await open({ dir, cwd: project, replayDir: "cassettes" })).compactDaily("2026-W14");
    expect(again?.memories.map((memory) => memory.name)).toEqual(["Use Postgres for the sync service"]);
  });

  it("holds its lock in real time whatever clock it is given: another run sees it live", async () => {
    const dir = await copyOf(EXAMPLE);
    let seen: unknown;
    const answer = `${SUMMARY}\n${POSTGRES}`;
    const model = new MockMemoryModel(async () => {
      // While this run holds the lock, another with the real clock (and one with a clock months ahead) must wait.
      for (const clock of [() => new Date(), () => new Date(Date.now() + 200 * 86_400_000)]) {
        seen = await (await Compactor.open({ dir, env: {}, clock })).consolidate({ mode: "apply" }).catch((error: unknown) => error);
        expect(seen).toMatchObject({ code: "E_LOCKED" });
      }
      return answer;
    });
    const week = await (await open({ dir, model })).compactWeek("2026-W14");
    expect(week.ok).toBe(true);
    expect(model.calls).toHaveLength(1);
    expect(seen).toMatchObject({ code: "E_LOCKED" });
  });

  it("reports a run stopped while a model of the caller's answers as interrupted, whatever the model throws", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    // Rejects with the signal's reason when stopped, as fetch does; or fails later on its own.
    // Stopped once the call is under way.
    const waiting = (called: () => void, late?: Error) =>
      ({
        provider: "mine",
        modelId: "m1",
        complete: (_prompt: string, options: { signal?: AbortSignal }) =>
          new Promise((_, reject) => {
            options.signal?.addEventListener("abort", () => (late ? setTimeout(() => reject(late), 10) : reject(options.signal!.reason)));
            setTimeout(called, 5);
          }),
      }) as unknown as MockMemoryModel;
    for (const [stop, reason, late] of [
      [(c: AbortController) => c.abort(), "aborted", undefined],
      [(c: AbortController) => c.abort(new Error("user pressed stop")), "user pressed stop", undefined],
      [(c: AbortController) => c.abort(new DOMException("signal timed out", "TimeoutError")), "timed out", undefined],
      [(c: AbortController) => c.abort(), "aborted", new Error("late failure")],
    ] as const) {
      const controller = new AbortController();
      const run = (await open({ dir, model: waiting(() => stop(controller), late), signal: controller.signal })).compactWeek("2026-W14");
      await expect(run, reason).rejects.toMatchObject({ code: "E_ABORTED", message: `interrupted (${reason}); nothing changed` });
    }
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("undoes compact --week byte for byte, a memory that is not valid UTF-8 included", async () => {
    const dir = await copyOf(EXAMPLE);
    const latin1 = Buffer.concat([
      Buffer.from("---\nname: Use Postgres for the sync service\ndescription: sync\ntype: project\n---\n\nCaf"),
      Buffer.from([0xe9]),
      Buffer.from(" notes.\n"),
    ]);
    await writeFile(path.join(dir, "project_use-postgres-for-the-sync-service.md"), latin1);
    const before = await snapshotDir(dir, { state: false });
    const week = await (await open({ dir, model: new MockMemoryModel(`${SUMMARY}\n${POSTGRES}`) })).compactWeek("2026-W14");
    expect(week.files.find((f) => f.path === "project_use-postgres-for-the-sync-service.md")?.action).toBe("update");
    expect(await snapshotDir(dir, { state: false })).not.toEqual(before);
    await (await open({ dir })).undo();
    expect(await snapshotDir(dir, { state: false })).toEqual(before);
    expect(await readFile(path.join(dir, "project_use-postgres-for-the-sync-service.md"))).toEqual(latin1);
  });

  it("the offline summary keeps a decision from every day of a dense week, the weekend's included", async () => {
    const decided = [
      "Postgres for the sync service because three writers rule out SQLite",
      "weekly demos on Fridays because the team asked for them",
      "Vercel for the marketing site because previews help review",
      "Redis for the rate limiter because it needs shared counters",
      "Tailwind for the admin UI because the designer knows it",
      "a monorepo with pnpm because the packages share types",
      "nightly backups to S3 because the VPS disk is not redundant",
    ];
    const dir = await tempDir();
    const days = ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"];
    for (const [i, day] of days.entries())
      await writeFile(path.join(dir, `${day}.md`), `# ${day}\n\n## [10:00] decision: Item ${i}\nDecided to use ${decided[i]}.\n`);
    await (await open({ dir })).compactWeek("2026-W14");
    const summary = await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8");
    const decisions = summary.slice(summary.indexOf("### Key Decisions"), summary.indexOf("### Outcomes"));
    for (const [i, day] of days.entries()) expect(decisions, day).toContain(`- ${day}: Item ${i}: Decided to use ${decided[i]}.`);
  });

  it("undoing every run of a backfill leaves no folder it made behind, and keeps a folder still in use", async () => {
    const backfilled = async () => {
      const dir = await tempDir();
      for (const day of ["2026-03-02", "2026-03-09", "2026-03-16"])
        await writeFile(path.join(dir, `${day}.md`), `# ${day}\n\n- Decided to keep weekly demos, on ${day}.\n`);
      const before = { files: await snapshotDir(dir, { state: false }), folders: await foldersIn(dir) };
      await (await open({ dir })).runAuto({ force: true });
      expect(await foldersIn(dir)).toContain("weekly");
      return { dir, before };
    };
    const undoAll = async (dir: string) => {
      const compactor = await open({ dir });
      for (;;)
        if (
          !(await compactor.undo().then(
            () => true,
            () => false,
          ))
        )
          break;
    };
    const clean = await backfilled();
    await undoAll(clean.dir);
    expect({ files: await snapshotDir(clean.dir, { state: false }), folders: await foldersIn(clean.dir) }).toEqual(clean.before);
    // A folder that holds a file the runs did not write stays, with the file.
    const used = await backfilled();
    await writeFile(path.join(used.dir, "weekly", "notes.txt"), "mine\n");
    await undoAll(used.dir);
    expect(await foldersIn(used.dir)).toEqual(["weekly"]);
    expect(await readFile(path.join(used.dir, "weekly", "notes.txt"), "utf8")).toBe("mine\n");
  });
});

/** The folders under a memory dir, `.compact/` aside. */
async function foldersIn(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((folder) => !folder.startsWith(".compact"))
    .sort();
}
