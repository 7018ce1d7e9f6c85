import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openAiEmbedder } from "../../src/embeddings/embeddings-client.js";
import { cachedVectors, VECTOR_CACHE_FILE } from "../../src/embeddings/vector-cache.js";
import { ConfigError } from "../../src/errors/config-error.js";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { tempDir } from "../helpers/temp-dir.js";

/** A loopback OpenAI-compatible `POST /v1/embeddings`: a text's vector is its letter counts (a–d), and every input is recorded. */
class EmbeddingsServer {
  readonly inputs: string[][] = [];
  readonly keys: (string | undefined)[] = [];
  readonly headers: IncomingHttpHeaders[] = [];
  private server: Server | undefined;
  url = "";

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      req.on("end", () => {
        const body = JSON.parse(raw) as { input: string[]; encoding_format?: string; model: string };
        this.inputs.push(body.input);
        this.keys.push(req.headers.authorization);
        this.headers.push(req.headers);
        const data = body.input.map((text, index) => {
          const vector = ["a", "b", "c", "d"].map((letter) => text.split(letter).length - 1 + 0.5);
          const embedding = body.encoding_format === "base64" ? Buffer.from(new Float32Array(vector).buffer).toString("base64") : vector;
          return { object: "embedding", index, embedding };
        });
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data, model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}

let server: EmbeddingsServer;
beforeEach(async () => {
  server = await new EmbeddingsServer().start();
});
afterEach(async () => {
  await server.stop();
});

const length = (v: Float32Array) => Math.hypot(...v);

describe("openAiEmbedder (the openai SDK against a loopback server)", () => {
  it("returns one unit vector per text, in order, with no key needed for a local server", async () => {
    const embedder = await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url }, {});
    const [a, b] = await embedder.embed(["aaa", "bbbb c"]);
    expect(server.inputs).toEqual([["aaa", "bbbb c"]]);
    expect(length(a!)).toBeCloseTo(1, 5);
    // "aaa" is mostly a, "bbbb c" mostly b: their largest components differ.
    expect(a!.indexOf(Math.max(...a!))).toBe(0);
    expect(b!.indexOf(Math.max(...b!))).toBe(1);
  });

  it("sends no secret a text holds: the endpoint gets it redacted", async () => {
    const embedder = await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url }, {});
    const token = exampleSecret("ghp_", 36);
    await embedder.embed([`the deploy token is ${token}`, "DB_PASSWORD=Zebra7Lion"]);
    expect(server.inputs).toEqual([["the deploy token is [REDACTED:github-token]", "DB_PASSWORD=[REDACTED:password]"]]);
  });

  it("takes the URL from OPENAI_BASE_URL and the key from OPENAI_API_KEY when the config names none", async () => {
    const embedder = await openAiEmbedder({ provider: "openai", model: "embed-test" }, { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: "sk-test" });
    await embedder.embed(["a"]);
    expect(server.keys).toEqual(["Bearer sk-test"]);
  });

  it("sends nothing the SDK reads from the environment on its own when it sends no key: no gateway header, no organization", async () => {
    // Given: a gateway's key in OPENAI_CUSTOM_HEADERS, which the SDK adds to every request by itself.
    vi.stubEnv("OPENAI_CUSTOM_HEADERS", "X-Gateway-Key: gw-secret\nAuthorization: Bearer gw-token");
    vi.stubEnv("OPENAI_ORG_ID", "org-test");
    vi.stubEnv("OPENAI_PROJECT_ID", "proj-test");
    try {
      // A loopback endpoint a found config chose gets `apiKeyEnv: ""`: the memories, and nothing else.
      await (await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url, apiKeyEnv: "" }, { OPENAI_API_KEY: "sk-test" })).embed(["a"]);
      const [keyless] = server.headers;
      // The gateway's Authorization is cleared with the rest: a local server takes none.
      expect(keyless!.authorization).toBeUndefined();
      expect(JSON.stringify(keyless)).not.toMatch(/gw-|org-test|proj-test/);
      // With a key, the SDK's own ways are the user's: the header goes with it, from the run's environment.
      const env = { ...process.env, OPENAI_API_KEY: "sk-test" };
      await (await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url }, env)).embed(["a"]);
      expect(server.headers[1]).toMatchObject({ "x-gateway-key": "gw-secret", "openai-organization": "org-test" });
      // A run given an environment of its own takes nothing from the process's.
      await (await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url }, { OPENAI_API_KEY: "sk-test" })).embed(["a"]);
      expect(JSON.stringify(server.headers[2])).not.toMatch(/gw-|org-test|proj-test/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("asks in batches when there are many texts", async () => {
    const embedder = await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url }, {});
    const vectors = await embedder.embed(Array.from({ length: 300 }, (_, i) => `text ${i}`));
    expect(vectors).toHaveLength(300);
    expect(server.inputs.map((batch) => batch.length)).toEqual([128, 128, 44]);
  });

  it("needs a key for api.openai.com, before any request", async () => {
    await expect(openAiEmbedder({ provider: "openai", model: "text-embedding-3-small" }, {})).rejects.toThrow(ConfigError);
    await expect(openAiEmbedder({ provider: "openai", model: "text-embedding-3-small" }, {})).rejects.toThrow(/OPENAI_API_KEY/);
  });
});

describe("cachedVectors", () => {
  it("asks only for new or changed texts on a re-run, and keeps the cache to this run's texts", async () => {
    const dir = await MemoryDir.open(await tempDir());
    const embedder = await openAiEmbedder({ provider: "openai", model: "embed-test", baseURL: server.url }, {});
    const first = await cachedVectors(dir, embedder, ["alpha", "beta", "gamma"]);
    expect(first.stats).toEqual({ cached: 0, requested: 3 });
    const again = await cachedVectors(dir, embedder, ["alpha", "beta changed", "gamma"]);
    expect(again.stats).toEqual({ cached: 2, requested: 1 });
    expect(server.inputs).toEqual([["alpha", "beta", "gamma"], ["beta changed"]]);
    expect([...again.vectors[0]!]).toEqual([...first.vectors[0]!]);
    const cache = JSON.parse(await readFile(path.join(dir.root, VECTOR_CACHE_FILE), "utf8"));
    expect(Object.keys(cache.vectors)).toHaveLength(3);
    await cachedVectors(dir, embedder, ["alpha", "beta changed", "gamma"]);
    expect(server.inputs).toHaveLength(2);
  });

  it("keys vectors by model too, and reads a damaged cache as empty", async () => {
    const dir = await MemoryDir.open(await tempDir());
    const one = await openAiEmbedder({ provider: "openai", model: "model-one", baseURL: server.url }, {});
    const two = await openAiEmbedder({ provider: "openai", model: "model-two", baseURL: server.url }, {});
    await cachedVectors(dir, one, ["alpha"]);
    expect((await cachedVectors(dir, two, ["alpha"])).stats.requested).toBe(1);
    await writeFile(path.join(dir.root, VECTOR_CACHE_FILE), "{not json");
    expect((await cachedVectors(dir, two, ["alpha"])).stats.requested).toBe(1);
  });
});

describe("compact consolidate with embeddings configured", () => {
  it("merges a reworded pair the vectors join, and a re-run sends only the changed memory", async () => {
    const { runCli } = await import("../helpers/run-cli.js");
    const dir = await tempDir();
    const m = (id: string, name: string, description: string, updated: string, body: string) =>
      writeFile(path.join(dir, `${id}.md`), `---\nname: ${name}\ndescription: ${description}\ntype: user\nupdated: ${updated}\n---\n\n${body}\n`);
    // Few shared words, but the same letters: the server's vectors are close.
    await m("user_lea-calls", "Lea and calls", "Lea would rather read than talk", "2026-01-10", "Lea prefers a written update to a call.");
    await m("user_lea-written", "Written updates for Lea", "Write to Lea instead of calling", "2026-03-10", "Send Lea written notes, not phone calls.");
    await m("user_bob-deadline", "Bob's deadlines", "Bob books deadlines", "2026-03-11", "Bob adds deadlines to his calendar by hand.");
    const words = await runCli(["consolidate", "--dir", dir, "--dry-run", "--json"]);
    expect(JSON.parse(words.stdout).plan.merges).toEqual([]);
    expect(server.inputs).toEqual([]);

    const config = path.join(dir, "embed.json");
    await writeFile(config, JSON.stringify({ embeddings: { provider: "openai", model: "embed-test", baseURL: server.url } }));
    const vectors = await runCli(["consolidate", "--dir", dir, "--dry-run", "--json", "--config", config]);
    expect(vectors.code, vectors.stderr).toBe(0);
    expect(server.inputs.flat()).toHaveLength(3);
    expect(JSON.parse(vectors.stdout).plan.merges).toEqual([{ keep: "user_lea-calls", fold: "user_lea-written" }]);

    // A dry run writes nothing, not even the cache; a real run keeps it.
    expect(existsSync(path.join(dir, VECTOR_CACHE_FILE))).toBe(false);
    const applied = await runCli(["consolidate", "--dir", dir, "--yes", "--json", "--config", config]);
    expect(applied.code, applied.stderr).toBe(0);
    expect(existsSync(path.join(dir, VECTOR_CACHE_FILE))).toBe(true);
    // The merged memory is new text: the next real run asks for it alone and caches it.
    const before = server.inputs.flat().length;
    await runCli(["consolidate", "--dir", dir, "--yes", "--json", "--config", config]);
    expect(server.inputs.flat()).toHaveLength(before + 1);

    const sent = server.inputs.flat().length;
    await m("user_bob-deadline", "Bob's deadlines", "Bob books deadlines", "2026-03-12", "Bob adds every deadline to his calendar by hand.");
    await runCli(["consolidate", "--dir", dir, "--dry-run", "--json", "--config", config]);
    expect(server.inputs.flat().slice(sent)).toEqual([expect.stringContaining("Bob adds every deadline")]);
  });
});

describe("compact consolidate with an embeddings endpoint that does not answer", () => {
  it("compares the memories by their words alone, with a warning, and still applies", async () => {
    const { runCli } = await import("../helpers/run-cli.js");
    const dir = await tempDir();
    const m = (id: string, body: string) =>
      writeFile(
        path.join(dir, `${id}.md`),
        `---\nname: Deploy target\ndescription: Where the app is deployed\ntype: project\nupdated: 2026-03-10\n---\n\n${body}\n`,
      );
    await m("project_deploy-target", "The app is deployed to Fly.io in the ams region.");
    await m("project_deploy-target-2", "The app is deployed to Fly.io in the ams region.");
    const config = path.join(dir, "embed.json");
    // Nothing listens on port 9 of the loopback: the connection is refused.
    await writeFile(config, JSON.stringify({ embeddings: { provider: "openai", model: "embed-test", baseURL: "http://127.0.0.1:9/v1" } }));
    for (const flags of [["--dry-run"], ["--yes"]]) {
      const run = await runCli(["consolidate", "--dir", dir, "--json", "--config", config, ...flags], { env: {} });
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(run.stdout) as { plan: { merges: unknown[] }; warnings: { ruleId: string; message: string }[] };
      expect(result.plan.merges).toEqual([{ keep: "project_deploy-target", fold: "project_deploy-target-2" }]);
      expect(result.warnings).toContainEqual(
        expect.objectContaining({ ruleId: "embeddings-unavailable", message: expect.stringMatching(/by their words alone$/) }),
      );
      expect(run.stderr).toMatch(/^warning: embeddings: .*by their words alone$/m);
      expect(run.stderr).not.toContain("embeddings: embeddings:");
    }
    expect(existsSync(path.join(dir, "project_deploy-target-2.md"))).toBe(false);
  }, 60_000);
});

describe("an embeddings endpoint that answers a page", () => {
  it("is an endpoint that did not answer: consolidation goes on by the words, with a warning naming it", async () => {
    const { createServer } = await import("node:http");
    const page = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end("<html>Sign in</html>"));
    await new Promise<void>((resolve) => page.listen(0, "127.0.0.1", resolve));
    try {
      const { runCli } = await import("../helpers/run-cli.js");
      const dir = await tempDir();
      await writeFile(path.join(dir, "project_a.md"), "---\nname: A\ndescription: a\ntype: project\n---\n\nThe app runs on Fly.io.\n");
      const config = path.join(dir, "embed.json");
      const port = (page.address() as { port: number }).port;
      await writeFile(config, JSON.stringify({ embeddings: { provider: "openai", model: "embed-test", baseURL: `http://127.0.0.1:${port}/v1` } }));
      const run = await runCli(["consolidate", "--dir", dir, "--dry-run", "--json", "--config", config], { env: {} });
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).warnings).toContainEqual(
        expect.objectContaining({ ruleId: "embeddings-unavailable", message: expect.stringContaining("not the API's JSON (<html>Sign in</html>)") }),
      );
    } finally {
      await new Promise<void>((resolve) => page.close(() => resolve()));
    }
  }, 30_000);
});

describe("compact search with embeddings configured", () => {
  it("ranks by vectors beside the words, asks for the query's vector, and writes nothing", async () => {
    const { runCli } = await import("../helpers/run-cli.js");
    const { snapshotDir } = await import("../helpers/snapshot-dir.js");
    const dir = await tempDir();
    const m = (id: string, name: string, body: string) =>
      writeFile(path.join(dir, `${id}.md`), `---\nname: ${name}\ndescription: ${name}\ntype: reference\nupdated: 2026-03-10\n---\n\n${body}\n`);
    // The server's vectors count the letters a–d: the query shares no word with either memory, only letters with one.
    await m("reference_bubbles", "Bubble wrap stock", "Bob keeps bubble wrap by the back door.");
    await m("reference_deeds", "Deed folder", "The deeds sit in the red folder.");
    const config = path.join(dir, "embed.json");
    await writeFile(config, JSON.stringify({ embeddings: { provider: "openai", model: "embed-test", baseURL: server.url } }));
    const before = await snapshotDir(dir);
    const run = await runCli(["search", "abba bb", "--dir", dir, "--json", "--config", config]);
    expect(run.code, run.stderr).toBe(0);
    const results = JSON.parse(run.stdout).results as { file: string }[];
    expect(results[0]?.file).toBe("reference_bubbles.md");
    expect(server.inputs.flat()).toContain("abba bb");
    expect(await snapshotDir(dir)).toEqual(before);
  });

  it("ranks by the words alone, with a warning, when the embeddings endpoint does not answer", async () => {
    const { runCli } = await import("../helpers/run-cli.js");
    const dir = await tempDir();
    await writeFile(
      path.join(dir, "reference_deeds.md"),
      "---\nname: Deed folder\ndescription: Deed folder\ntype: reference\n---\n\nThe deeds sit in the red folder.\n",
    );
    const config = path.join(dir, "embed.json");
    // Nothing listens on port 9 of the loopback: the connection is refused.
    await writeFile(config, JSON.stringify({ embeddings: { provider: "openai", model: "embed-test", baseURL: "http://127.0.0.1:9/v1" } }));
    const run = await runCli(["search", "red folder", "--dir", dir, "--json", "--config", config], { env: {} });
    expect(run.code, run.stderr).toBe(0);
    const found = JSON.parse(run.stdout) as { results: { file: string }[]; warnings: { message: string }[] };
    expect(found.results.map((hit) => hit.file)).toEqual(["reference_deeds.md"]);
    expect(found.warnings[0]?.message).toMatch(/ranked by words alone$/);
    expect(run.stderr).toMatch(/^warning: embeddings: .*ranked by words alone$/m);
  }, 30_000);
});
