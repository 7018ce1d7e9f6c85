import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { redactBytes, redactSecrets } from "../../src/logs/redact-secrets.js";
import { CORPUS_DIR, corpusFiles, corpusPresent } from "../helpers/corpus.js";

describe.skipIf(!corpusPresent)("redaction over the real logs", () => {
  it.each(corpusFiles())("%s: keeps every line, is idempotent, bytes agree with text", async (relPath) => {
    const bytes = await readFile(path.join(CORPUS_DIR, relPath));
    const text = bytes.toString("utf8");
    const once = await redactSecrets(text);
    expect(once.text.split("\n")).toHaveLength(text.split("\n").length);
    expect(await redactSecrets(once.text)).toEqual({ text: once.text, count: 0, kinds: [] });
    const fromBytes = await redactBytes(new Uint8Array(bytes));
    expect(Buffer.from(fromBytes.bytes).toString("utf8")).toBe(once.text);
  });
});
