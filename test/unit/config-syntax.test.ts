import { writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findJsonError, lineColumn } from "../../src/config/config-syntax.js";
import { runCli } from "../helpers/run-cli.js";
import { tempDir } from "../helpers/temp-dir.js";

// A key pasted where a variable's name goes, unquoted: JSON.parse's message on Node 20 quoted "{"apiKeyEnv": sk-proj-Zk3".
const KEY = "sk-proj-Zk3uQ9xW7pLm2VbN8cRtAbCdEfGhIjKl";

describe("a config file that does not parse", () => {
  it("is said by line and column, never quoting the file: a key next to the error stays off the screen", async () => {
    const cases = [
      [
        "compact.config.json",
        `{\n  "model": {\n    "provider": "openai",\n    "apiKeyEnv": ${KEY}\n  }\n}\n`,
        "4:18: not valid JSON: a character that starts no JSON value (text goes in double quotes)",
      ],
      [
        "compact.config.json",
        `{\r\n  "model": { "apiKeyEnv": "${KEY}" "name": "x" }\r\n}`,
        "2:70: not valid JSON: a property value not followed by ',' or '}'",
      ],
      ["compact.config.json", `{"model": {"apiKeyEnv": "${KEY}`, "1:66: not valid JSON: a string that is never closed"],
      [".compactrc.yaml", `%YAML ${KEY}\n---\nmodel: {}\n`, "1:7: not valid YAML: a % directive this YAML reader does not support"],
      [".compactrc.yaml", `model:\n  apiKeyEnv: *${KEY}\n`, "2:14: not valid YAML: an alias (*…) whose anchor (&…) is not set before it"],
      [".compactrc", `model:\n  apiKeyEnv: "${KEY}\n`, "3:1: not valid YAML: a closing quote or bracket missing"],
    ];
    for (const [name, text, where] of cases) {
      const dir = await tempDir();
      const file = path.join(dir, name!);
      await writeFile(file, text!);
      for (const json of [[], ["--json"]]) {
        const run = await runCli(["status", "--dir", dir, ...json], { env: {} });
        expect(run.code, name).toBe(2);
        expect(run.stdout + run.stderr).toContain(`${file}:${where}`);
        expect(run.stdout + run.stderr).not.toMatch(/Zk3u|sk-proj/);
        if (json.length === 0) expect(run.stderr).toBe(`compact: ${file}:${where}\n`);
        else expect(JSON.parse(run.stdout)).toMatchObject({ ok: false, error: { code: "E_CONFIG", file, message: `${file}:${where}` } });
      }
    }
  });
});

describe("an unknown key in a config", () => {
  // A key pasted where a setting's name goes was printed whole in the warning that ignores it.
  it("is named in its warning, redacted when it is a secret, and ignored", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ modle: {}, [KEY]: true, model: { provider: "offline", [KEY]: 1 } }));
    const run = await runCli(["status", "--dir", dir], { env: {} });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/Zk3u|sk-proj/);
    const warned = run.stderr.split("\n").filter((line) => line.includes("unknown key"));
    expect(warned.map((line) => line.replace(/^.*unknown key /, "")).sort()).toEqual([
      "'[REDACTED:openai-key]' ignored",
      "'model.[REDACTED:openai-key]' ignored",
      "'modle' ignored",
    ]);
  });
});

describe("a wrong value under a key that is a secret", () => {
  // A record's key (a model's name in `prices`, a type in `retention`) pasted from a key was printed whole in the error.
  it("names the key redacted in the error", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "compact.config.json"), JSON.stringify({ prices: { [KEY]: "oops" }, retention: { [KEY]: "x" } }));
    const run = await runCli(["status", "--dir", dir], { env: {} });
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).not.toMatch(/Zk3u|sk-proj/);
    expect(run.stderr).toContain("prices.[REDACTED:openai-key]: ");
    expect(run.stderr).toContain("retention.[REDACTED:openai-key]: ");
  });
});

describe("a JSON config saved with a byte order mark", () => {
  // Windows' Notepad writes one; lilconfig's own JSON loader and the YAML reader take it, ours refused the file.
  it("is read, and an error in it is placed as an editor shows it, without the mark", async () => {
    const dir = await tempDir();
    const file = path.join(dir, "compact.config.json");
    await writeFile(file, '\uFEFF{"model": {"provider": "offline"}}\n');
    const run = await runCli(["status", "--dir", dir], { env: {} });
    expect(run.code, run.stderr).toBe(0);
    await writeFile(file, '\uFEFF{"model": x}\n');
    const bad = await runCli(["status", "--dir", dir], { env: {} });
    expect(bad.stderr).toBe(`compact: ${file}:1:11: not valid JSON: a character that starts no JSON value (text goes in double quotes)\n`);
  });
});

describe("findJsonError", () => {
  it("finds what JSON.parse refuses, where JSON.parse says it is, and nothing in what it takes", () => {
    const seeds = ['{"a": 1, "b": [true, false, null, -0.5e+3, "x\\n\\u00e9"], "c": {}}', "[]", '"s"', "0", '[1,[2,[3,{"x":[]}]]]'];
    const alphabet = [...'{}[],:"\\u01-.eE+ \n\tfnals/b\u0001'];
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    for (let k = 0; k < 20_000; k++) {
      let text = seeds[random(seeds.length)]!;
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(text.length + 1);
        const char = alphabet[random(alphabet.length)]!;
        text = random(2) ? text.slice(0, at) + char + text.slice(at) : text.slice(0, at) + text.slice(at + 1);
      }
      let message: string | undefined;
      try {
        JSON.parse(text);
      } catch (error) {
        message = (error as Error).message;
      }
      const found = findJsonError(text);
      expect(found === undefined, JSON.stringify(text)).toBe(message === undefined);
      if (message === undefined || found === undefined) continue;
      const position = /at position (\d+)/.exec(message)?.[1] ?? (message.startsWith("Unexpected end") ? String(text.length) : undefined);
      if (position !== undefined) expect(found.offset, `${JSON.stringify(text)}: ${message}`).toBe(Number(position));
      const token = /^Unexpected token '(.)'/su.exec(message)?.[1];
      if (token !== undefined) expect(text[found.offset], `${JSON.stringify(text)}: ${message}`).toBe(token);
    }
  });

  it("names a byte order mark, which JSON.parse does not take", () => {
    expect(findJsonError('\uFEFF{"a": 1}')).toEqual({ offset: 0, reason: "a byte order mark (save the file as UTF-8 without one)" });
  });

  it("does not overflow the stack on deep nesting", () => {
    expect(findJsonError("[".repeat(1_000_000))).toEqual({ offset: 1_000_000, reason: "the file ends too early" });
    expect(findJsonError(`${"[".repeat(100_000)}${"]".repeat(100_000)}`)).toBeUndefined();
  });
});

describe("lineColumn", () => {
  it("counts lines ended by \\n, \\r\\n or \\r, and columns from 1", () => {
    expect(lineColumn("ab", 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn("a\nbc", 3)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("a\r\nbc", 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn("a\rb\nc", 4)).toEqual({ line: 3, column: 1 });
  });
});
