import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { appendFile, cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { ClientRequest } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Compactor, serveMemoryOverStdio } from "../../src/index.js";
import { exampleSecret } from "../../src/logs/secret-patterns.js";
import { runCli } from "../helpers/run-cli.js";
import { copyOf, fixture, REPO_ROOT, tempDir } from "../helpers/temp-dir.js";

const BIN = path.join(REPO_ROOT, "bin/compact.js");
const built = existsSync(path.join(REPO_ROOT, "dist/cli/main.js"));
const open: Client[] = [];

let compacted = "";

// One compaction for the file; each test works on its own copy.
beforeAll(async () => {
  const source = await mkdtemp(path.join(tmpdir(), "compact-mcp-"));
  compacted = path.join(source, "memory");
  await cp(fixture("../../memory.example"), compacted, {
    recursive: true,
    filter: (from) => !/(^|\/)(weekly|\.compact)(\/|$)|\/(MEMORY\.md|(user|feedback|project|reference)_[^/]*\.md)$/.test(from),
  });
  expect((await runCli(["--week", "2026-W14", "--dir", compacted, "--quiet"])).code).toBe(0);
});

afterAll(async () => {
  if (compacted) await rm(path.dirname(compacted), { recursive: true, force: true });
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

/** A compacted copy of the example memory dir, and a secret file just outside it. */
async function memoryDir(): Promise<{ dir: string; outside: string }> {
  const dir = await copyOf(compacted, { all: true });
  const outside = path.join(await tempDir(), "user_secret.md");
  await writeFile(outside, "---\nname: secret\ndescription: outside the memory dir\ntype: user\n---\n\nthe outside secret\n");
  return { dir, outside };
}

async function connect(dir: string, env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--dir", dir],
    stderr: "pipe",
    env: { PATH: process.env["PATH"] ?? "", ...env },
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: "memory-compactor-test", version: "1.0.0" });
  let protocolError: Error | undefined;
  client.onerror = (error) => {
    protocolError = error;
  };
  await client.connect(transport);
  open.push(client);
  return {
    client,
    stderr: () => {
      if (protocolError) throw protocolError;
      return stderr;
    },
  };
}

const text = (result: object) => ((result as { content: { text: string }[] }).content ?? []).map((part) => part.text).join("");

/** The server in-process over a memory dir whose searches take `searchMs`, with a client's stdin and the signal that stops it. */
async function slowServer(searchMs: number) {
  const { dir } = await memoryDir();
  const compactor = await Compactor.open({ dir, env: {} });
  const search = compactor.search.bind(compactor);
  compactor.search = async (query, options) => {
    await new Promise((resolve) => setTimeout(resolve, searchMs).unref());
    return search(query, options);
  };
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const answers: { id?: number }[] = [];
  let pending = "";
  stdout.on("data", (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) answers.push(JSON.parse(line));
  });
  const stop = new AbortController();
  const server = serveMemoryOverStdio(compactor, { stdin, stdout, signal: stop.signal });
  const send = (id: number, method: string, params: object) => {
    if (!stdin.writableEnded) stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
  };
  send(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } });
  const answeredIds = () => answers.map((answer) => answer.id).filter((id): id is number => typeof id === "number" && id > 1);
  return { server, send, stdin, stop, answeredIds };
}

const endsWithin = (served: Promise<void>, ms: number) =>
  Promise.race([served.then(() => "ended"), new Promise((resolve) => setTimeout(() => resolve("still serving"), ms).unref())]);

describe.skipIf(!built)("compact mcp, driven by the SDK's client over stdio", () => {
  it("lists the two tools and the index resource", async () => {
    const { dir } = await memoryDir();
    const { client, stderr } = await connect(dir);
    expect(client.getServerVersion()).toMatchObject({ name: "memory-compactor" });
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(["read_memory", "search_memory"]);
    const search = tools.find((tool) => tool.name === "search_memory")!;
    expect(search.inputSchema.required).toEqual(["query"]);
    expect(Object.keys(search.inputSchema.properties ?? {}).sort()).toEqual(["limit", "query"]);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual(["memory://MEMORY.md"]);
    expect(stderr()).toContain("compact mcp: serving");
  });

  it("search_memory returns the ranked hits with file, name, description and snippet", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const result = await client.callTool({ name: "search_memory", arguments: { query: "postgres sync service", limit: 3 } });
    expect(result.isError).toBeFalsy();
    const { results } = result.structuredContent as { results: { file: string; name: string; description: string; snippet: string; score: number }[] };
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results.some((hit) => /postgres/i.test(`${hit.name} ${hit.snippet}`))).toBe(true);
    for (const hit of results) expect(hit.file && hit.name && hit.snippet).toBeTruthy();
    expect(JSON.parse(text(result))).toEqual(result.structuredContent);
    const cli = JSON.parse((await runCli(["search", "postgres sync service", "--limit", "3", "--dir", dir, "--json"])).stdout);
    expect(results).toEqual(cli.results);
  });

  it("read_memory returns a memory's and a weekly summary's text", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const { results } = (await client.callTool({ name: "search_memory", arguments: { query: "postgres" } })).structuredContent as {
      results: { file: string }[];
    };
    const memory = results.find((hit) => !hit.file.startsWith("weekly/"))!;
    const read = await client.callTool({ name: "read_memory", arguments: { file: memory.file } });
    expect(read.isError).toBeFalsy();
    expect(text(read)).toBe(await readFile(path.join(dir, memory.file), "utf8"));
    const weekly = await client.callTool({ name: "read_memory", arguments: { file: "./weekly/2026-W14.md" } });
    expect(text(weekly)).toBe(await readFile(path.join(dir, "weekly/2026-W14.md"), "utf8"));
  });

  it("read_memory refuses, as an error result, anything but a memory or summary inside the dir", async () => {
    const { dir, outside } = await memoryDir();
    await symlink(outside, path.join(dir, "user_escape.md"));
    await mkdir(path.join(dir, "notes"));
    await writeFile(path.join(dir, "notes/plain.md"), "not a memory\n");
    const { client } = await connect(dir);
    const relativeOut = path.relative(dir, outside);
    for (const file of [
      relativeOut,
      "../x.md",
      outside,
      "user_escape.md",
      ".compact/lock",
      ".compact",
      "2026-03-30.md",
      "compact.config.json",
      "notes/plain.md",
      "MEMORY.md",
      "weekly/2026-W99.md",
    ]) {
      const read = await client.callTool({ name: "read_memory", arguments: { file } });
      expect(read.isError, file).toBe(true);
      expect(text(read), file).not.toContain("the outside secret");
      expect(text(read), file).toMatch(/not a (path inside|memory or summary file)/);
    }
    // A long path is quoted by its start only, and refused before the work of normalising it (megabytes took seconds).
    const long = await client.callTool({ name: "read_memory", arguments: { file: `${"a/".repeat(50_000)}x.md` } });
    expect(long.isError).toBe(true);
    expect(text(long).length).toBeLessThan(500);
    expect(text(long)).toContain("(100004 characters)' is not a path inside the memory directory");
    const megabytes = await client.callTool({ name: "read_memory", arguments: { file: "a/".repeat(2_000_000) } });
    expect(text(megabytes)).toContain("(4000000 characters)' is not a path inside the memory directory");
  });

  it("serves no file through a link in the dir: not a daily log, the tool's state, nor a memory under a second name", async () => {
    const { dir } = await memoryDir();
    const memory = (await readdir(dir)).find((name) => /^(user|feedback|project|reference)_.*\.md$/.test(name))!;
    await symlink("2026-03-30.md", path.join(dir, "project_log-alias.md"));
    await symlink("../2026-03-31.md", path.join(dir, "weekly/2026-W15.md"));
    await symlink("../.compact/snapshot-cache.json", path.join(dir, "weekly/cache.md"));
    await symlink(memory, path.join(dir, `alias-${memory}`));
    const { client, stderr } = await connect(dir);
    for (const file of ["project_log-alias.md", "weekly/2026-W15.md", "weekly/cache.md", `alias-${memory}`]) {
      const read = await client.callTool({ name: "read_memory", arguments: { file } });
      expect(read.isError, file).toBe(true);
    }
    const found = (await client.callTool({ name: "search_memory", arguments: { query: "decision deploy staging tests", limit: 100 } })).structuredContent as {
      results: { file: string }[];
    };
    const files = found.results.map((hit) => hit.file);
    expect(files).not.toContain("weekly/2026-W15.md");
    expect(files).not.toContain("project_log-alias.md");
    expect(files).not.toContain(`alias-${memory}`);
    expect(new Set(files).size).toBe(files.length);
    expect((await client.callTool({ name: "read_memory", arguments: { file: memory } })).isError).toBeFalsy();
    expect(stderr()).not.toContain("snapshot-cache");
  });

  it("says once on stderr which memory a search left out, and why", async () => {
    const { dir } = await memoryDir();
    await writeFile(path.join(dir, "project_broken.md"), "---\nname: [unclosed\ndescription: x\n---\n\nBroken front matter.\n");
    const { client, stderr } = await connect(dir);
    for (let i = 0; i < 3; i++) await client.callTool({ name: "search_memory", arguments: { query: "broken front matter" } });
    const said = stderr()
      .split("\n")
      .filter((line) => line.startsWith("warning: project_broken.md"));
    expect(said).toHaveLength(1);
  });

  it("quotes a refused path as text that prints: controls escaped, no character cut in half", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const controls = text(await client.callTool({ name: "read_memory", arguments: { file: "a\u0000b\u202e\u001b[2J.md" } }));
    expect(controls).toContain("a\\u0000b\\u202e\\u001b[2J.md");
    expect(controls).not.toMatch(/[\u0000\u001b\u202e]/);
    const emoji = text(await client.callTool({ name: "read_memory", arguments: { file: `${"a".repeat(199)}🚀tail.md` } }));
    // No lone surrogate: half of the emoji.
    expect(emoji).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    expect(emoji).toContain(`'${"a".repeat(199)}… (208 characters)'`);
  });

  it("answers a read of the index before there is one with the code for a resource not found", async () => {
    const { dir } = await memoryDir();
    await rm(path.join(dir, "MEMORY.md"));
    const { client } = await connect(dir);
    await expect(client.readResource({ uri: "memory://MEMORY.md" })).rejects.toMatchObject({ code: -32002 });
  });

  it("prints on stderr what a search had to do without", async () => {
    const { dir } = await memoryDir();
    await writeFile(
      path.join(dir, "compact.config.json"),
      JSON.stringify({ embeddings: { provider: "openai", model: "m", baseURL: "http://127.0.0.1:9/v1" } }),
    );
    const { client, stderr } = await connect(dir, { OPENAI_API_KEY: "sk-test" });
    const found = await client.callTool({ name: "search_memory", arguments: { query: "deploy" } });
    expect(found.isError).toBeFalsy();
    await expect.poll(() => stderr()).toMatch(/warning: .*embeddings/);
  });

  it("serves MEMORY.md as memory://MEMORY.md", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const { contents } = await client.readResource({ uri: "memory://MEMORY.md" });
    expect(contents).toEqual([{ uri: "memory://MEMORY.md", mimeType: "text/markdown", text: await readFile(path.join(dir, "MEMORY.md"), "utf8") }]);
  });

  it("hands out no secret written into a memory, a summary or the index by hand", async () => {
    const { dir } = await memoryDir();
    const password = "Zebra7Lion";
    const token = exampleSecret("ghp_", 36);
    await writeFile(
      path.join(dir, "reference_staging-creds.md"),
      `---\nname: Staging credentials\ndescription: the password for staging is ${password}\ntype: reference\n---\n\n- GitHub token ${token}\n`,
    );
    await writeFile(
      path.join(dir, `reference_${token}.md`),
      "---\nname: Staging robot\ndescription: the staging robot's account\ntype: reference\n---\n\n- staging robot\n",
    );
    await appendFile(path.join(dir, "weekly/2026-W14.md"), `\n- hand note: the staging token ${token}\n`);
    await appendFile(path.join(dir, "MEMORY.md"), `\n- hand note: ${token}\n`);
    const { client } = await connect(dir);
    const everything = [
      text(await client.callTool({ name: "search_memory", arguments: { query: "staging password github token" } })),
      text(await client.callTool({ name: "search_memory", arguments: { query: password } })),
      JSON.stringify((await client.callTool({ name: "search_memory", arguments: { query: "staging robot account" } })).structuredContent),
      text(await client.callTool({ name: "read_memory", arguments: { file: "reference_staging-creds.md" } })),
      text(await client.callTool({ name: "read_memory", arguments: { file: "weekly/2026-W14.md" } })),
      (await client.readResource({ uri: "memory://MEMORY.md" })).contents.map((content) => ("text" in content ? content.text : "")).join(""),
    ].join("\n");
    expect(everything).toContain("[REDACTED:github-token]");
    expect(everything).toContain("[REDACTED:password]");
    expect(everything).not.toContain(password);
    expect(everything).not.toContain(token);
    // The redacted name a search gave reads the file.
    const byRedactedName = await client.callTool({ name: "read_memory", arguments: { file: "reference_[REDACTED:github-token].md" } });
    expect(byRedactedName.isError).toBeFalsy();
    expect(text(byRedactedName)).toContain("name: Staging robot");
  });

  it("answers a line that is not JSON, or JSON that is no message, with JSON-RPC's error, and goes on", async () => {
    const { dir } = await memoryDir();
    const request = (id: number, method: string, params: object) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
    const input = [
      request(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } }),
      "{not json",
      "",
      "[1,2]",
      JSON.stringify({ jsonrpc: "2.0", id: 7 }),
      JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      request(2, "tools/call", { name: "search_memory", arguments: { query: "postgres", limit: 1 } }),
    ].join("\r\n");
    const stdout = execFileSync(process.execPath, [BIN, "mcp", "--dir", dir, "--quiet"], { input: `${input}\n`, encoding: "utf8" });
    const answers = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    const errors = answers.filter((answer) => answer.error).map((answer) => [answer.id, answer.error.code]);
    expect(errors).toEqual([
      [undefined, -32700],
      [undefined, -32600],
      [7, -32600],
    ]);
    expect(answers.filter((answer) => answer.result).map((answer) => answer.id)).toEqual([1, 2]);
    expect(answers.find((answer) => answer.id === 2).result.structuredContent.results).toHaveLength(1);
  });

  it("refuses a query longer than any search needs, saying how long one may be", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const search = (await client.listTools()).tools.find((tool) => tool.name === "search_memory")!;
    expect(search.inputSchema.properties?.["query"]).toMatchObject({ maxLength: 10_000 });
    const long = await client.callTool({ name: "search_memory", arguments: { query: "postgres ".repeat(200_000) } });
    expect(long.isError).toBe(true);
    expect(text(long)).toMatch(/query/);
    expect(text(long)).toMatch(/10000/);
    expect((await client.callTool({ name: "search_memory", arguments: { query: "postgres ".repeat(1_000) } })).isError).toBeFalsy();
  });

  it("answers params of the wrong shape as invalid params (-32602), not as an internal error", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const anything = z.object({}).loose();
    const requests: [string, object][] = [
      ["resources/read", {}],
      ["resources/read", { uri: 5 }],
      ["tools/list", { cursor: 5 }],
      ["resources/list", { cursor: {} }],
      ["tools/call", { arguments: { query: "postgres" } }],
      ["tools/call", { name: "search_memory", arguments: "postgres" }],
    ];
    for (const [method, params] of requests) {
      await expect(client.request({ method, params } as ClientRequest, anything), `${method} ${JSON.stringify(params)}`).rejects.toMatchObject({
        code: -32602,
      });
    }
    await expect(client.request({ method: "resources/read", params: {} } as ClientRequest, anything)).rejects.toThrow(/params\.uri/);
    expect((await client.readResource({ uri: "memory://MEMORY.md" })).contents).toHaveLength(1);
  });

  it("answers an initialize with params of the wrong shape as invalid params (-32602), then one that is right", async () => {
    const { dir } = await memoryDir();
    const initialize = (id: number, params: object) => JSON.stringify({ jsonrpc: "2.0", id, method: "initialize", params });
    const input = [
      initialize(1, {}),
      initialize(2, { protocolVersion: 5, capabilities: {}, clientInfo: { name: "t", version: "1" } }),
      initialize(3, { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } }),
    ].join("\n");
    const stdout = execFileSync(process.execPath, [BIN, "mcp", "--dir", dir, "--quiet"], { input: `${input}\n`, encoding: "utf8" });
    const answers = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(answers.filter((answer) => answer.error).map((answer) => [answer.id, answer.error.code])).toEqual([
      [1, -32602],
      [2, -32602],
    ]);
    expect(answers.find((answer) => answer.id === 1).error.message).toMatch(/params\.protocolVersion/);
    expect(answers.find((answer) => answer.id === 3).result).toMatchObject({ serverInfo: { name: "memory-compactor" } });
  });

  it("promises no list_changed notification it never sends: its tools and resources are the same while it runs", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    const capabilities = client.getServerCapabilities();
    expect(capabilities?.tools).toBeDefined();
    expect(capabilities?.resources).toBeDefined();
    expect(capabilities?.tools?.listChanged).not.toBe(true);
    expect(capabilities?.resources?.listChanged).not.toBe(true);
  });

  it("answers many reads at once, and each read after sees the files as they are now", async () => {
    const { dir } = await memoryDir();
    const memory = (name: string, fact: string) => `---\nname: ${name}\ndescription: a fact\ntype: project\n---\n\n- ${fact}\n`;
    await Promise.all(Array.from({ length: 300 }, (_, i) => writeFile(path.join(dir, `project_fact-${i}.md`), memory(`Fact ${i}`, `fact number ${i}`))));
    const { client } = await connect(dir);
    const read = async (file: string) => text(await client.callTool({ name: "read_memory", arguments: { file } }));
    const all = await Promise.all(Array.from({ length: 300 }, (_, i) => read(`project_fact-${i}.md`)));
    expect(all.map((answer, i) => answer.includes(`fact number ${i}\n`))).toEqual(all.map(() => true));
    // Rewritten with the same size, removed, added: the next read sees each.
    await writeFile(path.join(dir, "project_fact-1.md"), memory("Fact 1", "fact NUMBER 1"));
    await rm(path.join(dir, "project_fact-2.md"));
    await writeFile(path.join(dir, "project_fact-new.md"), memory("Fact new", "a new fact"));
    expect(await read("project_fact-1.md")).toContain("fact NUMBER 1");
    expect(await read("project_fact-2.md")).toMatch(/is not a memory or summary file/);
    expect(await read("project_fact-new.md")).toContain("a new fact");
  });

  it("refuses an unknown tool, a cursor it never gave and an unknown resource as protocol errors", async () => {
    const { dir } = await memoryDir();
    const { client } = await connect(dir);
    await expect(client.callTool({ name: "delete_memory", arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await expect(client.listTools({ cursor: "garbage" })).rejects.toMatchObject({ code: -32602 });
    await expect(client.listResources({ cursor: "garbage" })).rejects.toMatchObject({ code: -32602 });
    await expect(client.readResource({ uri: "memory://user_secret.md" })).rejects.toMatchObject({ code: -32002 });
    await expect(client.readResource({ uri: "not a uri" })).rejects.toMatchObject({ code: -32002 });
    // What is served is served as before.
    expect((await client.listTools()).tools).toHaveLength(2);
    expect(JSON.stringify((await client.readResource({ uri: "memory://MEMORY.md" })).contents)).toContain("# Memory index");
    const found = await client.callTool({ name: "search_memory", arguments: { query: "postgres" } });
    expect(found.isError).toBeFalsy();
  });

  it.each(["SIGTERM", "SIGINT"] as const)("ends on the first %s while the client keeps stdin open", async (signal) => {
    const { dir } = await memoryDir();
    const child = spawn(process.execPath, [BIN, "mcp", "--dir", dir, "--quiet"], { stdio: ["pipe", "pipe", "pipe"] });
    const answered = new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    const initialize = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } };
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: initialize })}\n`);
    await answered;
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    child.kill(signal);
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 5_000))]);
    child.kill("SIGKILL");
    expect(code).not.toBe("still running");
  });

  it("ends soon after a SIGTERM though twenty searches heavy with typos are being ranked", async () => {
    // A hundred memories of 3,000 words no query uses: each search weighs its 32 unknown words against every one.
    const dir = await tempDir();
    let state = 11;
    const letter = (from: string) => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return from[Math.floor((state / 2147483648) * from.length)]!;
    };
    const word = () => Array.from({ length: 9 }, (_, i) => letter(i % 2 ? "aeiou" : "bcdfghjklmnpqrstvwxz")).join("");
    await Promise.all(
      Array.from({ length: 100 }, (_, f) => {
        const lines = Array.from({ length: 200 }, () => `- ${Array.from({ length: 15 }, word).join(" ")}`);
        const text = `---\nname: Notes ${f}\ndescription: field notes ${f}\ntype: project\n---\n\n${lines.join("\n")}\n`;
        return writeFile(path.join(dir, `project_notes-${f}.md`), text);
      }),
    );
    const child = spawn(process.execPath, [BIN, "mcp", "--dir", dir, "--quiet"], { stdio: ["pipe", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let answers = "";
    child.stdout.on("data", (chunk: Buffer) => {
      answers += chunk.toString();
    });
    const send = (id: number, method: string, params: object) => child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    send(1, "initialize", { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } });
    // The first search reads and indexes the dir; the twenty after it only rank.
    send(2, "tools/call", { name: "search_memory", arguments: { query: "notes" } });
    await expect.poll(() => answers.includes('"id":2'), { timeout: 25_000 }).toBe(true);
    for (let id = 3; id < 23; id++) {
      const typos = Array.from({ length: 32 }, (_, i) => `zqxvb${String.fromCharCode(97 + (i % 26))}${id}${i}uo`).join(" ");
      send(id, "tools/call", { name: "search_memory", arguments: { query: typos } });
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.kill("SIGTERM");
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("still running"), 10_000))]);
    child.kill("SIGKILL");
    expect(code).toBe(0);
  }, 60_000);

  it("ends, without an uncaught error, when reading stdin fails", async () => {
    const { dir } = await memoryDir();
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    const served = serveMemoryOverStdio(await Compactor.open({ dir, env: {} }), { stdin, stdout });
    await new Promise((resolve) => setTimeout(resolve, 200));
    stdin.emit("error", new Error("EIO: i/o error, read"));
    await expect(served).resolves.toBeUndefined();
  });

  it("takes no request after a signal, and ends within its grace though a client sends on", async () => {
    const { server, send, answeredIds, stop } = await slowServer(300);
    // A request every 100 ms, each answered in 300 ms: some request is always under way.
    let id = 1;
    const sending = setInterval(() => send(++id, "tools/call", { name: "search_memory", arguments: { query: "postgres" } }), 100);
    await expect.poll(() => answeredIds().length, { timeout: 10_000 }).toBeGreaterThan(2);
    stop.abort();
    const lastBeforeSignal = id;
    const ended = await endsWithin(server, 5_000);
    clearInterval(sending);
    expect(ended).toBe("ended");
    expect(Math.max(...answeredIds())).toBeLessThanOrEqual(lastBeforeSignal);
  });

  it("gives a request under way a short grace after a signal, also once stdin has closed", async () => {
    for (const closeStdinFirst of [false, true]) {
      const { server, send, stdin, stop } = await slowServer(60_000);
      send(2, "tools/call", { name: "search_memory", arguments: { query: "postgres" } });
      await new Promise((resolve) => setTimeout(resolve, 200));
      if (closeStdinFirst) stdin.end();
      stop.abort();
      expect(await endsWithin(server, 5_000), `stdin closed first: ${closeStdinFirst}`).toBe("ended");
    }
  });

  it("answers many requests at once to a client slow to read with no warning of a listener leak on stderr", async () => {
    const { dir } = await memoryDir();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    const stdin = new PassThrough();
    // The client reads nothing for now: every answer waits for stdout to drain.
    const stdout = new PassThrough({ highWaterMark: 16 });
    const served = serveMemoryOverStdio(await Compactor.open({ dir, env: {} }), { stdin, stdout });
    const initialize = { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } };
    stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: initialize })}\n`);
    for (let id = 2; id < 40; id++) stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id, method: "ping" })}\n`);
    await expect.poll(() => stdout.listenerCount("drain")).toBeGreaterThan(20);
    let answers = "";
    stdout.on("data", (chunk: Buffer) => {
      answers += chunk.toString();
    });
    stdin.end();
    await served;
    await new Promise((resolve) => setImmediate(resolve));
    process.off("warning", onWarning);
    expect(answers.trim().split("\n")).toHaveLength(39);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });

  it("answers a request sent just before stdin closes, then exits 0", async () => {
    const { dir } = await memoryDir();
    const requests = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } },
      { jsonrpc: "2.0", method: "notifications/initialized" },
      { jsonrpc: "2.0", id: 2, method: "tools/call", params: { name: "search_memory", arguments: { query: "postgres", limit: 1 } } },
    ];
    const stdout = execFileSync(process.execPath, [BIN, "mcp", "--dir", dir, "--quiet"], {
      input: `${requests.map((r) => JSON.stringify(r)).join("\n")}\n`,
      encoding: "utf8",
    });
    const lines = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.id)).toEqual([1, 2]);
    expect(lines[1].result.structuredContent.results).toHaveLength(1);
  });
});

describe.skipIf(!built)("the MCP SDK is loaded by compact mcp alone", () => {
  const loaded = async (args: string[], input = ""): Promise<string[]> => {
    const list = path.join(await tempDir(), "modules.txt");
    await writeFile(list, "");
    execFileSync(process.execPath, ["--import", path.join(REPO_ROOT, "bench/lib/count-modules.mjs"), BIN, ...args], {
      input,
      env: { ...process.env, BENCH_MODULES_FILE: list },
      stdio: ["pipe", "pipe", "pipe"],
    });
    return (await readFile(list, "utf8")).split("\n").filter(Boolean);
  };
  const sdk = (modules: string[]) => modules.filter((file) => file.includes("@modelcontextprotocol"));

  it("not by --help or status", async () => {
    const { dir } = await memoryDir();
    expect(sdk(await loaded(["--help"]))).toEqual([]);
    const status = await loaded(["status", "--dir", dir]);
    expect(status.length).toBeGreaterThan(10);
    expect(sdk(status)).toEqual([]);
  });

  it("but by mcp", async () => {
    const { dir } = await memoryDir();
    expect(sdk(await loaded(["mcp", "--dir", dir, "--quiet"])).length).toBeGreaterThan(0);
  });
});
