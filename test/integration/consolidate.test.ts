import { readdir, readFile, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MockMemoryModel } from "../../src/model/mock-model.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const FIXTURE = fixture("consolidation");

const REPORT = `## dream — consolidation report
Merges (1):
[project_sync-service-database] + [project_postgres-for-sync] → "The sync service uses Postgres 16 on Neon, separate database \`sync\`. **Why:** three concurrent writ…"
Conflicts (1):
[project_deploy-target-ecs] vs [project_deploy-target-vercel] — "Deploy target" [A/B/skip]
Prune (1):
[session_state_release-checklist] — session_state, 126d old
Redate (1):
[reference_sync-dashboard] — relative dates made absolute
`;

// Resolving the conflict too removes 3 of the fixture's 9 memories: over the default 25%.
async function allowThirdRemoved(dir: string) {
  await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ consolidation: { maxRemoveFraction: 0.34 } }));
}

const withoutState = (snapshot: Record<string, string>) => Object.fromEntries(Object.entries(snapshot).filter(([file]) => !file.startsWith(".compact/")));
const scripted = (...answers: string[]) => {
  const asked: string[] = [];
  const ask = async (question: string) => {
    asked.push(question);
    return answers.shift() ?? "";
  };
  return { asked, ask };
};

describe("compact consolidate", () => {
  it("prints seed 003's report exactly on --dry-run and changes nothing", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const before = await snapshotDir(dir);
    const run = await runCli(["consolidate", "--dir", dir, "--dry-run"]);
    expect(run).toEqual({ code: 0, stdout: `${REPORT}Proposed: 1 merges, 1 prunes, 1 conflicts.\nDry run: no changes made.\n`, stderr: "" });
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("--dry-run wins over --auto and --yes: the report, and nothing changed", async () => {
    for (const mode of ["--auto", "--yes"]) {
      const dir = await copyOf(FIXTURE, { all: true });
      const before = await snapshotDir(dir);
      const run = await runCli(["consolidate", "--dir", dir, mode, "--dry-run"]);
      expect(run.stdout, mode).toBe(`${REPORT}Proposed: 1 merges, 1 prunes, 1 conflicts.\nDry run: no changes made.\n`);
      expect(await snapshotDir(dir)).toEqual(before);
    }
  });

  it("without a terminal and without --yes prints the report and applies nothing", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const before = await snapshotDir(dir);
    const run = await runCli(["consolidate", "--dir", dir]);
    expect(run.stdout).toBe(
      `${REPORT}Proposed: 1 merges, 1 prunes, 1 conflicts.\nNo terminal to confirm on, so nothing was applied. Run with --yes to apply the merges and prunes, --resolve newer to also settle conflicts, or --auto.\n`,
    );
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("on a terminal: n at Apply? cancels with nothing changed", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const before = await snapshotDir(dir);
    const { ask, asked } = scripted("b", "n");
    const run = await runCli(["consolidate", "--dir", dir], { interactive: true, ask });
    expect(run.stdout).toBe(`${REPORT}Proposed: 1 merges, 1 prunes, 1 conflicts. Apply? [Y/n]\nCancelled. No changes made.\n`);
    expect(asked).toEqual(['[project_deploy-target-ecs] vs [project_deploy-target-vercel] — "Deploy target" [A/B/skip] (proposed: B)', "Apply? [Y/n]"]);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("on a terminal: B then Enter applies; the loser moves to archive/, the winner records it", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await allowThirdRemoved(dir);
    const { ask } = scripted("maybe", "B", "");
    const run = await runCli(["consolidate", "--dir", dir], { interactive: true, ask });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split("\n").slice(-3)).toEqual([
      "Dream complete — merged: 1, pruned: 1, conflicts resolved: 1, skipped: 0",
      "Improved 6 memories. (undo: compact undo 2026-04-06T10-00-00-000Z)",
      "",
    ]);
    const archived = await readFile(path.join(dir, "archive/project_deploy-target-ecs.md"), "utf8");
    expect(archived).toContain("valid_to: 2026-04-06\nsuperseded_by: project_deploy-target-vercel\n");
    expect(archived).toContain("Deploy the API to AWS ECS Fargate, one service per region.");
    expect(await readFile(path.join(dir, "project_deploy-target-vercel.md"), "utf8")).toContain("supersedes:\n  - project_deploy-target-ecs\n");
    expect(await readdir(dir)).not.toContain("project_deploy-target-ecs.md");
  });

  it("--yes applies merges, prunes and redates, skips the conflict, and keeps pinned memories", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const pinned = await readFile(path.join(dir, "feedback_migrations-on-a-branch.md"), "utf8");
    const run = await runCli(["consolidate", "--dir", dir, "--yes"]);
    expect(run.stdout.split("\n").slice(-3, -1)).toEqual([
      "Dream complete — merged: 1, pruned: 1, conflicts resolved: 0, skipped: 1",
      "Improved 4 memories. (undo: compact undo 2026-04-06T10-00-00-000Z)",
    ]);
    const merged = await readFile(path.join(dir, "project_sync-service-database.md"), "utf8");
    expect(merged).toContain("sources:\n  - 2026-03-30.md#L9-L13\n  - 2026-04-01.md#L3\n");
    expect(merged).toContain("The sync service uses Postgres 16 on Neon, separate database `sync`.");
    expect(merged).toContain("Sync service database is Postgres 16 on Neon, in the same Neon project as billing.");
    expect(merged).toContain("**How to apply:** put new sync tables in the `sync` database.");
    expect(await readFile(path.join(dir, "reference_sync-dashboard.md"), "utf8")).toContain("it was set up yesterday (2026-03-30).");
    expect(await readFile(path.join(dir, ".compact/trash/2026-04-06T10-00-00-000Z/session_state_release-checklist.md"), "utf8")).toContain(
      "Release 4.1 checklist",
    );
    expect(await readFile(path.join(dir, "feedback_migrations-on-a-branch.md"), "utf8")).toBe(pinned);
    expect(await readdir(dir)).toContain("project_deploy-target-ecs.md");
    const index = await readFile(path.join(dir, "MEMORY.md"), "utf8");
    expect(index).not.toContain("project_postgres-for-sync.md");
    expect(index).toContain("(project_sync-service-database.md)");
  });

  it("compact undo restores the memory dir byte for byte", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await allowThirdRemoved(dir);
    const before = await snapshotDir(dir);
    await runCli(["consolidate", "--dir", dir], { interactive: true, ask: scripted("a", "y").ask });
    expect(withoutState(await snapshotDir(dir))).not.toEqual(before);
    const undo = await runCli(["undo", "--dir", dir]);
    expect(undo).toEqual({ code: 0, stdout: "Restored 8 files as they were before run 2026-04-06T10-00-00-000Z.\n", stderr: "" });
    expect(withoutState(await snapshotDir(dir))).toEqual(before);
    expect((await runCli(["undo", "--dir", dir])).stderr).toBe(`compact: no run to undo in ${dir}\n`);
  });

  it("--auto applies the safe changes, leaves the conflict with one reminder, and a second run adds nothing", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const first = await runCli(["consolidate", "--dir", dir, "--auto"]);
    expect(first).toEqual({ code: 0, stdout: `[compact --auto] dir=${dir} merged=1 pruned=1 conflicts_skipped=1\n`, stderr: "" });
    const reminder = await readFile(path.join(dir, "project_compact-contradictions-to-review.md"), "utf8");
    expect(reminder).toContain("compact detected 1 contradiction(s) requiring manual review. Run `compact consolidate` to resolve them interactively.");
    expect(reminder).toContain('- [project_deploy-target-ecs] vs [project_deploy-target-vercel] — "Deploy target"');
    const afterFirst = withoutState(await snapshotDir(dir));

    const second = await runCli(["consolidate", "--dir", dir, "--auto"], { clock: () => new Date("2026-04-07T10:00:00Z") });
    expect(second.stdout).toBe(`[compact --auto] dir=${dir} merged=0 pruned=0 conflicts_skipped=1\n`);
    expect(withoutState(await snapshotDir(dir))).toEqual(afterFirst);
    expect((await readdir(dir)).filter((f) => f.includes("contradictions"))).toEqual(["project_compact-contradictions-to-review.md"]);

    // A person skipping it keeps the reminder; settling it removes the reminder, from the index too.
    const skipped = await runCli(["consolidate", "--dir", dir, "--yes"], { clock: () => new Date("2026-04-08T10:00:00Z") });
    expect(skipped.code, skipped.stderr).toBe(0);
    expect(await readdir(dir)).toContain("project_compact-contradictions-to-review.md");
    // Settled, but held back by the loss budget: still open, still reminded of. (A second contradiction, so
    // the budget, one removal at the least, holds one back.)
    const conflicting = (id: string, name: string, body: string, updated: string) =>
      writeFile(
        path.join(dir, `${id}.md`),
        `---\nname: ${name}\ndescription: ${body}\ntype: project\ncreated: ${updated}\nupdated: ${updated}\n---\n\n${body}\n`,
      );
    await conflicting("project_web-deploy-target-netlify", "Deploy target for the web app", "Deploy the web app to Netlify.", "2026-01-20");
    await conflicting("project_web-deploy-target-pages", "Web app deploy target", "Deploy the web app to Cloudflare Pages.", "2026-03-20");
    const budget = path.join(dir, "tight.json");
    await writeFile(budget, JSON.stringify({ consolidation: { maxRemoveFraction: 0.0001 } }));
    const heldBack = await runCli(["consolidate", "--dir", dir, "--yes", "--resolve", "newer", "--config", budget], {
      clock: () => new Date("2026-04-08T10:00:00Z"),
    });
    expect(heldBack.code, heldBack.stderr).toBe(0);
    expect(heldBack.stderr).toContain("over the loss budget");
    expect(await readdir(dir)).toContain("project_compact-contradictions-to-review.md");
    await import("node:fs/promises").then((fs) => fs.rm(budget));
    const settled = await runCli(["consolidate", "--dir", dir, "--yes", "--resolve", "newer"], { clock: () => new Date("2026-04-08T10:00:00Z") });
    expect(settled.code, settled.stderr).toBe(0);
    expect(await readdir(dir)).not.toContain("project_compact-contradictions-to-review.md");
    expect(await readFile(path.join(dir, "MEMORY.md"), "utf8")).not.toContain("contradictions");
  });

  it("records a consolidation a person runs, so the next scheduled run's time gate counts from it", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const at = () => new Date("2026-04-06T10:00:00Z");
    expect((await runCli(["consolidate", "--dir", dir, "--yes"], { clock: at })).code).toBe(0);
    const state = JSON.parse(await readFile(path.join(dir, ".compact/state.json"), "utf8"));
    expect(state.lastConsolidation).toBe("2026-04-06T10:00:00.000Z");
    const auto = await runCli(["--auto", "--dir", dir], { clock: () => new Date("2026-04-06T20:00:00Z") });
    expect(auto.stdout).toContain("consolidation gated: time gate: 24 h not yet passed since 2026-04-06T10:00Z");
  });

  it("skips under a live lock, takes over a stale one with a warning", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const lock = path.join(dir, ".compact/lock");
    await import("node:fs/promises").then((fs) => fs.mkdir(path.dirname(lock), { recursive: true }));
    // Locks are stamped with the time it is, whatever clock a run is given.
    const live = { pid: process.pid, host: hostname(), startedAt: new Date(Date.now() - 10 * 60_000).toISOString(), command: "compact --auto" };
    const longAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    await writeFile(lock, JSON.stringify(live));
    const before = await snapshotDir(dir);
    expect(await runCli(["consolidate", "--dir", dir, "--auto"])).toEqual({ code: 0, stdout: "Another run in progress — skipping.\n", stderr: "" });
    expect(await snapshotDir(dir)).toEqual(before);

    await writeFile(lock, JSON.stringify({ ...live, startedAt: longAgo }));
    const old = await runCli(["consolidate", "--dir", dir, "--auto"]);
    expect(old.stderr).toBe(`warning: took over a stale lock (pid ${process.pid} on ${hostname()}, compact --auto, since ${longAgo})\n`);
    expect(old.stdout).toContain("merged=1 pruned=1");

    await writeFile(lock, JSON.stringify({ ...live, pid: 2 ** 22 + 7 }));
    const dead = await runCli(["consolidate", "--dir", dir, "--auto"]);
    expect(dead.stderr).toContain(`warning: took over a stale lock (pid ${2 ** 22 + 7}`);
    expect(await readdir(path.join(dir, ".compact"))).not.toContain("lock");
  });

  it("refuses a plan that loses a probe's answer, naming the probe", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await writeFile(path.join(dir, "probes.md"), "- What was left on the 4.1 release? => step 7 (changelog)\n");
    const before = await snapshotDir(dir);
    const run = await runCli(["consolidate", "--dir", dir, "--yes"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'compact: plan refused by the recall gate: probes.md:1 "What was left on the 4.1 release?" would no longer find "step 7 (changelog)"; nothing changed\n',
    );
    expect(withoutState(await snapshotDir(dir))).toEqual(withoutState(before));
  });

  it("applies the safest part of a plan over the loss budget and reports the rest", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    // 10% of 9 memories: one may leave the active set; the merge keeps every fact and does not count.
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ consolidation: { maxRemoveFraction: 0.1 } }));
    const run = await runCli(["consolidate", "--dir", dir, "--yes", "--resolve", "newer", "--json"]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.plan.merges).toEqual([{ keep: "project_sync-service-database", fold: "project_postgres-for-sync" }]);
    expect(result.plan.supersedes).toEqual([{ winner: "project_deploy-target-vercel", loser: "project_deploy-target-ecs" }]);
    expect(result.deferred).toEqual(["prune session_state_release-checklist (session_state, 126d old)"]);
    expect(result.warnings.map((w: { ruleId: string }) => w.ruleId)).toContain("loss-budget");
    const files = await readdir(dir);
    expect(files).toContain("session_state_release-checklist.md");
    expect(files).not.toContain("project_postgres-for-sync.md");
    expect(await readdir(path.join(dir, "archive"))).toEqual(["project_deploy-target-ecs.md"]);
  });

  it("says so when there is nothing to do", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    for (const file of [
      "project_postgres-for-sync.md",
      "project_deploy-target-vercel.md",
      "session_state_release-checklist.md",
      "reference_sync-dashboard.md",
    ]) {
      await import("node:fs/promises").then((fs) => fs.rm(path.join(dir, file)));
    }
    const run = await runCli(["consolidate", "--dir", dir, "--yes"]);
    expect(run.stdout).toBe("Dream complete. No duplicate, contradictory, or stale memories found.\nNothing changed: memories are already tight.\n");
  });
});

describe("compact probe", () => {
  it("lists each probe as found or missing and exits 1 when one is missing", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    expect(await runCli(["probe", "--dir", dir])).toEqual({
      code: 0,
      stdout:
        "found    Which database does the sync service use? => Postgres 16\nfound    Where do new migrations run first? => Neon branch\n2 of 2 probes found\n",
      stderr: "",
    });
    await writeFile(path.join(dir, "probes.md"), "Who owns billing? => Priya\n");
    const run = await runCli(["probe", "--dir", dir]);
    expect(run).toEqual({ code: 1, stdout: "MISSING  Who owns billing? => Priya\n0 of 1 probes found\n", stderr: "" });
  });
});

describe("compact consolidate, the remaining paths", () => {
  it("--auto with nothing to do still prints its one line", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await runCli(["consolidate", "--dir", dir, "--auto"]);
    await import("node:fs/promises").then((fs) => fs.rm(path.join(dir, "project_deploy-target-vercel.md")));
    const run = await runCli(["consolidate", "--dir", dir, "--auto"], { clock: () => new Date("2026-04-08T10:00:00Z") });
    expect(run).toEqual({ code: 0, stdout: `[compact --auto] dir=${dir} merged=0 pruned=0 conflicts_skipped=0\n`, stderr: "" });
    expect(await readdir(dir)).not.toContain("project_compact-contradictions-to-review.md");
  });

  it("--json prints the plan and what was applied", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const run = await runCli(["consolidate", "--dir", dir, "--yes", "--json"]);
    expect(JSON.parse(run.stdout)).toMatchObject({
      schemaVersion: 1,
      ok: true,
      command: "consolidate",
      mode: "apply",
      plan: {
        merges: [{ keep: "project_sync-service-database", fold: "project_postgres-for-sync" }],
        conflicts: [
          {
            a: "project_deploy-target-ecs",
            b: "project_deploy-target-vercel",
            topic: "Deploy target",
            proposedWinner: "project_deploy-target-vercel",
            reason: "different-values",
          },
        ],
        prunes: [{ id: "session_state_release-checklist", type: "session_state", ageDays: 126 }],
        redates: ["reference_sync-dashboard"],
        supersedes: [],
      },
      applied: true,
      run: "2026-04-06T10-00-00-000Z",
      // The merged memory, the one folded into it, the pruned one and the redated one.
      improved: 4,
      counts: { merged: 1, pruned: 1, conflictsResolved: 0, skipped: 1 },
    });
  });

  it("undoes a named run, and refuses when a file it changed was changed again", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await runCli(["consolidate", "--dir", dir, "--yes"]);
    await writeFile(path.join(dir, "project_sync-service-database.md"), "edited by hand\n");
    const refused = await runCli(["undo", "2026-04-06T10-00-00-000Z", "--dir", dir]);
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr: "compact: cannot undo run 2026-04-06T10-00-00-000Z: project_sync-service-database.md changed after it; nothing restored\n",
    });
    expect(await readFile(path.join(dir, "project_sync-service-database.md"), "utf8")).toBe("edited by hand\n");
    expect((await runCli(["undo", "no-such-run", "--dir", dir])).stderr).toBe(`compact: no run no-such-run in ${dir} (see compact undo --list)\n`);
  });

  it("names a probes.md line that is not a probe", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await writeFile(path.join(dir, "probes.md"), "- Which database? => Postgres\njust a note\n");
    const run = await runCli(["probe", "--dir", dir]);
    expect(run).toEqual({ code: 1, stdout: "", stderr: 'compact: probes.md:2: not a probe (expected "question => phrase")\n' });
  });
});

describe("compact consolidate with a configured LLM", () => {
  const openai = async (dir: string) => writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { provider: "openai", name: "judge" } }));
  const decision = (group: number, action: string, ids: string[], extra = "", body = "") =>
    `\`\`\`decision\ngroup: ${group}\naction: ${action}\nids: [${ids.join(", ")}]\n${extra}---\n${body}\n\`\`\`\n`;

  it("asks the model once about every candidate group, with seed 000's framing, and proposes its supersession", async () => {
    const dir = await tempDir();
    await openai(dir);
    const m = (id: string, name: string, description: string, updated: string, body: string) =>
      writeFile(path.join(dir, `${id}.md`), `---\nname: ${name}\ndescription: ${description}\ntype: project\nupdated: ${updated}\n---\n\n${body}\n`);
    await m("project_release-cadence", "Release cadence", "How often we release", "2026-01-10", "Release cadence is weekly.");
    await m("project_release-rhythm", "Shipping rhythm", "How often we ship", "2026-03-10", "Release cadence is every two weeks.");
    const model = new MockMemoryModel(
      decision(1, "supersede", ["project_release-cadence", "project_release-rhythm"], "winner: project_release-rhythm\ntopic: release cadence\n"),
    );
    const run = await runCli(["consolidate", "--dir", dir, "--dry-run"], { createModel: () => model });
    expect(model.calls).toHaveLength(0);
    expect(run.stdout).toBe("Dream complete. No duplicate, contradictory, or stale memories found.\nNothing changed: memories are already tight.\n");

    const asked = await runCli(["consolidate", "--dir", dir], { createModel: () => model });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.options.systemPrompt).toMatch(/^You are performing a dream — a reflective pass over your memory files\./);
    expect(model.calls[0]!.prompt).toContain(
      "## Group 1\n### [project_release-cadence] Release cadence (project, updated 2026-01-10)\nHow often we release\n\nRelease cadence is weekly.",
    );
    expect(asked.stdout).toContain('Conflicts (1):\n[project_release-cadence] vs [project_release-rhythm] — "release cadence" [A/B/skip]\n');
  });

  it("takes a library resolver's answer as the terminal's question does, and refuses any other, changing nothing", async () => {
    const keptOf = async (answer: unknown) => {
      const dir = await copyOf(FIXTURE, { all: true });
      const compactor = await Compactor.open({ dir, env: {} });
      await compactor.consolidate({ mode: "apply", resolve: async () => answer as "a" });
      return (await readdir(dir)).filter((file) => file.startsWith("project_deploy-target"));
    };
    // A is the older side: ECS, then Vercel.
    expect(await keptOf("A")).toEqual(["project_deploy-target-ecs.md"]);
    expect(await keptOf(" b ")).toEqual(["project_deploy-target-vercel.md"]);
    expect(await keptOf("skip")).toEqual(["project_deploy-target-ecs.md", "project_deploy-target-vercel.md"]);
    for (const answer of ["maybe", undefined, 1]) {
      const dir = await copyOf(FIXTURE, { all: true });
      const before = await snapshotDir(dir);
      const compactor = await Compactor.open({ dir, env: {} });
      await expect(compactor.consolidate({ mode: "apply", resolve: async () => answer as "a" }), String(answer)).rejects.toMatchObject({
        code: "E_USAGE",
        message: expect.stringContaining('expected "a", "b" or "skip"; nothing was changed'),
      });
      expect(await snapshotDir(dir)).toEqual(before);
    }
    const dir = await copyOf(FIXTURE, { all: true });
    await expect((await Compactor.open({ dir, env: {} })).consolidate({ mode: "apply", resolve: "Newer" as "newer" })).rejects.toMatchObject({
      code: "E_USAGE",
    });
  });

  it("asks a model given to the library, with no provider configured, as it asks a configured one", async () => {
    const dir = await tempDir();
    const m = (id: string, name: string, description: string, updated: string, body: string) =>
      writeFile(path.join(dir, `${id}.md`), `---\nname: ${name}\ndescription: ${description}\ntype: project\nupdated: ${updated}\n---\n\n${body}\n`);
    await m("project_release-cadence", "Release cadence", "How often we release", "2026-01-10", "Release cadence is weekly.");
    await m("project_release-rhythm", "Shipping rhythm", "How often we ship", "2026-03-10", "Release cadence is every two weeks.");
    const answer = decision(1, "supersede", ["project_release-cadence", "project_release-rhythm"], "winner: project_release-rhythm\ntopic: release cadence\n");
    const mine = new MockMemoryModel(answer);
    const plan = await (await Compactor.open({ dir, env: {}, model: mine })).consolidate({ mode: "report" });
    expect(mine.calls).toHaveLength(1);
    expect(plan.plan.conflicts).toMatchObject([{ a: "project_release-cadence", b: "project_release-rhythm", proposedWinner: "project_release-rhythm" }]);
    // The offline model, given as an object, is never asked to judge.
    const offline = await (await Compactor.open({ dir, env: {}, model: new OfflineModel() })).consolidate({ mode: "report" });
    expect(offline.plan.conflicts).toEqual([]);
  });

  it("keeps a model's merged text only when it keeps every detail of its parts", async () => {
    const merged =
      "The sync service runs on Postgres 16 on Neon, separate database `sync`, in the same Neon project as billing. **Why:** three concurrent writers rule out SQLite. **How to apply:** put new sync tables in the `sync` database.";
    for (const [text, kept] of [
      [merged, true],
      [merged.replace("16 ", ""), false],
    ] as const) {
      const dir = await copyOf(FIXTURE, { all: true });
      await openai(dir);
      const answer = (prompt: string) => {
        const n = /## Group (\d+)\n### \[project_sync-service-database\]/.exec(prompt)?.[1] ?? "0";
        return decision(Number(n), "merge", ["project_sync-service-database", "project_postgres-for-sync"], "", text);
      };
      const run = await runCli(["consolidate", "--dir", dir, "--yes"], { createModel: () => new MockMemoryModel(answer) });
      expect(run.code, run.stderr).toBe(0);
      const file = await readFile(path.join(dir, "project_sync-service-database.md"), "utf8");
      expect(file.includes(text), String(kept)).toBe(kept);
      expect(file).toContain("2026-04-01.md#L3");
      if (!kept)
        expect(run.stderr).toMatch(/warning: model judgement of group \d+: the merged text drops a number, date, link or name; the code's merge text is kept/);
    }
  });

  it("ignores a proposal that names a memory outside the group, and the rules' decision stands", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    await openai(dir);
    const answer = (prompt: string) => {
      const n = Number(/## Group (\d+)\n### \[project_sync-service-database\]/.exec(prompt)?.[1] ?? "0");
      return decision(n, "merge", ["project_sync-service-database", "project_unknown"], "", "x");
    };
    const run = await runCli(["consolidate", "--dir", dir, "--json"], { createModel: () => new MockMemoryModel(answer) });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).warnings.map((w: { ruleId: string }) => w.ruleId)).toContain("invalid-judgement");
    expect(JSON.parse(run.stdout).plan.merges).toEqual([{ keep: "project_sync-service-database", fold: "project_postgres-for-sync" }]);
  });

  it("records the dream call with --record and answers it again from --replay, with no model", async () => {
    const dir = await copyOf(FIXTURE, { all: true });
    const cassettes = await tempDir();
    const answer = (prompt: string) => {
      const n = Number(/## Group (\d+)\n### \[project_deploy-target-ecs\]/.exec(prompt)?.[1] ?? "0");
      return decision(
        n,
        "supersede",
        ["project_deploy-target-ecs", "project_deploy-target-vercel"],
        "winner: project_deploy-target-vercel\ntopic: where the API runs\n",
      );
    };
    const recorded = await runCli(["consolidate", "--dir", dir, "--json", "--provider", "openai", "--record", cassettes], {
      createModel: () => new MockMemoryModel(answer),
    });
    expect(recorded.code, recorded.stderr).toBe(0);
    expect((await readdir(cassettes)).length).toBeGreaterThan(0);
    const replayed = await runCli(["consolidate", "--dir", dir, "--json", "--replay", cassettes]);
    expect(replayed.code, replayed.stderr).toBe(0);
    const topic = (run: { stdout: string }) => JSON.parse(run.stdout).plan.conflicts.map((c: { topic: string }) => c.topic);
    expect(topic(replayed)).toEqual(["where the API runs"]);
    expect(topic(replayed)).toEqual(topic(recorded));
  });
});
