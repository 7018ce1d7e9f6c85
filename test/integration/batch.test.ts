import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countTokens } from "../../src/model/count-tokens.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { stepInFlight } from "../../src/pipeline/step-in-flight.js";
import { sha256 } from "../../src/text/hash.js";
import { COUNTED_TOKENS, FakeBatchServer } from "../helpers/fake-batch-server.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture } from "../helpers/temp-dir.js";

// Wednesday of 2026-W12: W10 and W11 are due, W12 is not.
const WEEKS = fixture("auto-weeks");
const clock = () => new Date("2026-03-18T10:00:00.000Z");
const PRICE = { "model-test": { inputPerMTok: 3, outputPerMTok: 15 } };

const server = new FakeBatchServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

const PROVIDERS = [
  {
    name: "anthropic",
    keyEnv: "ANTHROPIC_API_KEY",
    urlEnv: "ANTHROPIC_BASE_URL",
    url: () => server.anthropicURL,
    poll: /^\/v1\/messages\/batches\/msgbatch_1$/,
  },
  { name: "openai", keyEnv: "OPENAI_API_KEY", urlEnv: "OPENAI_BASE_URL", url: () => server.openaiURL, poll: /^\/v1\/batches\/batch_1$/ },
] as const;

async function weekDir(): Promise<string> {
  const dir = await copyOf(WEEKS);
  await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ prices: PRICE }));
  return dir;
}

const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8"));

describe.each(PROVIDERS)("compact --auto --batch with $name, through its real SDK", (provider) => {
  const env = () => ({ [provider.keyEnv]: "test-key-123", [provider.urlEnv]: provider.url() });
  const batch = (dir: string, extra: string[] = [], signal?: AbortSignal) =>
    runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", provider.name, "--model", "model-test", "--json", ...extra], {
      env: env(),
      clock,
      ...(signal ? { signal } : {}),
    });
  const polls = () => server.requests.filter((r) => r.method === "GET" && provider.poll.test(r.url)).length;

  /** Runs once, interrupted at the first look at the batch: the batch is submitted and saved, nothing else. */
  async function interrupted(dir: string) {
    server.pollsBeforeEnd = 1_000;
    const controller = new AbortController();
    server.onRequest = (request) => {
      if (request.method === "GET" && provider.poll.test(request.url)) controller.abort("SIGINT");
    };
    const run = await batch(dir, [], controller.signal);
    server.onRequest = undefined;
    server.pollsBeforeEnd = 0;
    return run;
  }

  it("submits every due week as one batch, polls until it ends, applies each week as its own run at the batch price", async () => {
    const dir = await weekDir();
    server.pollsBeforeEnd = 2;
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(server.creates).toHaveLength(1);
    expect(server.batches[0]!.items.map((item) => item.customId)).toEqual(["2026-W10", "2026-W11"]);
    expect(server.batches[0]!.items.every((item) => item.model === "model-test" && item.user.includes("<DAILY_LOGS>"))).toBe(true);
    // Two looks in progress, one that sees it ended (the results may look once more).
    expect(polls()).toBeGreaterThanOrEqual(3);

    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ schemaVersion: 1, ok: true, command: "auto", dryRun: false });
    expect(result.batch).toMatchObject({
      provider: provider.name,
      model: "model-test",
      id: server.batches[0]!.id,
      submitted: true,
      status: provider.name === "anthropic" ? "ended" : "completed",
    });
    expect(result.batch.weeks.map((w: { week: string; outcome: string }) => `${w.week} ${w.outcome}`)).toEqual(["2026-W10 applied", "2026-W11 applied"]);
    expect(result.compacted.map((w: { week: string }) => w.week)).toEqual(["2026-W10", "2026-W11"]);
    const runs = result.compacted.map((w: { run: string }) => w.run);
    expect(new Set(runs).size).toBe(2);

    // 1000 input + 200 output tokens a week at half of $3 / $15 per million: $0.003 a week.
    expect(result.batch.usage).toEqual({ inputTokens: 2000, outputTokens: 400 });
    expect(result.batch.costUsd).toBeCloseTo(0.006, 6);
    expect(result.batch.estimate.costUsd).toBeCloseTo(result.batch.estimate.standardCostUsd / 2, 3);
    // The estimate counts each request through the provider's counting endpoint, as the dry run does.
    expect(result.batch.estimate).toMatchObject({ inputTokens: 2 * COUNTED_TOKENS, countedBy: "provider" });
    expect(result.lines[0]).toContain(`~${2 * COUNTED_TOKENS} input tokens (counted by the provider)`);

    expect((await readdir(path.join(dir, "weekly"))).sort()).toEqual(["2026-W10.md", "2026-W11.md"]);
    const w10 = await readFile(path.join(dir, "weekly/2026-W10.md"), "utf8");
    expect(w10).toContain(`provider: ${provider.name}\nmodel: model-test\n`);
    expect(existsSync(path.join(dir, ".compact/batch.json"))).toBe(false);

    // Nothing is due any more: the next run submits nothing.
    const again = await batch(dir);
    expect(again.code, again.stderr).toBe(0);
    expect(server.creates).toHaveLength(1);
    expect(JSON.parse(again.stdout).batch).toMatchObject({ id: null, submitted: false, weeks: [] });
  });

  it("an interrupt while polling keeps the batch saved; the next run collects it instead of submitting again", async () => {
    const dir = await weekDir();
    const before = await snapshotDir(dir, { state: false });
    const first = await interrupted(dir);
    expect(first.code).toBe(130);
    expect(first.stderr).toMatch(/interrupted \(SIGINT\) while waiting for batch \S+; nothing changed — it stays saved in \.compact\/batch\.json/);
    expect(await snapshotDir(dir, { state: false })).toEqual(before);

    const saved = await readJson(path.join(dir, ".compact/batch.json"));
    expect(saved).toMatchObject({ version: 1, provider: provider.name, model: "model-test", id: server.batches[0]!.id });
    // Each request's hash is of its parameters exactly as the provider received them.
    expect(saved.weeks.map((w: { requestHash: string }) => w.requestHash)).toEqual(server.batches[0]!.items.map((item) => sha256(JSON.stringify(item.params))));
    expect(saved.weeks[0].logs).toEqual([{ file: "2026-03-02.md", sha256: sha256(await readFile(path.join(dir, "2026-03-02.md"))) }]);

    const second = await batch(dir);
    expect(second.code, second.stderr).toBe(0);
    expect(server.creates).toHaveLength(1);
    const result = JSON.parse(second.stdout);
    expect(result.batch).toMatchObject({ id: saved.id, submitted: false });
    expect(result.lines[0]).toMatch(/^resuming batch \S+ .*collecting it, not submitting again$/);
    expect((await readdir(path.join(dir, "weekly"))).sort()).toEqual(["2026-W10.md", "2026-W11.md"]);
    expect(existsSync(path.join(dir, ".compact/batch.json"))).toBe(false);
  });

  it("does not apply the answer of a week whose logs changed since submission: the next run submits it again", async () => {
    const dir = await weekDir();
    await interrupted(dir);
    const log = path.join(dir, "2026-03-02.md");
    await writeFile(log, `${await readFile(log, "utf8")}\n- Fixed the export retry; it now backs off.\n`);

    const second = await batch(dir);
    expect(second.code, second.stderr).toBe(0);
    const result = JSON.parse(second.stdout);
    expect(result.batch.weeks.map((w: { week: string; outcome: string }) => `${w.week} ${w.outcome}`)).toEqual(["2026-W10 requeued", "2026-W11 applied"]);
    expect(await readdir(path.join(dir, "weekly"))).toEqual(["2026-W11.md"]);
    expect(server.creates).toHaveLength(1);

    const third = await batch(dir);
    expect(third.code, third.stderr).toBe(0);
    expect(server.creates).toHaveLength(2);
    expect(server.batches[1]!.items.map((item) => item.customId)).toEqual(["2026-W10"]);
    expect(server.batches[1]!.items[0]!.user).toContain("it now backs off");
    expect((await readdir(path.join(dir, "weekly"))).sort()).toEqual(["2026-W10.md", "2026-W11.md"]);
  });

  it("reports an errored or expired request for its week and leaves that week pending", async () => {
    const dir = await weekDir();
    const offline = server.answer;
    server.answer = (item) =>
      item.customId === "2026-W10"
        ? { error: "prompt is too long: 250000 tokens > 200000 maximum" }
        : item.customId === "2026-W11"
          ? { expired: true }
          : offline(item);
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    const [w10, w11] = result.batch.weeks;
    expect(w10).toMatchObject({ week: "2026-W10", outcome: "failed" });
    expect(w10.detail).toContain("prompt is too long");
    expect(w11).toMatchObject({ week: "2026-W11", outcome: "failed" });
    expect(w11.detail).toMatch(/expired/);
    expect(result.compacted).toEqual([]);
    expect(existsSync(path.join(dir, "weekly"))).toBe(false);
    expect(existsSync(path.join(dir, ".compact/batch.json"))).toBe(false);

    const text = await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", provider.name, "--model", "model-test"], {
      env: env(),
      clock,
    });
    expect(text.stdout).toContain("left 2026-W10 pending: errored:");
    expect(text.stderr).toContain("warning: 2026-W10: no usable batch answer");
    expect(text.stdout).toMatch(/: 0 weeks applied, 2 left pending; 0 input \+ 0 output tokens\n/);
    // The failed weeks were still due, so that run submitted them again.
    expect(server.creates).toHaveLength(2);
  });

  // 1000 input + 200 output tokens a week. At $0.20 / $0.80 per million (batch): $0.00036 a week, which rounds to $0.0004;
  // at $0.00001 / $0.00005: $0.00000002 a week, under a hundredth of a cent, shown all the same.
  it.each([
    [{ inputPerMTok: 0.4, outputPerMTok: 1.6, batchInputPerMTok: 0.2, batchOutputPerMTok: 0.8 }, 0.00072, "$0.0007", "cost_usd: 0.00036\n"],
    [{ inputPerMTok: 0.00002, outputPerMTok: 0.00008, batchInputPerMTok: 0.00001, batchOutputPerMTok: 0.00005 }, 0.00000004, "$0.00000004", "cost_usd: 2e-8\n"],
  ])("a cheap model's cost is added up unrounded and shown, however small (%j)", async (price, total, shown, perWeek) => {
    const dir = await weekDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ prices: { "model-test": price } }));
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.compacted).toHaveLength(2);
    expect(result.batch.costUsd).toBe(total);
    const applied: string = result.lines.find((line: string) => line.includes("weeks applied")) ?? "";
    expect(applied.slice(applied.lastIndexOf(", "))).toBe(`, ${shown} at the batch price`);
    expect(await readFile(path.join(dir, "weekly/2026-W10.md"), "utf8")).toContain(perWeek);
  });

  it("a memory block a batch answer's output limit cut short is skipped, not written", async () => {
    const dir = await weekDir();
    const offline = server.answer;
    // The answer as the offline model gives it, then a last memory block cut off mid-sentence.
    server.answer = async (item) => {
      const whole = await offline(item);
      const text = "text" in whole ? whole.text : "";
      return {
        text: `${text}\n\`\`\`typed_memory\n---\nname: Cut short\ndescription: cut by the limit\ntype: project\n---\n\nThe sync service uses Postgres 16 and the passw`,
        cut: true,
      };
    };
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).compacted).toHaveLength(2);
    expect((await readdir(dir)).filter((file) => file.includes("cut-short"))).toEqual([]);
  });

  it("a batch answer that needs its repair is charged at the batch price, and the repair, asked outside the batch, at the standard one", async () => {
    const dir = await weekDir();
    const offline = server.answer;
    server.answer = (item) => (item.user.includes("<REPAIR>") ? offline(item) : { text: "Sorry, I cannot summarise this week." });
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.compacted.map((w: { week: string }) => w.week)).toEqual(["2026-W10", "2026-W11"]);
    // Per week, 1000 input + 200 output tokens in the batch at half of $3 / $15 per million ($0.003),
    // and as many again in the repair at the full price ($0.006).
    expect(result.batch.usage).toEqual({ inputTokens: 4000, outputTokens: 800 });
    expect(result.batch.costUsd).toBeCloseTo(0.018, 6);
    expect(result.lines.find((line: string) => line.includes("weeks applied"))).toMatch(/, \$0\.0180 at the batch price \(2 repairs at the standard price\)$/);
  });

  it("a week whose answer stays unusable after its repair is left pending, and what it took still counts in the usage and cost", async () => {
    const dir = await weekDir();
    server.answer = () => ({ text: "Sorry, I cannot summarise this week." });
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.compacted).toEqual([]);
    expect(result.batch.weeks.map((w: { outcome: string }) => w.outcome)).toEqual(["failed", "failed"]);
    // Both weeks were billed as in the test above: the answer in the batch and its repair outside it.
    expect(result.batch.usage).toEqual({ inputTokens: 4000, outputTokens: 800 });
    expect(result.batch.costUsd).toBeCloseTo(0.018, 6);
    expect(result.lines.find((line: string) => line.includes("weeks applied"))).toMatch(
      /: 0 weeks applied, 2 left pending; 4000 input \+ 800 output tokens, \$0\.0180 at the batch price \(2 repairs at the standard price\)$/,
    );
    expect(existsSync(path.join(dir, "weekly"))).toBe(false);
  });

  it("a submission the provider refused (429, 529) is sent again, and only one batch is made", async () => {
    const dir = await weekDir();
    server.createReplies = [
      { status: 429, retryAfter: "0" },
      { status: 529, retryAfter: "0" },
    ];
    const run = await batch(dir);
    expect(run.code, run.stderr).toBe(0);
    expect(server.creates).toHaveLength(3);
    expect(server.batches).toHaveLength(1);
    expect(JSON.parse(run.stdout).compacted).toHaveLength(2);
  });

  it.each([
    ["no answer in time", { delayMs: 3_000 }, /no answer within 500 ms/],
    ["a 500 after the provider took it", { status: 500, created: true }, /HTTP 500/],
  ])("a submission with %s is not sent again: the run says the batch may exist and writes nothing", async (_case, reply, said) => {
    const dir = await weekDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ prices: PRICE, model: { timeoutMs: 500 } }));
    const before = await snapshotDir(dir);
    server.createReplies = [reply];
    const run = await batch(dir);
    expect(run.code).toBe(1);
    expect(server.creates).toHaveLength(1);
    const error = JSON.parse(run.stdout).error;
    expect(error.code).toBe("E_PROVIDER");
    expect(error.message).toMatch(said);
    expect(error.message).toContain("the provider may have created it anyway — look at its list of batches");
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("a page in place of the API is said to be one: no batch is said to be lost, none is saved", async () => {
    const dir = await weekDir();
    server.pageInsteadOfApi = true;
    const run = await batch(dir);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error.message).toMatch(
      /the endpoint answered with something that is not the API's JSON \(<html>Sign in to the proxy<\/html>\)/,
    );
    expect(existsSync(path.join(dir, ".compact/batch.json"))).toBe(false);
  });

  it("--dry-run prints the batch's estimated tokens and cost, submits nothing and writes nothing", async () => {
    const dir = await weekDir();
    const before = await snapshotDir(dir);
    const run = await runCli(["--auto", "--batch", "--dry-run", "--poll-interval", "0.5", "--dir", dir, "--provider", provider.name, "--model", "model-test"], {
      env: env(),
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^dry run: would submit to \S+ model-test as one batch: 2 weeks, ~\d+ input tokens \(counted (by the provider|with the o200k tokenizer)\) \+ up to 8192 output tokens, at most \$\d+\.\d{4} at the batch price \(\$\d+\.\d{4} at the standard price\); nothing submitted, nothing written\n$/,
    );
    const [batchCost, standardCost] = [...run.stdout.matchAll(/\$(\d+\.\d{4})/g)].map((m) => Number(m[1]));
    expect(batchCost).toBeCloseTo(standardCost! / 2, 3);
    // Each week's request counted by the provider's counting endpoint, and nothing else asked.
    const counting = provider.name === "anthropic" ? "POST /v1/messages/count_tokens" : "POST /v1/responses/input_tokens";
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual([counting, counting]);
    expect(run.stdout).toContain(`~${2 * COUNTED_TOKENS} input tokens (counted by the provider)`);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("--dry-run needs no API key: nothing is sent, the tokenizer counts", async () => {
    const dir = await weekDir();
    const before = await snapshotDir(dir);
    for (const args of [
      ["--auto", "--batch", "--dry-run"],
      ["--week", "2026-W10", "--dry-run"],
    ]) {
      const run = await runCli([...args, "--dir", dir, "--provider", provider.name, "--model", "model-test"], {
        env: { [provider.keyEnv]: "", [provider.urlEnv]: provider.url() },
        clock,
      });
      expect(run.code, run.stderr).toBe(0);
      // The estimate is the dry run's answer, on stdout.
      expect(`${run.stdout}${run.stderr}`).toMatch(/~?\d+ input tokens/);
      expect(`${run.stdout}${run.stderr}`).not.toMatch(/counted by (the provider|anthropic|openai)/);
    }
    expect(server.requests).toEqual([]);
    expect(await snapshotDir(dir)).toEqual(before);
  });
});

describe("token counts on a compatible server", () => {
  it.each([[404], [501], ["no count"]] as const)(
    "a server without OpenAI's counting endpoint (%s) is asked once; the tokenizer counts every week",
    async (answer) => {
      server.withoutCounting = answer;
      const dir = await weekDir();
      const run = await runCli(["--auto", "--batch", "--dry-run", "--dir", dir, "--provider", "openai", "--model", "model-test"], {
        env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL },
        clock,
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("(counted with the o200k tokenizer)");
      expect(run.stdout).not.toContain(`~${2 * COUNTED_TOKENS} input tokens`);
      expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["POST /v1/responses/input_tokens"]);
    },
  );

  it("a submitted batch on such a server is counted with a real tokenizer, not characters / 4", async () => {
    server.withoutCounting = 404;
    const dir = await weekDir();
    const run = await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "openai", "--model", "model-test", "--json"], {
      env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL },
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    let counted = 0;
    for (const item of server.batches[0]!.items) counted += (await countTokens(item.system)) + (await countTokens(item.user));
    expect(JSON.parse(run.stdout).batch.estimate).toMatchObject({ inputTokens: counted, countedBy: "tokenizer" });
    expect(server.requests.filter((r) => r.url === "/v1/responses/input_tokens")).toHaveLength(1);
  });

  it("Ollama is never asked, to count or to answer, in a dry run: a local server may be down", async () => {
    const dir = await weekDir();
    const run = await runCli(["--week", "2026-W10", "--dry-run", "--dir", dir, "--provider", "ollama", "--model", "model-test"], {
      env: { OLLAMA_BASE_URL: server.openaiURL },
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("counted with the o200k tokenizer");
    expect(run.stdout).toContain("dry run: no call made to ollama; nothing written");
    expect(server.requests).toEqual([]);
    // Down, it is the same estimate.
    const down = await runCli(["--week", "2026-W10", "--dry-run", "--dir", dir, "--provider", "ollama", "--model", "model-test"], {
      env: { OLLAMA_BASE_URL: "http://127.0.0.1:9/v1" },
      clock,
    });
    expect(down.code, down.stderr).toBe(0);
    expect(down.stdout).toBe(run.stdout);
  });
});

describe("compact --auto --batch, usage", () => {
  it.each([["abc"], ["0"], ["-1"], ["-0.5"], ["30s"], ["86401"], ["0x10"], ["Infinity"]])("--poll-interval %s is a one-line usage error", async (value) => {
    const dir = await weekDir();
    const before = await snapshotDir(dir);
    // Given apart from its flag: a negative number is still read as the flag's value, and refused as one.
    const run = await runCli(["--auto", "--batch", "--poll-interval", value, "--dir", dir, "--provider", "anthropic"], {
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL },
      clock,
    });
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: `compact: --poll-interval '${value}': expected a number of seconds greater than 0 and at most 86400, such as 30 or 0.5\n`,
    });
    expect(await snapshotDir(dir)).toEqual(before);
    expect(server.requests).toEqual([]);
  });

  it("--poll-interval takes a fraction of a second written with an exponent", async () => {
    const dir = await weekDir();
    const run = await runCli(["--auto", "--batch", "--poll-interval", "1e-2", "--dir", dir, "--provider", "anthropic", "--model", "model-test"], {
      env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL },
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.creates).toHaveLength(1);
  });

  it("--poll-interval and --dry-run without --batch are usage errors", async () => {
    const dir = await weekDir();
    for (const flag of [["--poll-interval", "5"], ["--dry-run"]]) {
      const run = await runCli(["--auto", ...flag, "--dir", dir], { clock });
      expect(run).toEqual({ code: 2, stdout: "", stderr: `compact: ${flag[0]} goes with --auto --batch (see compact --help)\n` });
    }
  });

  it("--batch with a provider that has no batch API is a usage error, and nothing is written", async () => {
    const dir = await weekDir();
    const before = await snapshotDir(dir);
    const run = await runCli(["--auto", "--batch", "--dir", dir], { clock });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "compact: --batch needs a provider with a batch API (anthropic or openai), not 'offline' — pass --provider anthropic or --provider openai, or drop --batch\n",
    );
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("a batch saved for another provider is collected only with that provider", async () => {
    const dir = await weekDir();
    const anthropicEnv = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL };
    server.pollsBeforeEnd = 1_000;
    const controller = new AbortController();
    server.onRequest = (request) => {
      if (request.method === "GET") controller.abort("SIGINT");
    };
    expect(
      (
        await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "anthropic"], {
          env: anthropicEnv,
          clock,
          signal: controller.signal,
        })
      ).code,
    ).toBe(130);
    const run = await runCli(["--auto", "--batch", "--dir", dir, "--provider", "openai"], {
      env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL },
      clock,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /^compact: batch msgbatch_1 in \.compact\/batch\.json was submitted to anthropic: run with --provider anthropic to collect it, or delete that file to abandon it\n$/,
    );
    expect(server.creates).toHaveLength(1);
  });

  it("an OpenAI batch that fails as a whole leaves every week pending, saying why", async () => {
    const dir = await weekDir();
    server.failBatch = "The model `model-test` does not support the batch API.";
    const run = await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "openai", "--model", "model-test", "--json"], {
      env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL },
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.batch.status).toBe("failed");
    expect(result.batch.weeks).toEqual([
      { week: "2026-W10", outcome: "failed", detail: "no result: batch failed (The model `model-test` does not support the batch API.)" },
      { week: "2026-W11", outcome: "failed", detail: "no result: batch failed (The model `model-test` does not support the batch API.)" },
    ]);
    expect(existsSync(path.join(dir, "weekly"))).toBe(false);
  });

  it("plain --auto leaves the batch's weeks to it; a week compacted by hand meanwhile is not overwritten", async () => {
    const dir = await weekDir();
    const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL };
    server.pollsBeforeEnd = 1_000;
    const controller = new AbortController();
    server.onRequest = (request) => {
      if (request.method === "GET") controller.abort("SIGINT");
    };
    expect(
      (await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "anthropic"], { env, clock, signal: controller.signal })).code,
    ).toBe(130);
    server.onRequest = undefined;
    server.pollsBeforeEnd = 0;
    // A plain --auto leaves the weeks to the batch, rather than paying for them twice…
    const plain = await runCli(["--auto", "--dir", dir], { clock });
    expect(plain.stdout.split("\n")[0]).toBe(
      "2 weeks wait in batch msgbatch_1 (anthropic): run compact --auto --batch to collect them, or delete .compact/batch.json to abandon the batch",
    );
    expect(existsSync(path.join(dir, "weekly"))).toBe(false);
    // …but a week compacted by hand meanwhile is kept, and its batch answer not used.
    for (const week of ["2026-W10", "2026-W11"]) expect((await runCli(["--week", week, "--dir", dir], { clock })).code).toBe(0);
    const written = await snapshotDir(dir, { state: false });

    const run = await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "anthropic", "--json"], { env, clock });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.batch.weeks.map((w: { outcome: string }) => w.outcome)).toEqual(["superseded", "superseded"]);
    // Both answers were billed, though neither was used: the batch's usage and cost say so.
    expect(result.batch.usage.inputTokens).toBeGreaterThan(0);
    expect(result.batch.usage.outputTokens).toBeGreaterThan(0);
    expect(result.batch.costUsd).toBeGreaterThan(0);
    expect(await snapshotDir(dir, { state: false })).toEqual(written);
    expect(existsSync(path.join(dir, ".compact/batch.json"))).toBe(false);
  });

  it("a saved batch the provider does not know, or a batch file that is not one, stops the run with one line and submits nothing", async () => {
    const dir = await weekDir();
    const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL };
    const saved = {
      version: 1,
      provider: "anthropic",
      model: "m",
      id: "msgbatch_gone",
      submittedAt: "2026-03-18T09:00:00.000Z",
      weeks: [{ week: "2026-W10", customId: "2026-W10", requestHash: "0".repeat(64), logs: [] }],
    };
    await mkdir(path.join(dir, ".compact"), { recursive: true });
    await writeFile(path.join(dir, ".compact/batch.json"), JSON.stringify(saved));
    const gone = await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "anthropic"], { env, clock });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(
      "compact: anthropic: HTTP 404: batch msgbatch_gone is unknown at this endpoint — was it submitted with another key or base URL? Delete .compact/batch.json to abandon it\n",
    );
    expect(await readJson(path.join(dir, ".compact/batch.json"))).toEqual(saved);

    await writeFile(path.join(dir, ".compact/batch.json"), JSON.stringify({ ...saved, id: "" }));
    const broken = await runCli(["--auto", "--batch", "--dir", dir, "--provider", "anthropic"], { env, clock });
    expect(broken).toMatchObject({
      code: 1,
      stderr: "compact: .compact/batch.json: not a saved batch (id: Too small: expected string to have >=1 characters); delete it to submit a new batch\n",
    });
    expect(server.creates).toEqual([]);
  });

  it("a look at the batch that fails after the SDK's retries keeps it saved; the next run collects it", async () => {
    const dir = await weekDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ prices: PRICE, model: { maxRetries: 0 } }));
    const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL };
    const argv = ["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "anthropic"];
    server.pollStatus = 503;
    const failed = await runCli(argv, { env, clock });
    expect(failed.code).toBe(1);
    expect(failed.stderr).toBe(
      "compact: anthropic: HTTP 503: the service failed or is overloaded (after 0 retries) — try again later; batch msgbatch_1 stays saved in .compact/batch.json: run again to collect it\n",
    );
    expect(existsSync(path.join(dir, "weekly"))).toBe(false);

    server.pollStatus = undefined;
    const again = await runCli(argv, { env, clock });
    expect(again.code, again.stderr).toBe(0);
    expect(server.creates).toHaveLength(1);
    expect((await readdir(path.join(dir, "weekly"))).sort()).toEqual(["2026-W10.md", "2026-W11.md"]);
  });

  it("the library refuses a poll interval that is not a positive number of seconds", async () => {
    const dir = await weekDir();
    const compactor = await Compactor.open({ dir, provider: "anthropic", env: { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL }, clock });
    for (const pollInterval of [0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(compactor.runBatch({ pollInterval })).rejects.toMatchObject({ code: "E_USAGE" });
    }
    expect(server.requests).toEqual([]);
  });
});

describe("Ctrl-C while a batch is being submitted", () => {
  it("says the submission is finished first; a second Ctrl-C quits and says a batch may exist unsaved", async () => {
    const dir = await weekDir();
    server.createReplies = [{ delayMs: 5_000 }];
    const bin = path.resolve(import.meta.dirname, "../../bin/compact.js");
    const child = spawn(
      process.execPath,
      [bin, "--auto", "--batch", "--poll-interval", "0.05", "--dir", dir, "--provider", "anthropic", "--model", "model-test"],
      {
        env: { ...process.env, ANTHROPIC_API_KEY: "test-key-123", ANTHROPIC_BASE_URL: server.anthropicURL },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let err = "";
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    for (let i = 0; i < 400 && server.creates.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(server.creates).toHaveLength(1);
    child.kill("SIGINT");
    for (let i = 0; i < 80 && !err.includes("finishing"); i++) await new Promise((r) => setTimeout(r, 25));
    expect(err).toContain("compact: SIGINT: finishing submitting the batch to anthropic and saving its id first (press Ctrl-C again to quit at once)\n");
    child.kill("SIGINT");
    expect(await exited).toBe(130);
    expect(err).toContain(
      "compact: quit at once (SIGINT) while submitting the batch to anthropic and saving its id; a batch may exist at anthropic without its id saved in .compact/batch.json: look at its list of batches (and cancel a stray one) before running again\n",
    );
  });

  it("marks the submission as a step in flight only while it runs", async () => {
    const dir = await weekDir();
    const seen: (string | undefined)[] = [];
    server.onRequest = (request) => {
      if (request.method === "POST" && request.url === "/v1/messages/batches") seen.push(stepInFlight()?.doing);
    };
    const run = await runCli(["--auto", "--batch", "--poll-interval", "0.01", "--dir", dir, "--provider", "anthropic", "--model", "model-test"], {
      env: { ANTHROPIC_API_KEY: "test-key-123", ANTHROPIC_BASE_URL: server.anthropicURL },
      clock,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(seen).toEqual(["submitting the batch to anthropic and saving its id"]);
    expect(stepInFlight()).toBeUndefined();
  });
});
