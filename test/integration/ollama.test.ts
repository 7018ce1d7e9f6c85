import { readFile, writeFile } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createModel, OLLAMA_BASE_URL } from "../../src/providers/create-model.js";
import { FakeProviderServer } from "../helpers/fake-provider-server.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, REPO_ROOT } from "../helpers/temp-dir.js";

const EXAMPLE = path.join(REPO_ROOT, "memory.example");
const ANSWER =
  "## 2026-W14\n\n### Key Decisions\n- 2026-03-30: Postgres 16 on Neon for the sync service, because three concurrent writers rule out SQLite.\n\n### Outcomes\n- None.\n\n### Blockers & Open Items\n- None.\n\n### Context\n- None.\n";

const server = new FakeProviderServer();
beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => {
  server.requests.length = 0;
  server.respond({ text: ANSWER });
});

describe("--provider ollama", () => {
  it("is the openai provider at a local server, with no key: OLLAMA_BASE_URL overrides the endpoint", async () => {
    const dir = await copyOf(EXAMPLE);
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--provider", "ollama", "--json"], { env: { OLLAMA_BASE_URL: server.openaiURL } });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({ method: "POST", url: "/v1/chat/completions", body: { model: "llama3.1" } });
    expect(JSON.parse(run.stdout)).toMatchObject({ provider: "ollama", model: "llama3.1" });
    expect(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8")).toContain("provider: ollama");
  });

  it("takes model.baseURL and model.name from the config; a key is sent only when apiKeyEnv names one", async () => {
    const dir = await copyOf(EXAMPLE);
    await writeFile(
      path.join(dir, "compact.config.json"),
      JSON.stringify({ model: { provider: "ollama", name: "qwen2.5:7b", baseURL: server.openaiURL, apiKeyEnv: "OLLAMA_KEY" } }),
    );
    // Given with --config: a config compact finds on its own may name no key variable for ollama.
    const config = path.join(dir, "compact.config.json");
    const run = await runCli(["--week", "2026-W14", "--dir", dir, "--config", config], { env: { OLLAMA_KEY: "proxy-secret" } });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests[0]!.body["model"]).toBe("qwen2.5:7b");
    expect((server.requests[0]!.headers as IncomingHttpHeaders).authorization).toBe("Bearer proxy-secret");
  });

  it("sends no key from the environment: not OPENAI_API_KEY, nor a gateway header the SDK would read on its own", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-from-env");
    vi.stubEnv("OPENAI_CUSTOM_HEADERS", "X-Gateway-Key: gw-secret");
    vi.stubEnv("OPENAI_PROJECT_ID", "proj-test");
    try {
      const { model } = await createModel(
        { provider: "ollama", model: "m", baseURL: server.openaiURL, apiKeyEnv: "", timeoutMs: 5000, maxRetries: 0 },
        process.env,
      );
      await model.complete("a log", { systemPrompt: "s", temperature: 0, maxTokens: 100 });
      const headers = server.requests[0]!.headers as IncomingHttpHeaders;
      expect(headers.authorization).toBe("Bearer ollama");
      expect(JSON.stringify(headers)).not.toMatch(/sk-from-env|gw-secret|proj-test/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("defaults to Ollama's own address", async () => {
    const { model } = await createModel({ provider: "ollama", model: undefined, baseURL: undefined, apiKeyEnv: "", timeoutMs: 1000, maxRetries: 0 }, {});
    expect(OLLAMA_BASE_URL).toBe("http://localhost:11434/v1");
    expect((model as unknown as { client: { baseURL: string } }).client.baseURL).toBe(OLLAMA_BASE_URL);
  });
});
