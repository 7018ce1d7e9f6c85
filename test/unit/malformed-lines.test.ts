import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { answerMalformedLines } from "../../src/mcp/malformed-lines.js";

const isMessage = (value: unknown) => typeof value === "object" && value !== null && (value as { jsonrpc?: unknown }).jsonrpc === "2.0";

async function pass(chunks: Buffer[]): Promise<{ passed: string; replies: string[] }> {
  const replies: string[] = [];
  const filter = Readable.from(chunks).pipe(answerMalformedLines(isMessage, (line) => replies.push(line)));
  let passed = "";
  for await (const chunk of filter) passed += String(chunk);
  return { passed, replies };
}

describe("answerMalformedLines", () => {
  it("passes messages through whole, however the bytes are cut, and answers the rest", async () => {
    const bytes = Buffer.from(
      '{"jsonrpc":"2.0","method":"a","params":{"q":"héllo 🚀"}}\r\nnot json\n\n{"id":3}\n{"id":4,"result":{"bad":true}}\n{"id":5,"error":"no"}\n{"jsonrpc":"2.0","method":"b"}\n',
    );
    // One byte at a time: every character of more than one byte is cut.
    const { passed, replies } = await pass([...bytes].map((byte) => Buffer.from([byte])));
    expect(passed).toBe('{"jsonrpc":"2.0","method":"a","params":{"q":"héllo 🚀"}}\n{"jsonrpc":"2.0","method":"b"}\n');
    // No id when it is unknown (MCP allows no null id); a malformed response is not answered.
    expect(replies.map((line) => JSON.parse(line))).toEqual([
      { jsonrpc: "2.0", error: { code: -32700, message: expect.any(String) } },
      { jsonrpc: "2.0", id: 3, error: { code: -32600, message: expect.any(String) } },
    ]);
  });

  it("answers a line too long to hold once, skips its rest, and reads the next", async () => {
    // Under ten million characters, over ten megabytes: the limit is in bytes, as the SDK's is.
    const long = Buffer.from(`{"jsonrpc":"2.0","method":"a","params":{"q":"${"漢".repeat(4 * 1024 * 1024)}"}}\n`);
    const next = Buffer.from('{"jsonrpc":"2.0","method":"b"}\n');
    const chunks = [];
    for (let at = 0; at < long.length; at += 1 << 20) chunks.push(long.subarray(at, at + (1 << 20)));
    const { passed, replies } = await pass([...chunks, next]);
    expect(passed).toBe('{"jsonrpc":"2.0","method":"b"}\n');
    expect(replies).toHaveLength(1);
    expect(JSON.parse(replies[0]!).error.code).toBe(-32700);
  });

  it("answers a line too long that ends in the chunk it started in, after a line of its own", async () => {
    const chunk = Buffer.from(
      `{"jsonrpc":"2.0","method":"a"}\n{"jsonrpc":"2.0","id":5,"method":"ping","params":{"q":"${"x".repeat(10 * 1024 * 1024 + 1000)}"}}\n{"jsonrpc":"2.0","method":"b"}\n`,
    );
    const { passed, replies } = await pass([chunk]);
    expect(passed).toBe('{"jsonrpc":"2.0","method":"a"}\n{"jsonrpc":"2.0","method":"b"}\n');
    expect(replies.map((line) => JSON.parse(line).error.code)).toEqual([-32700]);
  });

  it("takes a long line in small chunks in time linear in its length (the suite's time limit fails the old minute)", async () => {
    const line = Buffer.from(`{"jsonrpc":"2.0","method":"a","params":{"q":"${"a/".repeat(4.5 * 1024 * 1024)}"}}\n`);
    const chunks = [];
    for (let at = 0; at < line.length; at += 1024) chunks.push(line.subarray(at, at + 1024));
    const { passed, replies } = await pass(chunks);
    expect(passed).toBe(line.toString());
    expect(replies).toEqual([]);
  });

  it("drops a last line with no end, as a message not yet whole", async () => {
    const { passed, replies } = await pass([Buffer.from('{"jsonrpc":"2.0","method":"a"}')]);
    expect(passed).toBe("");
    expect(replies).toEqual([]);
  });
});
