import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AbortedError, throwIfAborted } from "../../src/errors/aborted-error.js";
import { CompactorError } from "../../src/errors/compactor-error.js";
import { errorResult } from "../../src/errors/error-result.js";
import { ProviderError } from "../../src/errors/provider-error.js";
import type { CompleteOptions, MemoryModel } from "../../src/model/memory-model.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { readRelatedMemories } from "../../src/prompt/related-memories.js";
import { OfflineModel } from "../../src/providers/offline/offline-model.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { fixture, tempDir } from "../helpers/temp-dir.js";

// Four completed weeks, one log each; the clock stands in the week after.
const WEEKS = ["2026-W10", "2026-W11", "2026-W12", "2026-W13"];
const LOG_DATES = ["2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23"];
const CLOCK = () => new Date("2026-04-01T10:00:00Z");

const answerFor = (week: string) =>
  `---\ntype: weekly\n---\n\n## ${week}\n\n### Key Decisions\n- Chose Postgres for the ${week} sync work, because three writers rule out SQLite.\n\n### Outcomes\n- None.\n\n### Blockers & Open Items\n- None.\n\n### Context\n- None.\n`;

interface Arrival {
  at: number;
  week: string;
  status: number;
}

/**
 * A loopback model server speaking both APIs: it answers each week after
 * `latency(week)` ms, or with a 429 for the requests `limited` picks, and
 * records when each request arrived and how many were open at once.
 */
async function startServer(options: { latency: (week: string) => number; limited?: (index: number) => string | undefined }) {
  const arrivals: Arrival[] = [];
  let open = 0;
  let peak = 0;
  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => {
      raw += chunk.toString("utf8");
    });
    req.on("end", () => {
      const week = /\d{4}-W\d{2}/.exec(raw)?.[0] ?? "?";
      const retryAfter = options.limited?.(arrivals.length);
      arrivals.push({ at: performance.now(), week, status: retryAfter ? 429 : 200 });
      if (retryAfter) {
        res.writeHead(429, { "content-type": "application/json", "retry-after": retryAfter });
        res.end(JSON.stringify({ type: "error", error: { type: "rate_limit_error", message: "Rate limited" } }));
        return;
      }
      open++;
      peak = Math.max(peak, open);
      setTimeout(() => {
        open--;
        const text = answerFor(week);
        const body = req.url?.includes("/messages")
          ? {
              id: "msg",
              type: "message",
              role: "assistant",
              model: "m",
              content: [{ type: "text", text }],
              stop_reason: "end_turn",
              stop_sequence: null,
              usage: { input_tokens: 10, output_tokens: 20 },
            }
          : {
              id: "c",
              object: "chat.completion",
              created: 1,
              model: "m",
              choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: "stop" }],
              usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
            };
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      }, options.latency(week));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  servers.push(server);
  return { arrivals, peak: () => peak, anthropicURL: `http://127.0.0.1:${port}`, openaiURL: `http://127.0.0.1:${port}/v1` };
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

async function weeksDir(): Promise<string> {
  const dir = await tempDir();
  for (const [i, date] of LOG_DATES.entries())
    await writeFile(
      path.join(dir, `${date}.md`),
      `# ${date}\n\n## [10:00] decision: Postgres for the sync service (${WEEKS[i]})\nThree writers rule out SQLite, so the sync work uses Postgres.\n`,
    );
  return dir;
}

describe.each(["openai", "anthropic"] as const)("compact --auto with --concurrency, %s through its real SDK", (provider) => {
  const open = (dir: string, url: { anthropicURL: string; openaiURL: string }) =>
    Compactor.open({
      dir,
      provider,
      model: "model-test",
      clock: CLOCK,
      env: provider === "openai" ? { OPENAI_API_KEY: "k", OPENAI_BASE_URL: url.openaiURL } : { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: url.anthropicURL },
    });

  it("asks about several weeks at once, one call per week, and commits them in week order", async () => {
    const dir = await weeksDir();
    // The earliest week answers last: commits must still go oldest first.
    const server = await startServer({ latency: (week) => (week === WEEKS[0] ? 400 : 50) });
    const result = await (await open(dir, server)).runAuto({ concurrency: 3 });

    expect(server.arrivals.map((a) => a.week).sort()).toEqual(WEEKS);
    expect(server.peak()).toBe(3);
    expect(result.compacted.map((week) => week.week)).toEqual(WEEKS);
    // Run ids come from the clock (fixed here) in the order runs commit: base, base-2, base-3… The first
    // week is committed alone; the weeks planned while it was being written may share a run.
    const base = "2026-04-01T10-00-00-000Z";
    const order = result.compacted.map((week) => (week.run === base ? 1 : Number(week.run?.slice(base.length + 1))));
    expect(order[0]).toBe(1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order.every((n) => Number.isInteger(n))).toBe(true);
    for (const week of WEEKS) expect(await readFile(path.join(dir, `weekly/${week}.md`), "utf8")).toContain(`for the ${week} sync work`);
  });

  it("one at a time with --concurrency 1", async () => {
    const dir = await weeksDir();
    const server = await startServer({ latency: () => 20 });
    const result = await (await open(dir, server)).runAuto({ concurrency: 1 });
    expect(server.peak()).toBe(1);
    expect(result.compacted.map((week) => week.week)).toEqual(WEEKS);
  });

  it("after a 429 no request leaves before its Retry-After has passed: one backoff for every week in flight", async () => {
    const dir = await weeksDir();
    // The first request is refused for 1 s; the others answer after 100 ms, so without a shared
    // backoff the next weeks would be asked well inside that second.
    const server = await startServer({ latency: () => 100, limited: (index) => (index === 0 ? "1" : undefined) });
    const result = await (await open(dir, server)).runAuto({ concurrency: 2 });

    expect(result.compacted.map((week) => week.week)).toEqual(WEEKS);
    const [refused, ...rest] = server.arrivals;
    expect(refused!.status).toBe(429);
    const inFlight = rest.filter((a) => a.at - refused!.at < 50); // sent before the 429 was read
    const later = rest.filter((a) => !inFlight.includes(a));
    expect(inFlight.length).toBeLessThanOrEqual(1);
    expect(later.length).toBeGreaterThanOrEqual(WEEKS.length - 1);
    for (const arrival of later) expect(arrival.at - refused!.at).toBeGreaterThanOrEqual(950);
    expect(server.arrivals.filter((a) => a.status === 200)).toHaveLength(WEEKS.length);
  });

  it("says on stderr that it waits out a long Retry-After, with --json too; a short one is not worth a line", async () => {
    for (const [retryAfter, said] of [
      ["600", `${provider} rate-limited the run: no request leaves for 10 min, as it asked\n`],
      ["1", undefined],
    ] as const) {
      const dir = await weeksDir();
      const server = await startServer({ latency: () => 20, limited: (index) => (index === 0 ? retryAfter : undefined) });
      const env =
        provider === "openai"
          ? { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL }
          : { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL };
      const controller = new AbortController();
      let stderr = "";
      const run = runCli(["--auto", "--dir", dir, "--provider", provider, "--model", "model-test", "--json"], {
        env,
        clock: CLOCK,
        signal: controller.signal,
        // The run is stopped once the wait is said: it would otherwise wait the ten minutes out.
        stderr: (text) => {
          stderr += text;
          if (text.includes("rate-limited")) controller.abort();
        },
      });
      const { code, stdout } = await run;
      if (said) {
        expect(stderr).toContain(said);
        expect(code).toBe(130);
      } else {
        expect(code, stderr).toBe(0);
        expect(stderr).not.toContain("rate-limited");
      }
      expect(() => JSON.parse(stdout)).not.toThrow();
    }
  });

  it("a call started during a pause longer than its timeout waits the pause out, not into timeouts", async () => {
    const dir = await weeksDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { timeoutMs: 600, maxRetries: 1 } }));
    const server = await startServer({ latency: () => 50, limited: (index) => (index === 0 ? "3" : undefined) });
    const model = await (await open(dir, server)).model();
    const ask = (week: string) => model.complete(`logs of ${week}`, { systemPrompt: "system", temperature: 0.2, maxTokens: 100 });
    // The first call is refused for 3 s; the second starts 100 ms later, inside the pause, with a 600 ms timeout.
    const first = ask(WEEKS[0]!);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const answers = await Promise.all([first, ask(WEEKS[1]!)]);

    expect(answers.map((answer) => answer.text)).toEqual([answerFor(WEEKS[0]!), answerFor(WEEKS[1]!)]);
    const [refused, ...rest] = server.arrivals;
    expect(refused!.status).toBe(429);
    expect(rest.map((a) => a.status)).toEqual([200, 200]);
    for (const arrival of rest) expect(arrival.at - refused!.at).toBeGreaterThanOrEqual(2_950);
  });
});

describe("compact --auto one week at a time (offline)", () => {
  it("shows each week the memories every earlier week wrote, however the commits and the calls interleave", async () => {
    const dir = await weeksDir();
    const offline = new OfflineModel();
    const shown: { week: string; names: string[] }[] = [];
    const model: MemoryModel = {
      provider: "offline",
      modelId: offline.modelId,
      async complete(prompt: string, options: CompleteOptions) {
        shown.push({
          week: /\d{4}-W\d{2}/.exec(prompt.slice(prompt.indexOf("<INSTRUCTIONS>")))?.[0] ?? "?",
          names: readRelatedMemories(prompt).map((m) => m.name),
        });
        return offline.complete(prompt, options);
      },
    };
    const compactor = await Compactor.open({ dir, model, clock: CLOCK });
    const result = await compactor.runAuto({ concurrency: 1 });
    expect(result.compacted.map((week) => week.week)).toEqual(WEEKS);
    expect(shown.map((call) => call.week)).toEqual(WEEKS);
    // Every week writes the same decision again, so from the second week on the prompt shows it.
    expect(shown[0]!.names).toEqual([]);
    for (const call of shown.slice(1)) expect(call.names.length).toBeGreaterThan(0);
  });
});

describe("--concurrency on the command line", () => {
  it("is a whole number from 1 to 64, and not with --batch: a usage error naming the flag, nothing written", async () => {
    const dir = await weeksDir();
    const before = await snapshotDir(dir);
    for (const [value, extra, said] of [
      ["0", [], "--concurrency '0'"],
      ["1.5", [], "--concurrency '1.5'"],
      ["0x10", [], "--concurrency '0x10': expected a whole number"],
      ["1e1", [], "--concurrency '1e1': expected a whole number"],
      [" 3", [], "--concurrency ' 3': expected a whole number"],
      ["-1", [], "--concurrency '-1': expected a whole number"],
      ["65", [], "at most 64"],
      ["4", ["--batch", "--provider", "openai"], "--concurrency and --batch"],
    ] as const) {
      const run = await runCli(["--auto", "--concurrency", value, ...extra, "--dir", dir], { env: { OPENAI_API_KEY: "test-key" }, clock: CLOCK });
      expect(run.code, value).toBe(2);
      expect(run.stderr, value).toContain(said);
    }
    expect(await snapshotDir(dir)).toEqual(before);
  });
});

describe("compact --auto that fails or is interrupted partway", () => {
  // The offline model, failing when it is asked about one week.
  const failingAt = (week: string, fail: (options: CompleteOptions) => never): MemoryModel => {
    const offline = new OfflineModel();
    return {
      provider: "offline",
      modelId: offline.modelId,
      async complete(prompt: string, options: CompleteOptions) {
        if (prompt.slice(prompt.indexOf("<INSTRUCTIONS>")).includes(week)) fail(options);
        return offline.complete(prompt, options);
      },
    };
  };
  const exists = (file: string) =>
    readFile(file, "utf8").then(
      () => true,
      () => false,
    );

  it("keeps the weeks written before a failure, lists them in the index, and says which they are", async () => {
    const dir = await weeksDir();
    const model = failingAt("2026-W12", () => {
      throw new ProviderError("anthropic", "HTTP 500: the service failed (after 2 retries) — try again later", 500);
    });
    const compactor = await Compactor.open({ dir, model, clock: CLOCK });
    const failure = await compactor.runAuto({ concurrency: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toBe(
      "anthropic: HTTP 500: the service failed (after 2 retries) — try again later; 2 weeks written before it (2026-W10 … 2026-W11, in the index), the rest left for the next run",
    );
    expect((failure as ProviderError).written).toEqual(["2026-W10", "2026-W11"]);
    expect(errorResult(failure, "auto").error).toMatchObject({ code: "E_PROVIDER", written: ["2026-W10", "2026-W11"] });
    expect(await exists(path.join(dir, "weekly/2026-W11.md"))).toBe(true);
    expect(await exists(path.join(dir, "weekly/2026-W12.md"))).toBe(false);
    const index = await readFile(path.join(dir, "MEMORY.md"), "utf8");
    expect(index).toContain("Postgres");
  });

  it("says which weeks stay written when what follows them fails (here, the run's state file)", async () => {
    const dir = await weeksDir();
    // A folder where the state file goes: the weeks commit, then writing the state fails.
    await mkdir(path.join(dir, ".compact/state.json"), { recursive: true });
    const compactor = await Compactor.open({ dir, model: new OfflineModel(), clock: CLOCK });
    const failure = await compactor.runAuto({ concurrency: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(CompactorError);
    // Every due week was written: nothing is left for the next run, and the message says what failed.
    expect((failure as CompactorError).message).toMatch(
      /^saving the schedule state failed: .*; 4 weeks written before it \(2026-W10 … 2026-W13, in the index\)$/,
    );
    expect((failure as CompactorError).written).toEqual(WEEKS);
  });

  it("says the consolidation failed, not the weeks, when its model call fails after every week was written", async () => {
    const dir = await weeksDir();
    // Memories alike enough that the consolidation asks the model about them.
    for (const file of ["project_deploy-target-ecs.md", "project_deploy-target-vercel.md"])
      await copyFile(path.join(fixture("consolidation"), file), path.join(dir, file));
    const offline = new OfflineModel();
    // Answers the weeks as the offline model does; the consolidation's one call (no week in it) fails.
    const model: MemoryModel = {
      provider: "anthropic",
      modelId: "claude-test",
      complete(prompt: string, options: CompleteOptions) {
        if (!prompt.includes("<DAILY_LOGS>")) throw new ProviderError("anthropic", "HTTP 500: the service failed (after 2 retries) — try again later", 500);
        return offline.complete(prompt, options);
      },
    };
    const compactor = await Compactor.open({ dir, provider: "anthropic", model, clock: CLOCK });
    const failure = await compactor.runAuto({ concurrency: 1, force: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).message).toBe(
      "consolidation failed: anthropic: HTTP 500: the service failed (after 2 retries) — try again later; 4 weeks written before it (2026-W10 … 2026-W13, in the index)",
    );
    expect((failure as ProviderError).written).toEqual(WEEKS);
    // The next cron run has no week to compact: its failure still names the step, not the backfill.
    const again = await (await Compactor.open({ dir, provider: "anthropic", model, clock: CLOCK }))
      .runAuto({ concurrency: 1, force: true })
      .catch((error: unknown) => error);
    expect((again as ProviderError).message).toBe("consolidation failed: anthropic: HTTP 500: the service failed (after 2 retries) — try again later");
    expect((again as ProviderError).written).toBeUndefined();
  });

  it("says an interrupt left the weeks before it written, not that nothing changed, and a re-run finishes", async () => {
    const dir = await weeksDir();
    const controller = new AbortController();
    const model = failingAt("2026-W12", (options) => {
      controller.abort("SIGINT");
      throwIfAborted(options.signal);
      throw new Error("the run's signal should have fired");
    });
    const compactor = await Compactor.open({ dir, model, clock: CLOCK, signal: controller.signal });
    const failure = await compactor.runAuto({ concurrency: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AbortedError);
    expect((failure as AbortedError).message).toBe(
      "interrupted (SIGINT); 2 weeks written before it (2026-W10 … 2026-W11, in the index), the rest left for the next run",
    );
    expect(await readFile(path.join(dir, "MEMORY.md"), "utf8")).toContain("Postgres");
    const again = await (await Compactor.open({ dir, model: new OfflineModel(), clock: CLOCK })).runAuto({ concurrency: 1 });
    expect(again.compacted.map((week) => week.week)).toEqual(["2026-W12", "2026-W13"]);
  });
});
