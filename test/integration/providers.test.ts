import { existsSync } from "node:fs";
import { cp, readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadCompactionPrompts } from "../../src/prompt/load-prompts.js";
import { REASONING_ALLOWANCE } from "../../src/providers/known-refusals.js";
import { COUNTED_TOKENS, FakeProviderServer } from "../helpers/fake-provider-server.js";
import { runCli } from "../helpers/run-cli.js";
import { snapshotDir } from "../helpers/snapshot-dir.js";
import { copyOf, fixture, tempDir } from "../helpers/temp-dir.js";

const EXAMPLE = fixture("../../memory.example");
const ANSWER =
  "---\ntype: weekly\n---\n\n## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres 16 on Neon for the sync service, because three concurrent writers rule out SQLite.\n\n### Outcomes\n- 2026-04-03: Deployed sync v2 to staging behind sync_v2.\n\n### Blockers & Open Items\n- 2026-04-03: Staging hit Neon's 100-connection limit; production needs PgBouncer.\n\n### Context\n- None.\n\n```typed_memory\n---\nname: Sync service database\ndescription: Postgres 16 on Neon\ntype: project\n---\n\nPostgres 16 on Neon for the sync service, separate database sync.\n\n**Why:** three concurrent writers rule out SQLite.\n**How to apply:** use the sync database.\n```\n";
// @anthropic-ai/sdk reads retry-after-ms 0 as "no header" and backs off by default; 1 ms keeps tests fast.
const RETRY_NOW = { "retry-after-ms": "1" };

const server = new FakeProviderServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
});

const PROVIDERS = [
  { name: "anthropic", keyEnv: "ANTHROPIC_API_KEY", urlEnv: "ANTHROPIC_BASE_URL", url: () => server.anthropicURL, path: "/v1/messages" },
  { name: "openai", keyEnv: "OPENAI_API_KEY", urlEnv: "OPENAI_BASE_URL", url: () => server.openaiURL, path: "/v1/chat/completions" },
] as const;

describe.each(PROVIDERS)("the $name provider through its real SDK", (provider) => {
  const env = () => ({ [provider.keyEnv]: "test-key-123", [provider.urlEnv]: provider.url() });
  const compact = async (dir: string, extra: string[] = [], envOverride?: Record<string, string>) =>
    runCli(["--week", "2026-W14", "--dir", dir, "--provider", provider.name, "--model", "model-test", ...extra], { env: envOverride ?? env() });

  async function configure(dir: string, model: Record<string, unknown>, more: Record<string, unknown> = {}) {
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model, ...more }));
  }

  it("sends the seed 002 system prompt, the rendered logs before the instructions, temperature 0.2, 4096 tokens and the model", async () => {
    const dir = await copyOf(EXAMPLE);
    server.respond({ text: ANSWER });
    const run = await compact(dir, ["--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    const request = server.requests[0]!;
    expect(request.url).toBe(provider.path);
    const prompts = await loadCompactionPrompts();
    const body = request.body;
    let user: string;
    if (provider.name === "anthropic") {
      expect(body).toMatchObject({ model: "model-test", max_tokens: 4096, temperature: 0.2, system: prompts.system });
      user = (body["messages"] as { role: string; content: string }[])[0]!.content;
      expect(JSON.stringify(request.headers)).toContain("test-key-123");
    } else {
      expect(body).toMatchObject({ model: "model-test", max_tokens: 4096, temperature: 0.2 });
      const messages = body["messages"] as { role: string; content: string }[];
      expect(messages[0]).toEqual({ role: "system", content: prompts.system });
      user = messages[1]!.content;
      expect(request.headers.authorization).toBe("Bearer test-key-123");
    }
    expect(user.indexOf("<DAILY_LOGS>\n# Daily log 2026-03-30 (Monday)")).toBe(0);
    expect(user.indexOf("<DAILY_LOGS>")).toBeLessThan(user.indexOf("<INSTRUCTIONS>"));
    expect(user).not.toContain("hunter2");

    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ provider: provider.name, model: "model-test", usage: { inputTokens: 1234, outputTokens: 567 } });
    const weekly = await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8");
    expect(weekly).toContain(`provider: ${provider.name}\nmodel: model-test\nusage:\n  input_tokens: 1234\n  output_tokens: 567\n`);
  });

  it("retries 529, 529 then succeeds, and a 429 honouring retry-after-ms", async () => {
    const dir = await copyOf(EXAMPLE);
    server.respond({ status: 529, headers: RETRY_NOW }, { status: 529, headers: RETRY_NOW }, { text: ANSWER });
    expect((await compact(dir)).code).toBe(0);
    expect(server.requests).toHaveLength(3);

    server.requests.length = 0;
    server.respond({ status: 429, headers: { "retry-after-ms": "0" } }, { text: ANSWER });
    expect((await compact(await copyOf(EXAMPLE))).code).toBe(0);
    expect(server.requests).toHaveLength(2);
  });

  it("waits as long as retry-after-ms asks before retrying", async () => {
    server.respond({ status: 429, headers: { "retry-after-ms": "400" } }, { text: ANSWER });
    const started = performance.now();
    expect((await compact(await copyOf(EXAMPLE))).code).toBe(0);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after the configured retries with one line, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    await configure(dir, { maxRetries: 1 });
    const before = await snapshotDir(dir);
    server.respond({ status: 529, headers: RETRY_NOW });
    const run = await compact(dir);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toBe(
      `compact: ${provider.name}: HTTP 529: the service failed or is overloaded (after 1 retry) — try again later`,
    );
    expect(server.requests).toHaveLength(2);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("says an answer that is not JSON is one, not that the endpoint cannot be reached", async () => {
    const dir = await copyOf(EXAMPLE);
    await configure(dir, { maxRetries: 0 });
    const before = await snapshotDir(dir);
    const said = new RegExp(
      `^compact: ${provider.name}: the endpoint answered with something that is not the API's JSON \\(.*<html>.*\\) — check that ${provider.name.toUpperCase()}_BASE_URL or model\\.baseURL is the provider's API$`,
    );
    // Labelled JSON, or served as the page it is.
    for (const headers of [{}, { "content-type": "text/html; charset=utf-8" }]) {
      server.requests.length = 0;
      server.respond({ raw: "<html>Sign in to the proxy</html>", headers });
      const run = await compact(dir);
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split("\n").at(-1)).toMatch(said);
      // Asked once: a page is no answer to repair.
      expect(server.requests.filter((r) => r.method === "POST")).toHaveLength(1);
    }
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("times out per call and says how to raise the limit", async () => {
    const dir = await copyOf(EXAMPLE);
    await configure(dir, { timeoutMs: 150, maxRetries: 0 });
    server.respond({ text: ANSWER, delayMs: 2000 });
    const run = await compact(dir);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`compact: ${provider.name}: no answer within 150 ms (after 0 retries) — raise model.timeoutMs, or try again later\n`);
  });

  it("stops before any work when the key is missing, naming the variable", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const run = await compact(dir, [], { [provider.urlEnv]: provider.url() });
    expect(run).toEqual({
      code: 2,
      stdout: "",
      stderr: `compact: the ${provider.name} provider needs an API key: set ${provider.keyEnv} (or name another variable in model.apiKeyEnv)\n`,
    });
    expect(server.requests).toHaveLength(0);
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("reads the key from the variable model.apiKeyEnv names", async () => {
    const dir = await copyOf(EXAMPLE);
    await configure(dir, { apiKeyEnv: "MY_TEAM_KEY" });
    server.respond({ text: ANSWER });
    // Given with --config: a config compact finds on its own names its own key variable only for the provider's host.
    const config = ["--config", path.join(dir, "compact.config.json")];
    const run = await compact(dir, config, { MY_TEAM_KEY: "team-key-456", [provider.urlEnv]: provider.url() });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.stringify(server.requests[0]!.headers)).toContain("team-key-456");
  });

  it("asks once more on a malformed answer, then fails with nothing written", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    server.respond({ text: "I am sorry, I cannot summarise this." });
    const run = await compact(dir);
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(JSON.stringify(server.requests[1]!.body)).toContain("<REPAIR>");
    expect(run.stderr).toContain("answer has no summary in the expected format after one repair attempt");
    expect(await snapshotDir(dir)).toEqual(before);
    // Not even the directory the run's lock was taken in.
    expect(existsSync(path.join(dir, ".compact"))).toBe(false);
  });

  it("retries once without a temperature the model refuses, and records the warning", async () => {
    const dir = await copyOf(EXAMPLE);
    const refusal =
      provider.name === "anthropic"
        ? { type: "error", error: { type: "invalid_request_error", message: "temperature: only 1 is supported for this model" } }
        : { error: { message: "Unsupported value: 'temperature' does not support 0.2 with this model.", type: "invalid_request_error" } };
    server.respond({ status: 400, body: refusal }, { text: ANSWER });
    const run = await compact(dir, ["--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.body["temperature"]).toBe(0.2);
    expect(server.requests[1]!.body).not.toHaveProperty("temperature");
    const warning = "model model-test refused temperature 0.2; asked again with its default";
    expect(JSON.parse(run.stdout).warnings).toContainEqual({ source: "model", ruleId: "provider-warning", message: warning });
    expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toContain(`warnings:\n  - ${warning}\n`);
  });

  it("records cassettes, then replays them with no network and no key", async () => {
    const dir = await copyOf(EXAMPLE);
    const cassettes = path.join(await tempDir(), "cassettes");
    server.respond({ text: ANSWER });
    const recorded = await compact(dir, ["--record", cassettes]);
    expect(recorded.code, recorded.stderr).toBe(0);
    const files = await readdir(cassettes);
    expect(files).toHaveLength(1);
    const cassette = await readFile(path.join(cassettes, files[0]!), "utf8");
    expect(cassette).toContain(`provider: ${provider.name}\nrequest:\n  model: model-test\n  temperature: 0.2\n  max_tokens: 4096\n`);

    const replayDir = await copyOf(EXAMPLE);
    const replayed = await runCli(["--week", "2026-W14", "--dir", replayDir, "--replay", cassettes, "--model", "model-test"], { env: {} });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    const weekly = (d: string) => readFile(path.join(d, "weekly/2026-W14.md"), "utf8").then((t) => t.replace(/^provider: .*$/m, ""));
    expect(await weekly(replayDir)).toBe(await weekly(dir));
  });

  it("says which cassette it cannot write when --record names a file, and writes nothing", async () => {
    const dir = await copyOf(EXAMPLE);
    const before = await snapshotDir(dir);
    const file = path.join(await tempDir(), "not-a-folder");
    await writeFile(file, "");
    server.respond({ text: ANSWER });
    const run = await compact(dir, ["--record", file]);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split("\n").at(-1)).toMatch(new RegExp(`^compact: ${file}/[0-9a-f]+\\.yaml: cannot write: a file is in the way \\(EEXIST\\)$`));
    expect(await snapshotDir(dir)).toEqual(before);
  });
});

describe("an OpenAI reasoning model named through a router", () => {
  const compact = (dir: string, extra: string[]) =>
    runCli(["--week", "2026-W14", "--dir", dir, "--provider", "openai", "--model", "openai/gpt-5", ...extra], {
      env: { OPENAI_API_KEY: "test-key-123", OPENAI_BASE_URL: server.openaiURL },
    });

  it("is sent no temperature and room for its reasoning beside the answer, and a cut answer says so", async () => {
    const dir = await copyOf(EXAMPLE);
    const limit = 4096 + REASONING_ALLOWANCE;
    const cut = {
      id: "chatcmpl-test",
      object: "chat.completion",
      created: 1_775_000_000,
      model: "openai/gpt-5",
      choices: [{ index: 0, message: { role: "assistant", content: ANSWER }, finish_reason: "length" }],
      usage: { prompt_tokens: 1234, completion_tokens: limit, total_tokens: 1234 + limit },
    };
    server.respond({ body: cut });
    const run = await compact(dir, ["--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    const body = server.requests[0]!.body;
    expect(body).not.toHaveProperty("temperature");
    expect(body).not.toHaveProperty("max_tokens");
    expect(body["max_completion_tokens"]).toBe(limit);
    const message = `the answer stopped at ${limit} tokens, its reasoning included (maxTokens 4096 + ${REASONING_ALLOWANCE} for reasoning); raise model.maxTokens`;
    expect(JSON.parse(run.stdout).warnings).toContainEqual({ source: "model", ruleId: "provider-warning", message });
  });

  it("a memory block the output limit cut short is skipped; an answer larger than a file may hold is refused; one with no choice reads as empty", async () => {
    const dir = await copyOf(EXAMPLE);
    const content = ANSWER.slice(0, ANSWER.indexOf("**How to apply:**") + 12);
    const body = (choices: unknown) => ({
      id: "c",
      object: "chat.completion",
      created: 1,
      model: "openai/gpt-5",
      choices,
      usage: { prompt_tokens: 10, completion_tokens: 4096 },
    });
    server.respond({ body: body([{ index: 0, message: { role: "assistant", content }, finish_reason: "length" }]) });
    const run = await compact(dir, ["--json"]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result.memories.accepted).toEqual([]);
    expect(JSON.stringify(result)).toContain("the answer stopped at the output limit inside this block (model.maxTokens); block skipped");
    expect((await readdir(dir)).filter((file) => file.startsWith("project_"))).toEqual([]);

    // An answer larger than a file may hold: refused whole, nothing written.
    const huge = `${ANSWER.replace("- None.", `- ${"filler ".repeat(1_600_000)}`)}`;
    server.respond({ body: body([{ index: 0, message: { role: "assistant", content: huge }, finish_reason: "stop" }]) });
    const hugeDir = await copyOf(EXAMPLE);
    const before = await readdir(hugeDir);
    const tooLarge = await compact(hugeDir, ["--json"]);
    expect(tooLarge.code).toBe(1);
    expect(JSON.parse(tooLarge.stdout).error).toMatchObject({
      code: "E_MODEL_ANSWER",
      message: expect.stringMatching(/answer is 1\d\.\d MB, more than a file may hold \(10 MB\); nothing written$/),
    });
    expect((await readdir(hugeDir)).filter((file) => file !== ".compact")).toEqual(before.filter((file) => file !== ".compact"));

    // An answer just inside the limit whose summary file, its front matter added, is not: refused as well.
    const edge = ANSWER.replace("- None.", `- ${"x".repeat(10 * 1048576 - ANSWER.length - 40)}`);
    expect(Buffer.byteLength(edge)).toBeLessThanOrEqual(10 * 1048576);
    server.respond({ body: body([{ index: 0, message: { role: "assistant", content: edge }, finish_reason: "stop" }]) });
    const edgeDir = await copyOf(EXAMPLE);
    const atEdge = await compact(edgeDir, ["--json"]);
    expect(atEdge.code).toBe(1);
    expect(JSON.parse(atEdge.stdout).error.message).toMatch(/makes weekly\/2026-W14\.md 10\.0 MB, more than a file may hold \(10 MB\); nothing written$/);
    expect(existsSync(path.join(edgeDir, "weekly"))).toBe(false);

    server.respond({ body: body(null) });
    const empty = await compact(await copyOf(EXAMPLE), []);
    expect(empty.code).toBe(1);
    expect(empty.stderr).not.toMatch(/Cannot read properties/);
  });

  it("an answer whose summary is headed with another week is written for the week asked, and says so", async () => {
    const dir = await copyOf(EXAMPLE);
    server.respond({ text: ANSWER.replace("## 2026-W14", "## 2026-W13 (Mar 23 – Mar 29)") });
    const run = await compact(dir, ["--json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).warnings).toContainEqual({
      source: "summary",
      ruleId: "other-period",
      message: "the answer's summary is headed 2026-W13, not 2026-W14; written for 2026-W14, as asked",
    });
    for (const heading of ["## 2026-W14 (Mar 30 – Apr 5)", "## Week of 2026-03-30"]) {
      server.respond({ text: ANSWER.replace("## 2026-W14", heading) });
      const same = await compact(await copyOf(EXAMPLE), ["--json"]);
      expect(
        JSON.parse(same.stdout).warnings.filter((w: { ruleId: string }) => w.ruleId === "other-period"),
        heading,
      ).toEqual([]);
    }
  });

  it("a model not known to reason that refuses max_tokens is asked again with room to reason", async () => {
    const dir = await copyOf(EXAMPLE);
    const refusal = {
      error: {
        message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
        type: "invalid_request_error",
      },
    };
    server.respond({ status: 400, body: refusal }, { text: ANSWER });
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--provider", "openai", "--model", "team-reasoner", "--json"], {
      env: { OPENAI_API_KEY: "test-key-123", OPENAI_BASE_URL: server.openaiURL },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]!.body["max_tokens"]).toBe(4096);
    expect(server.requests[1]!.body).not.toHaveProperty("max_tokens");
    expect(server.requests[1]!.body["max_completion_tokens"]).toBe(4096 + REASONING_ALLOWANCE);
    const message = "model team-reasoner refused max_tokens; asked again with max_completion_tokens";
    expect(JSON.parse(run.stdout).warnings).toContainEqual({ source: "model", ruleId: "provider-warning", message });
  });

  it("is estimated with its reasoning allowance", async () => {
    const dir = await copyOf(EXAMPLE);
    const run = await compact(dir, ["--dry-run"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`+ up to ${4096 + REASONING_ALLOWANCE} output tokens to openai openai/gpt-5;`);
    // Only the counting endpoint is asked; no completion.
    expect(server.requests.map((request) => request.url)).toEqual(["/v1/responses/input_tokens"]);
  });
});

describe("replay", () => {
  it("--auto records every week's exchange with --record, and answers a backfill from them with --replay", async () => {
    const cassettes = path.join(await tempDir(), "cassettes");
    const recorded = await copyOf(EXAMPLE);
    const replayed = await copyOf(EXAMPLE);
    const clock = () => new Date("2026-04-20T10:00:00Z");
    const first = await runCli(["--auto", "--force", "--dir", recorded, "--provider", "offline", "--record", cassettes], { env: {}, clock });
    expect(first.code, first.stderr).toBe(0);
    expect((await readdir(cassettes)).length).toBeGreaterThan(0);
    const again = await runCli(["--auto", "--force", "--dir", replayed, "--replay", cassettes, "--model", "offline-extractive-1"], { env: {}, clock });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.split("\n").filter((line) => line.startsWith("compacted "))).toEqual(
      first.stdout.split("\n").filter((line) => line.startsWith("compacted ")),
    );
    const weekly = async (dir: string) => Object.entries(await snapshotDir(dir)).filter(([file]) => file.startsWith("weekly/"));
    expect((await weekly(replayed)).length).toBeGreaterThan(0);
    expect((await weekly(replayed)).map(([file]) => file)).toEqual((await weekly(recorded)).map(([file]) => file));
    const batch = await runCli(["--auto", "--batch", "--dir", replayed, "--replay", cassettes], { env: {}, clock });
    expect(batch).toMatchObject({ code: 2, stderr: "compact: --replay and --batch cannot be used together: cassettes hold single calls, not a batch\n" });
  });

  it("refuses a request it has no cassette for, naming the hash and the closest cassette", async () => {
    const dir = await copyOf(EXAMPLE);
    const cassettes = path.join(await tempDir(), "cassettes");
    server.respond({ text: ANSWER });
    await runCli(["--week", "2026-W14", "--dir", dir, "--provider", "openai", "--model", "m", "--record", cassettes], {
      env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL },
    });
    await writeFile(path.join(dir, "2026-04-04.md"), "- Saturday: one more log changes the prompt.\n");
    const before = await snapshotDir(dir);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--replay", cassettes, "--model", "m"], { env: {} });
    expect(run.code).toBe(1);
    const [file] = await readdir(cassettes);
    expect(run.stderr).toMatch(
      new RegExp(
        `^compact: replay: no cassette for request [0-9a-f]{16} in ${cassettes}; closest is ${file}, which differs in prompt \\(prompts part at character \\d+\\)\\n$`,
      ),
    );
    expect(await snapshotDir(dir)).toEqual(before);
  });
});

describe("config", () => {
  it("switches provider with { model: { provider, name } } alone", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { provider: "openai", name: "gpt-test" } }));
    server.respond({ text: ANSWER });
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain("offline");
    expect(server.requests[0]!.body["model"]).toBe("gpt-test");
  });

  it("estimates tokens and cost on --dry-run without calling a paid provider, and records the cost of a real run", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(
      path.join(dir, "compact.config.json"),
      JSON.stringify({ model: { provider: "anthropic", name: "claude-test" }, prices: { "claude-test": { inputPerMTok: 3, outputPerMTok: 15 } } }),
    );
    const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: server.anthropicURL };
    const before = await snapshotDir(dir);
    const dry = await runCli(["--week", "2026-W14", "--dir", dir, "--dry-run"], { env });
    expect(dry.code).toBe(0);
    // The input is counted by Anthropic's free counting endpoint; no message is sent.
    const dryCost = Math.round(((COUNTED_TOKENS * 3 + 4096 * 15) / 1e6) * 10_000) / 10_000;
    // The estimate is the dry run's answer: on stdout, with the note that nothing was sent.
    expect(dry.stdout).toBe(
      `estimate for 2026-W14: 6 logs, ${COUNTED_TOKENS} input tokens (counted by anthropic) + up to 4096 output tokens to anthropic claude-test; at most $${dryCost.toFixed(4)}\n` +
        "dry run: no call made to anthropic; nothing written\n",
    );
    expect(dry.stderr).toBe("");
    expect(server.requests.map((request) => request.url)).toEqual(["/v1/messages/count_tokens"]);
    server.requests.length = 0;
    expect(await snapshotDir(dir)).toEqual(before);

    server.respond({ text: ANSWER });
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--json"], { env });
    const cost = (1234 * 3 + 567 * 15) / 1e6;
    expect(JSON.parse(run.stdout).costUsd).toBe(Math.round(cost * 1e8) / 1e8);
    expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toContain(`cost_usd: ${Math.round(cost * 1e8) / 1e8}\n`);
  });

  it("--dry-run with OpenAI counts the prompt at OpenAI's counting endpoint, system prompt and logs alike", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { provider: "openai", name: "gpt-test" } }));
    const dry = await runCli(["--week", "2026-W14", "--dir", dir, "--dry-run"], { env: { OPENAI_API_KEY: "k", OPENAI_BASE_URL: server.openaiURL } });
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`${COUNTED_TOKENS} input tokens (counted by openai)`);
    expect(server.requests.map((request) => request.url)).toEqual(["/v1/responses/input_tokens"]);
    const body = server.requests[0]!.body as { model: string; instructions: string; input: { role: string; content: string }[] };
    expect(body.model).toBe("gpt-test");
    expect(body.instructions).toContain("memory");
    expect(body.input).toHaveLength(1);
    expect(body.input[0]!.role).toBe("user");
    expect(body.input[0]!.content).toContain("2026-W14");
  });

  it("compact config prints each value and where it came from, never a key", async () => {
    const dir = await copyOf(EXAMPLE);
    const file = path.join(dir, ".compactrc.yaml");
    await writeFile(file, "model:\n  provider: openai\n  name: from-file\n  maxTokens: 2000\n");
    const run = await runCli(["config", "--dir", dir, "--model", "from-flag"], { env: { OPENAI_API_KEY: "secret-value", COMPACT_PROVIDER: "anthropic" } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`config file: ${file}\n`);
    expect(run.stdout).toMatch(/^dir +\S+ +\(flag --dir\)$/m);
    expect(run.stdout).toMatch(/^model\.provider +anthropic +\(env COMPACT_PROVIDER\)$/m);
    expect(run.stdout).toMatch(/^model\.name +from-flag +\(flag --model\)$/m);
    expect(run.stdout).toMatch(new RegExp(`^model\\.maxTokens +2000 +\\(config ${file.replace(/[.]/g, "\\.")}\\)$`, "m"));
    expect(run.stdout).toMatch(/^model\.temperature +0\.2 +\(default\)$/m);
    expect(run.stdout).toMatch(/^prompts\.dir +\(the built-in prompts\) +\(default\)$/m);
    expect(run.stdout).toMatch(/^apiKey +ANTHROPIC_API_KEY is not set$/m);
    expect(run.stdout).not.toContain("secret-value");
    // What an unset setting comes to: the provider's endpoint, the retention merged over its defaults.
    expect(run.stdout).toMatch(/^model\.baseURL +\(the provider's default: https:\/\/api\.anthropic\.com\) +\(default\)$/m);
    expect(run.stdout).toMatch(/^retention +\{"session_state":90,"compact_summary":90\} +\(default\)$/m);
    const named = await runCli(["config", "--dir", dir, "--provider", "ollama"], { env: {} });
    expect(named.stdout).toMatch(/^model\.name +from-file +\(config .*\)$/m);
    const bare = await runCli(["config", "--dir", await copyOf(EXAMPLE), "--provider", "ollama"], { env: {} });
    expect(bare.stdout).toMatch(/^model\.name +\(the provider's default: llama3\.1\) +\(default\)$/m);
  });

  it("finds a config upward from the working directory", async () => {
    const root = await tempDir();
    // A found config's memory dir is inside its own folder.
    const dir = path.join(root, "memory");
    await cp(EXAMPLE, dir, { recursive: true });
    await writeFile(path.join(root, "compact.config.yaml"), `dir: memory\nmodel:\n  name: offline-extractive-1\n`);
    const nested = path.join(root, "a/b");
    await import("node:fs/promises").then((fs) => fs.mkdir(nested, { recursive: true }));
    const run = await runCli(["config", "--json"], { cwd: nested, env: {} });
    expect(JSON.parse(run.stdout)).toMatchObject({
      configFile: path.join(root, "compact.config.yaml"),
      settings: { dir },
      sources: { dir: `config ${path.join(root, "compact.config.yaml")}` },
    });
  });

  it("names the file, key, given value and what is allowed for a bad config", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ model: { provider: "gemini", maxRetries: -1 } }));
    const run = await runCli(["--week", "2026-W14", "--dir", dir], { env: {} });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `compact: ${path.join(dir, "compact.config.json")}: model.provider: Invalid option: expected one of "offline"|"anthropic"|"openai"|"ollama"|"replay" (given: "gemini"); model.maxRetries: Too small: expected number to be >=0 (given: -1)\n`,
    );
  });
});
