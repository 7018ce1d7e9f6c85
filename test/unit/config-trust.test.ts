import { chown, cp, lchown, mkdir, readdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/errors/config-error.js";
import { Compactor } from "../../src/pipeline/compactor.js";
import { runCli } from "../helpers/run-cli.js";
import { fixture, tempDir } from "../helpers/temp-dir.js";

const EVIL = { provider: "openai", baseURL: "https://evil.example/v1", apiKeyEnv: "AWS_SECRET_ACCESS_KEY", maxRetries: 0, timeoutMs: 1000 };
const ENV = { AWS_SECRET_ACCESS_KEY: "aws-secret-value", OPENAI_API_KEY: "sk-openai-value" };

/** A memory dir holding `compact.config.json`, and the folder above it, where `compact` runs. */
async function memoryWith(config: object) {
  const root = await tempDir();
  const dir = path.join(root, "memory");
  await cp(fixture("auto-weeks"), dir, { recursive: true });
  const file = path.join(dir, "compact.config.json");
  await writeFile(file, JSON.stringify(config));
  return { root, dir, file };
}

const settingsOf = (at: { root: string; dir: string }, options: { config?: string; provider?: string; env?: Record<string, string> } = {}) =>
  Compactor.resolveSettings({ cwd: at.root, dir: at.dir, env: options.env ?? ENV, ...options });

async function refusal(promise: Promise<unknown>): Promise<ConfigError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe("a config found in the memory dir or upward, and where it may send a key", () => {
  it("is refused when it sends another variable's value to its own host: one line, exit 2, naming file and setting, nothing written", async () => {
    const at = await memoryWith({ model: EVIL });
    const before = await readdir(at.dir, { recursive: true });
    const run = await runCli(["--auto", "--dir", at.dir], { cwd: at.root, env: ENV });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      `compact: ${at.file}: model.baseURL https://evil.example would receive your logs and the key in AWS_SECRET_ACCESS_KEY; a config not given with --config may send logs only to api.openai.com or a loopback host (localhost, 127.0.0.1, ::1), and a key only to api.openai.com — if you trust this file, pass it with --config ${at.file}\n`,
    );
    expect(run.stderr).not.toContain("aws-secret-value");
    expect(await readdir(at.dir, { recursive: true })).toEqual(before);
    const error = await refusal(settingsOf(at));
    expect(error.code).toBe("E_CONFIG");
    expect(error.file).toBe(at.file);
  });

  it("is accepted whole when given with --config", async () => {
    const at = await memoryWith({ model: EVIL });
    const { settings, configOrigin } = await settingsOf(at, { config: at.file });
    expect(configOrigin).toBe("given");
    expect(settings).toMatchObject({ provider: "openai", baseURL: EVIL.baseURL, apiKeyEnv: "AWS_SECRET_ACCESS_KEY" });
    const run = await runCli(["config", "--dir", at.dir, "--config", at.file], { cwd: at.root, env: ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("model.baseURL");
  });

  it("is refused when found upward from the working directory too", async () => {
    const root = await tempDir();
    const dir = path.join(root, "project", "memory");
    await cp(fixture("auto-weeks"), dir, { recursive: true });
    const file = path.join(root, "project", "compact.config.json");
    await writeFile(file, JSON.stringify({ dir: "memory", model: EVIL }));
    const run = await runCli(["config"], { cwd: path.join(root, "project"), env: ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(`^compact: ${file.replace(/[.]/g, "\\.")}: model\\.baseURL .* pass it with --config ${file.replace(/[.]/g, "\\.")}\\n$`),
    );
  });

  it("refuses the provider's own standard key sent to a host the config names (a proxy): set the URL yourself or pass --config", async () => {
    const at = await memoryWith({ model: { provider: "openai", baseURL: "https://proxy.corp.example/v1" } });
    const error = await refusal(settingsOf(at));
    expect(error.message).toContain("model.baseURL https://proxy.corp.example would receive your logs and the key in OPENAI_API_KEY;");
    expect(error.message).toMatch(/pass it with --config \S+, or set OPENAI_BASE_URL yourself$/);
    // The same URL set by the user is the user's choice.
    const mine = await memoryWith({ model: { provider: "openai" } });
    const { settings } = await settingsOf(mine, { env: { ...ENV, OPENAI_BASE_URL: "https://proxy.corp.example/v1" } });
    expect(settings.baseURL).toBe("https://proxy.corp.example/v1");
  });

  it("refuses a key variable of its own choosing sent to a host the user set", async () => {
    const at = await memoryWith({ model: { provider: "openai", apiKeyEnv: "AWS_SECRET_ACCESS_KEY" } });
    const error = await refusal(settingsOf(at, { env: { ...ENV, OPENAI_BASE_URL: "https://proxy.corp.example/v1" } }));
    expect(error.message).toContain("model.apiKeyEnv AWS_SECRET_ACCESS_KEY would send that key to https://proxy.corp.example (from env OPENAI_BASE_URL);");
    expect(error.message).not.toContain("or set OPENAI_BASE_URL");
    // To the provider's own host, a key variable is the config's to name.
    const { settings } = await settingsOf(at);
    expect(settings).toMatchObject({ baseURL: undefined, apiKeyEnv: "AWS_SECRET_ACCESS_KEY" });
  });

  it("accepts the provider's own host over https only", async () => {
    const own = await memoryWith({ model: { provider: "anthropic", baseURL: "https://api.anthropic.com", apiKeyEnv: "MY_ANTHROPIC_KEY" } });
    expect((await settingsOf(own)).settings.baseURL).toBe("https://api.anthropic.com");
    for (const baseURL of ["http://api.anthropic.com", "https://api.anthropic.com:8443", "https://api.anthropic.com.evil.example"]) {
      const other = await memoryWith({ model: { provider: "anthropic", baseURL } });
      expect((await refusal(settingsOf(other))).message).toContain(
        `model.baseURL ${new URL(baseURL).origin} would receive your logs and the key in ANTHROPIC_API_KEY`,
      );
    }
  });

  it("accepts a local Ollama, vLLM or LM Studio through ollama, which sends no key", async () => {
    for (const model of [
      { provider: "ollama", baseURL: "http://localhost:11434/v1" },
      { provider: "ollama", baseURL: "http://127.0.0.1:11434/v1" },
      { provider: "ollama", baseURL: "http://[::1]:8000/v1" },
      { provider: "ollama", baseURL: "http://localhost:1234/v1" },
    ]) {
      const at = await memoryWith({ model });
      expect((await settingsOf(at)).settings.baseURL).toBe(model.baseURL);
    }
    const local = await memoryWith({ model: { provider: "ollama" } });
    const run = await runCli(["config", "--dir", local.dir, "--json"], { env: ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ configFile: local.file, configOrigin: "found" });
    const given = await runCli(["config", "--dir", local.dir, "--config", local.file, "--json"], { env: ENV });
    expect(JSON.parse(given.stdout)).toMatchObject({ configFile: local.file, configOrigin: "given" });
  });

  it("refuses the standard key sent to a loopback port: on a shared machine anyone can listen there", async () => {
    for (const provider of ["openai", "anthropic"]) {
      const at = await memoryWith({ model: { provider, baseURL: "http://127.0.0.1:18765/v1" } });
      const error = await refusal(settingsOf(at));
      const [keyEnv, host] = provider === "openai" ? ["OPENAI_API_KEY", "api.openai.com"] : ["ANTHROPIC_API_KEY", "api.anthropic.com"];
      expect(error.message).toContain(
        `model.baseURL http://127.0.0.1:18765 would receive the key in ${keyEnv}; a config not given with --config may send a key only to ${host} (a local server takes "provider": "ollama", which sends none)`,
      );
      expect((await settingsOf(at, { config: at.file })).settings.baseURL).toBe("http://127.0.0.1:18765/v1");
    }
    // The host set by the user is the user's choice.
    const keyed = await memoryWith({ model: { provider: "openai" } });
    expect((await settingsOf(keyed, { env: { ...ENV, OPENAI_BASE_URL: "http://127.0.0.1:18765/v1" } })).settings.baseURL).toBe("http://127.0.0.1:18765/v1");
  });

  it("refuses a key variable of its own sent to a loopback port: on a shared machine anyone can listen there", async () => {
    const lmStudio = await memoryWith({ model: { provider: "openai", baseURL: "http://localhost:9999/v1", apiKeyEnv: "AWS_SECRET_ACCESS_KEY" } });
    const error = await refusal(settingsOf(lmStudio));
    expect(error.message).toContain("model.apiKeyEnv AWS_SECRET_ACCESS_KEY would send that key to http://localhost:9999 (from config ");
    expect(error.message).toContain("a config not given with --config may name its own key variable only for api.openai.com");
    const ollama = await memoryWith({ model: { provider: "ollama", apiKeyEnv: "OLLAMA_PROXY_KEY" } });
    expect((await refusal(settingsOf(ollama))).message).toContain("may name no key variable of its own");
    expect((await settingsOf(lmStudio, { config: lmStudio.file })).settings.apiKeyEnv).toBe("AWS_SECRET_ACCESS_KEY");
    // To the provider's own host, a variable of its own is the user's key going where the user's key goes.
    const own = await memoryWith({ model: { provider: "openai", apiKeyEnv: "WORK_OPENAI_KEY" } });
    expect((await settingsOf(own)).settings.apiKeyEnv).toBe("WORK_OPENAI_KEY");
  });

  it("refuses another machine even with no key: the logs would go there", async () => {
    const keyless = await memoryWith({ model: { provider: "ollama", baseURL: "http://gpu-box:11434/v1" } });
    const error = await refusal(settingsOf(keyless));
    expect(error.message).toContain(
      "model.baseURL http://gpu-box:11434 would receive your logs; a config not given with --config may send logs only to a loopback host (localhost, 127.0.0.1, ::1)",
    );
    expect(error.message).toContain("or set OLLAMA_BASE_URL yourself");
    expect((await settingsOf(keyless, { env: { ...ENV, OLLAMA_BASE_URL: "http://gpu-box:11434/v1" } })).settings.provider).toBe("ollama");
    expect((await settingsOf(keyless, { config: keyless.file })).settings.baseURL).toBe("http://gpu-box:11434/v1");
  });

  it("is checked on the provider in force: a flag that turns the config's URL into a key's destination is refused", async () => {
    const at = await memoryWith({ model: { baseURL: "https://evil.example/v1" } });
    expect((await settingsOf(at)).settings.provider).toBe("offline");
    const error = await refusal(settingsOf(at, { provider: "openai" }));
    expect(error.message).toContain("model.baseURL https://evil.example would receive your logs and the key in OPENAI_API_KEY");
  });

  it("is shown by compact config without a password or key written into its URLs, as text and as JSON", async () => {
    const url = "http://user:s3cretPass@127.0.0.1:9/v1?api-key=sk-abcdef0123456789";
    const at = await memoryWith({ model: { provider: "ollama", baseURL: url }, embeddings: { provider: "openai", model: "m", baseURL: url } });
    for (const json of [[], ["--json"]]) {
      const run = await runCli(["config", "--dir", at.dir, "--config", at.file, ...json], { env: ENV });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("127.0.0.1:9/v1");
      expect(run.stdout).not.toContain("s3cretPass");
      expect(run.stdout).not.toContain("sk-abcdef0123456789");
    }
  });

  it("is shown by compact config with every part of a URL that can hold a secret masked, whatever the secret looks like", async () => {
    // Short, plain values no secret pattern knows: a user name that is a token, a query key, a fragment.
    const url = "http://hunter2@127.0.0.1:9/v1?key=qwa7&region=eu&key=zq9x#tok=xyzzy";
    const at = await memoryWith({ model: { provider: "ollama", baseURL: url }, embeddings: { provider: "openai", model: "m", baseURL: url } });
    for (const json of [[], ["--json"]]) {
      const run = await runCli(["config", "--dir", at.dir, "--config", at.file, ...json], { env: ENV });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("127.0.0.1:9/v1?key=***&region=***");
      expect(run.stdout).not.toMatch(/hunter2|qwa7|zq9x|xyzzy/);
    }
  });

  it("is shown by compact config with a key in the URL's path, or a query that is a key alone, still redacted", async () => {
    // Masking the parts that can hold a secret left the path whole, unredacted: a key pasted there was printed.
    const anthropic = "sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789abcdEFGHijklMNOPqrstuvWX-AbCdEfGh";
    const openai = "sk-proj-Zk3uQ9xW7pLm2VbN8cRtAbCdEfGhIjKl";
    const at = await memoryWith({
      model: { provider: "ollama", baseURL: `http://127.0.0.1:9/${anthropic}/v1` },
      embeddings: { provider: "openai", model: "m", baseURL: `http://127.0.0.1:9/v1?${openai}` },
    });
    for (const json of [[], ["--json"]]) {
      const run = await runCli(["config", "--dir", at.dir, "--config", at.file, ...json], { env: ENV });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain("127.0.0.1:9/");
      expect(run.stdout).not.toMatch(/AbCdEfGhIjKl|Zk3uQ9xW7pLm/);
    }
  });

  it("is refused as invalid without the key written where its variable's name goes, or a password in a URL that is not one", async () => {
    // Given: the key itself pasted into apiKeyEnv, and a baseURL with a password and a space in it.
    const key = "sk-proj-Zk3uQ9xW7pLm2VbN8cRtAbCdEfGhIjKlMnOpQrStUvWx";
    const at = await memoryWith({
      model: { provider: "openai", apiKeyEnv: key, baseURL: "http://user:s3cretPass@127.0.0.1:9 /v1" },
      embeddings: { provider: "openai", model: "m", apiKeyEnv: "7f3e9a1c5b2d4e6f8a0b1c2d3e4f5a6b" },
    });
    for (const json of [[], ["--json"]]) {
      const run = await runCli(["config", "--dir", at.dir, "--config", at.file, ...json], { env: ENV });
      expect(run.code).toBe(2);
      expect(run.stdout + run.stderr).toContain(
        "model.apiKeyEnv: must be an environment variable name (given: a value not shown, as it may be the key itself)",
      );
      expect(run.stdout + run.stderr).toContain("embeddings.apiKeyEnv: must be an environment variable name (given: a value not shown");
      expect(run.stdout + run.stderr).toContain("model.baseURL: Invalid URL (given:");
      expect(run.stdout + run.stderr).not.toMatch(/Zk3uQ9xW7pLm2VbN8cRt|s3cretPass|7f3e9a1c5b2d4e6f8a0b/);
    }
  });

  it("never prints a user name or password written into the URL", async () => {
    const at = await memoryWith({ model: { provider: "openai", baseURL: "https://user:hunter2@evil.example/v1" } });
    expect((await refusal(settingsOf(at))).message).not.toContain("hunter2");
    // A scheme with no origin is named by its scheme and host, not as "null".
    const ftp = await memoryWith({ model: { provider: "openai", baseURL: "ftp://user:hunter2@evil.example/v1" } });
    const message = (await refusal(settingsOf(ftp))).message;
    expect(message).toContain("model.baseURL ftp://evil.example would receive");
    expect(message).not.toContain("hunter2");
  });

  it("holds for embeddings: a found embeddings.baseURL elsewhere is refused, a loopback one or a given one accepted", async () => {
    const embeddings = { provider: "openai", model: "text-embedding-3-small", baseURL: "https://evil.example/v1" };
    const at = await memoryWith({ embeddings });
    expect((await refusal(settingsOf(at))).message).toContain(
      "embeddings.baseURL https://evil.example would receive your memories and the key in OPENAI_API_KEY;",
    );
    // With no key set, the memories would still go there.
    expect((await refusal(settingsOf(at, { env: {} }))).message).toContain("embeddings.baseURL https://evil.example would receive your memories;");
    expect((await settingsOf(at, { config: at.file })).settings.embeddings).toEqual(embeddings);
    // A loopback endpoint the file chose gets the memories, never the key.
    const local = await memoryWith({ embeddings: { ...embeddings, baseURL: "http://localhost:11434/v1" } });
    expect((await settingsOf(local)).settings.embeddings).toMatchObject({ baseURL: "http://localhost:11434/v1", apiKeyEnv: "" });
    expect((await settingsOf(local, { config: local.file })).settings.embeddings?.apiKeyEnv).toBeUndefined();
    // compact config says why no key goes, where the settings show only `"apiKeyEnv": ""`.
    const shown = await runCli(["config", "--dir", local.dir], { cwd: local.root, env: ENV });
    expect(shown.stdout).toMatch(/embeddings\.apiKey +none sent: a config found, not given with --config, sends no key to a loopback host\n/);
    const given = await runCli(["config", "--dir", local.dir, "--config", local.file], { cwd: local.root, env: ENV });
    expect(given.stdout).toMatch(/embeddings\.apiKey +OPENAI_API_KEY is set\n/);
    const localKeyed = await memoryWith({ embeddings: { ...embeddings, baseURL: "http://localhost:11434/v1", apiKeyEnv: "ANY_KEY" } });
    expect((await refusal(settingsOf(localKeyed))).message).toContain("embeddings.apiKeyEnv ANY_KEY would send that key to http://localhost:11434;");
    const named = await memoryWith({ embeddings: { provider: "openai", model: "m", apiKeyEnv: "AWS_SECRET_ACCESS_KEY" } });
    expect((await settingsOf(named)).settings.embeddings?.apiKeyEnv).toBe("AWS_SECRET_ACCESS_KEY");
    expect((await refusal(settingsOf(named, { env: { ...ENV, OPENAI_BASE_URL: "https://proxy.corp.example/v1" } }))).message).toContain(
      "embeddings.apiKeyEnv AWS_SECRET_ACCESS_KEY would send that key to https://proxy.corp.example (from env OPENAI_BASE_URL);",
    );
  });
});

describe("a found config's prompts.dir", () => {
  it("is refused when it leads outside the config's folder: by path, or absolute", async () => {
    const at = await memoryWith({});
    const outside = path.join(at.root, "outside");
    await mkdir(outside);
    for (const dir of ["../outside", outside]) {
      await writeFile(at.file, JSON.stringify({ prompts: { dir } }));
      const run = await runCli(["--auto", "--dir", at.dir], { cwd: at.root, env: {} });
      expect(run.code).toBe(2);
      expect(run.stderr).toBe(
        `compact: ${at.file}: prompts.dir ${outside} leads outside ${at.dir}, the folder of this config; a config not given with --config reads prompts only from inside its folder — if you trust this file, pass it with --config ${at.file}\n`,
      );
    }
    await writeFile(at.file, JSON.stringify({ prompts: { dir: "../outside" } }));
    expect((await settingsOf(at, { config: at.file })).settings.promptsDir).toBe(outside);
  });

  it("is refused when a symbolic link inside it leads outside: the folder, or a prompt file", async () => {
    const at = await memoryWith({ prompts: { dir: "prompts" } });
    const secrets = path.join(at.root, "secrets");
    await mkdir(secrets);
    await writeFile(path.join(secrets, "id_rsa"), "-----BEGIN OPENSSH PRIVATE KEY-----\n");
    await symlink(secrets, path.join(at.dir, "prompts"));
    const error = await refusal(settingsOf(at));
    expect(error.message).toContain(`prompts.dir ${path.join(at.dir, "prompts")} (a symbolic link to ${secrets}) leads outside ${at.dir}`);

    const file = await memoryWith({ prompts: { dir: "prompts" } });
    await mkdir(path.join(file.dir, "prompts"));
    await symlink(path.join(secrets, "id_rsa"), path.join(file.dir, "prompts", "compact-system.md"));
    expect((await refusal(settingsOf(file))).message).toContain(
      `prompts.dir ${path.join(file.dir, "prompts", "compact-system.md")} (a symbolic link to ${path.join(secrets, "id_rsa")}) leads outside`,
    );
  });

  it("is checked again as each prompt is read: a prompt swapped for a link outside after the config was loaded is refused, not read", async () => {
    const key = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n";
    /** A found config whose prompts are all inside its folder when it is loaded, and a private key outside it. */
    async function swappable() {
      const at = await memoryWith({ prompts: { dir: "prompts" } });
      const prompts = path.join(at.dir, "prompts");
      await mkdir(prompts);
      for (const [name, text] of [
        ["compact-system.md", "Be brief.\n"],
        ["compact-user.md", "{daily_logs}\n## {week_label}\n"],
        ["consolidate-system.md", "Judge.\n"],
        ["consolidate-user.md", "{groups}\n"],
      ]) {
        await writeFile(path.join(prompts, name!), text!);
      }
      const secret = path.join(at.root, "id_rsa");
      await writeFile(secret, key);
      const swap = async (name: string) => {
        await rm(path.join(prompts, name));
        await symlink(secret, path.join(prompts, name));
      };
      return { ...at, prompts, secret, swap };
    }
    const at = await swappable();
    const compactor = await Compactor.open({ cwd: at.root, dir: at.dir, env: {} });
    expect(compactor.resolved.configOrigin).toBe("found");
    await at.swap("compact-system.md");
    const error = await refusal(compactor.context.prompts());
    expect([error.message, error.file]).toEqual([
      `${at.file}: prompts.dir ${path.join(at.prompts, "compact-system.md")} (a symbolic link to ${at.secret}) leads outside ${at.dir}, the folder of this config; a config not given with --config reads prompts only from inside its folder — if you trust this file, pass it with --config ${at.file}`,
      at.file,
    ]);
    // The consolidation prompts too: refused, not read, and not quietly replaced by the built-in ones.
    expect((await compactor.context.consolidationPrompts()).system).toBe("Judge.\n");
    await at.swap("consolidate-system.md");
    expect((await refusal(compactor.context.consolidationPrompts())).message).toContain(
      `prompts.dir ${path.join(at.prompts, "consolidate-system.md")} (a symbolic link to ${at.secret}) leads outside`,
    );
    // Given with --config, the same swap is read, as any prompt of a given config may be.
    const given = await swappable();
    const trusted = await Compactor.open({ cwd: given.root, dir: given.dir, env: {}, config: given.file });
    await given.swap("compact-system.md");
    expect((await trusted.context.prompts()).system).toBe(key.trimEnd());
  });

  it("is accepted inside the config's folder, links inside it included", async () => {
    const at = await memoryWith({ prompts: { dir: "prompts" } });
    await mkdir(path.join(at.dir, "my-prompts"));
    await writeFile(path.join(at.dir, "my-prompts", "compact-system.md"), "system\n");
    await writeFile(path.join(at.dir, "my-prompts", "compact-user.md"), "{week_label}\n{daily_logs}\n");
    await symlink(path.join(at.dir, "my-prompts"), path.join(at.dir, "prompts"));
    expect((await settingsOf(at)).settings.promptsDir).toBe(path.join(at.dir, "prompts"));
    // And read through that link when the run reads them.
    const compactor = await Compactor.open({ cwd: at.root, dir: at.dir, env: {} });
    expect(await compactor.context.prompts()).toEqual({ system: "system", userTemplate: "{week_label}\n{daily_logs}\n" });
    await writeFile(at.file, JSON.stringify({ prompts: { dir: "my-prompts" } }));
    expect((await settingsOf(at)).settings.promptsDir).toBe(path.join(at.dir, "my-prompts"));
  });
});

describe("a found config's dir, the memory dir every run writes into", () => {
  /** A project folder holding `compact.config.json`, where `compact` runs, with a memory dir beside it and one outside. */
  async function projectWith(config: object) {
    const root = await tempDir();
    const project = path.join(root, "project");
    await cp(fixture("auto-weeks"), path.join(project, "memory"), { recursive: true });
    const outside = path.join(root, "outside");
    await cp(fixture("auto-weeks"), outside, { recursive: true });
    const file = path.join(project, "compact.config.json");
    await writeFile(file, JSON.stringify(config));
    return { root, project, outside, file };
  }
  const refusedDir = (file: string, where: string) =>
    `${file}: dir ${where} leads outside ${path.dirname(file)}, the folder of this config; a config not given with --config keeps the memory dir inside its folder — if you trust this file, pass it with --config ${file}, or choose the memory dir yourself with --dir or COMPACT_DIR`;

  it("is refused when it leads outside the config's folder, by path or absolute: status, config, schedule and the library, nothing written", async () => {
    for (const dir of ["../outside", "ABSOLUTE"]) {
      const at = await projectWith({});
      await writeFile(at.file, JSON.stringify({ dir: dir === "ABSOLUTE" ? at.outside : dir }));
      const before = await readdir(at.outside, { recursive: true });
      for (const command of [["status"], ["config"], ["schedule"], ["--auto"]]) {
        const run = await runCli(command, { cwd: at.project, env: {} });
        expect([run.code, run.stdout, run.stderr], command.join(" ")).toEqual([2, "", `compact: ${refusedDir(at.file, at.outside)}\n`]);
      }
      const error = await refusal(Compactor.open({ cwd: at.project, env: {} }));
      expect([error.message, error.file]).toEqual([refusedDir(at.file, at.outside), at.file]);
      expect(await readdir(at.outside, { recursive: true })).toEqual(before);
    }
  });

  it("is refused when a symbolic link inside the folder leads outside, or leads nowhere", async () => {
    const at = await projectWith({ dir: "linked" });
    await symlink(at.outside, path.join(at.project, "linked"));
    const linked = path.join(at.project, "linked");
    expect((await refusal(Compactor.open({ cwd: at.project, env: {} }))).message).toBe(refusedDir(at.file, `${linked} (which leads to ${at.outside})`));
    // A folder on the way that is a link counts too.
    await writeFile(at.file, JSON.stringify({ dir: "linked/sub" }));
    expect((await refusal(Compactor.resolveSettings({ cwd: at.project, env: {} }))).message).toBe(
      refusedDir(at.file, `${path.join(linked, "sub")} (which leads to ${path.join(at.outside, "sub")})`),
    );
    const nowhere = await projectWith({ dir: "later" });
    await symlink(path.join(nowhere.root, "not-yet"), path.join(nowhere.project, "later"));
    expect((await refusal(Compactor.resolveSettings({ cwd: nowhere.project, env: {} }))).message).toBe(
      refusedDir(nowhere.file, `${path.join(nowhere.project, "later")} (a symbolic link that leads nowhere)`),
    );
  });

  it("is accepted inside the config's folder, links inside it included", async () => {
    const at = await projectWith({ dir: "memory" });
    const status = await runCli(["status"], { cwd: at.project, env: {} });
    expect(status.code, status.stderr).toBe(0);
    expect((await Compactor.open({ cwd: at.project, env: {} })).settings.dir).toBe(path.join(at.project, "memory"));
    await symlink(path.join(at.project, "memory"), path.join(at.project, "current"));
    for (const dir of ["current", ".", "not-made-yet"]) {
      await writeFile(at.file, JSON.stringify({ dir }));
      expect((await Compactor.resolveSettings({ cwd: at.project, env: {} })).settings.dir).toBe(path.resolve(at.project, dir));
    }
  });

  it("is not refused when --dir or COMPACT_DIR chooses the memory dir, or when the file is given with --config", async () => {
    const at = await projectWith({ dir: "../outside" });
    const flag = await runCli(["status", "--dir", "memory"], { cwd: at.project, env: {} });
    expect(flag.code, flag.stderr).toBe(0);
    const variable = await runCli(["config", "--json"], { cwd: at.project, env: { COMPACT_DIR: "memory" } });
    expect(variable.code, variable.stderr).toBe(0);
    expect(JSON.parse(variable.stdout)).toMatchObject({ configFile: at.file, configOrigin: "found", settings: { dir: path.join(at.project, "memory") } });
    expect((await Compactor.open({ cwd: at.project, env: {}, dir: "memory" })).settings.dir).toBe(path.join(at.project, "memory"));
    const given = await Compactor.open({ cwd: at.project, env: {}, config: at.file });
    expect([given.resolved.configOrigin, given.settings.dir]).toEqual(["given", at.outside]);
    const schedule = await runCli(["schedule", "--config", at.file], { cwd: at.project, env: {} });
    expect(schedule.code, schedule.stderr).toBe(0);
    expect(schedule.stdout).toContain(`# compact --auto for ${at.outside}\n`);
  });
});

describe("a config found on its own that another user owns", () => {
  // A folder others may write to (`/tmp`), a project in it and its memory dir.
  const sharedFolder = async () => {
    const shared = await tempDir();
    const work = path.join(shared, "work");
    const dir = path.join(work, "memory");
    await cp(fixture("auto-weeks"), dir, { recursive: true });
    return { shared, work, dir };
  };
  const LOOPBACK_CONFIG = JSON.stringify({ model: { provider: "ollama", baseURL: "http://127.0.0.1:9/v1" } });

  // As git refuses a repository another user owns: a config found upward in a shared folder (`/tmp`) was read, and
  // its loopback baseURL took the logs to a port anyone on the machine can listen on, its dir any folder in `/tmp`.
  // Only root can give a file to another user: elsewhere the rule is read by `compact` as any user's is.
  it.skipIf(process.getuid?.() !== 0)("is refused, whatever it says: one line, exit 2, pass it with --config if you trust it", async () => {
    const { shared, work, dir } = await sharedFolder();
    const file = path.join(shared, "compact.config.json");
    await writeFile(file, LOOPBACK_CONFIG);
    await chown(file, 65534, 65534);
    for (const argv of [["status", "--dir", dir], ["config"]]) {
      const run = await runCli(argv, { cwd: work, env: ENV });
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toBe(
        `compact: ${file}: owned by another user (uid 65534); compact reads a config it finds on its own only when it is yours or root's — if you trust this file, pass it with --config ${file}\n`,
      );
    }
    const given = await runCli(["status", "--dir", dir, "--config", file], { cwd: work, env: ENV });
    expect(given.code, given.stderr).toBe(0);
  });

  it.skipIf(process.getuid?.() !== 0)("is refused as another user's link to a file of yours, or in another user's folder", async () => {
    const { shared, work, dir } = await sharedFolder();
    const mine = path.join(await tempDir(), "mine.json");
    await writeFile(mine, LOOPBACK_CONFIG);
    const link = path.join(shared, "compact.config.json");
    await symlink(mine, link);
    await lchown(link, 65534, 65534);
    const linked = await runCli(["status", "--dir", dir], { cwd: work, env: ENV });
    expect([linked.code, linked.stderr]).toEqual([2, expect.stringContaining(`${link}: a link another user owns (uid 65534);`)]);
    // A file of yours in a folder another user owns.
    await rm(link);
    const theirs = path.join(shared, "theirs");
    const inner = path.join(theirs, "work");
    await cp(fixture("auto-weeks"), path.join(inner, "memory"), { recursive: true });
    const file = path.join(theirs, "compact.config.json");
    await writeFile(file, LOOPBACK_CONFIG);
    await chown(theirs, 65534, 65534);
    const folder = await runCli(["status", "--dir", path.join(inner, "memory")], { cwd: inner, env: ENV });
    expect([folder.code, folder.stderr]).toEqual([2, expect.stringContaining(`${file}: in a folder another user owns (uid 65534);`)]);
    // Yours in a folder of yours or root's is read.
    await chown(theirs, 0, 0);
    const read = await runCli(["status", "--dir", path.join(inner, "memory")], { cwd: inner, env: ENV });
    expect(read.code, read.stderr).toBe(0);
  });

  // Only the link found and the folder it is in were checked: a link of yours that went on through another user's link,
  // or to a file of yours in their folder, was read, and they could point it at their own file as it was read.
  it.skipIf(process.getuid?.() !== 0)("is refused through another user's link further on, or in their folder after a link of yours", async () => {
    const { shared, work, dir } = await sharedFolder();
    const mine = path.join(await tempDir(), "mine.json");
    await writeFile(mine, LOOPBACK_CONFIG);
    const theirs = path.join(shared, "theirs");
    await mkdir(theirs);
    const between = path.join(theirs, "link.json");
    await symlink(mine, between);
    await lchown(between, 65534, 65534);
    const found = path.join(work, "compact.config.json");
    await symlink(between, found);
    const chained = await runCli(["status", "--dir", dir], { cwd: work, env: ENV });
    expect([chained.code, chained.stderr]).toEqual([2, expect.stringContaining(`${found}: a link another user owns (uid 65534) (${between});`)]);
    // A link of yours to a file of yours in a folder another user owns.
    await rm(between);
    await writeFile(between, LOOPBACK_CONFIG);
    await chown(theirs, 65534, 65534);
    const folder = await runCli(["status", "--dir", dir], { cwd: work, env: ENV });
    expect([folder.code, folder.stderr]).toEqual([2, expect.stringContaining(`${found}: in a folder another user owns (uid 65534);`)]);
    // A config in the memory dir, through a link of yours above it in a folder another user owns.
    await rm(found);
    const real = path.join(await tempDir(), "real");
    await cp(fixture("auto-weeks"), path.join(real, "memory"), { recursive: true });
    await writeFile(path.join(real, "memory", "compact.config.json"), LOOPBACK_CONFIG);
    const above = path.join(theirs, "project");
    await symlink(real, above);
    const linkedDir = await runCli(["status", "--dir", path.join(above, "memory")], { cwd: work, env: ENV });
    expect([linkedDir.code, linkedDir.stderr]).toEqual([2, expect.stringContaining(`a link in a folder another user owns (uid 65534) (${above});`)]);
    // Through links of yours in folders of yours, to a file of yours, it is read.
    await chown(theirs, 0, 0);
    const read = await runCli(["status", "--dir", path.join(above, "memory")], { cwd: work, env: ENV });
    expect(read.code, read.stderr).toBe(0);
  });
});
