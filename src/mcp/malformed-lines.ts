import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// JSON-RPC 2.0's codes for a line that is not JSON, and for JSON that is no request, notification or response.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
// As much of one line as is held while waiting for its end: under the SDK's own limit, with the newline.
const MAX_LINE_BYTES = 10 * 1024 * 1024 - 1;

/** Whether a parsed line is a JSON-RPC message the server can take (the SDK's own schema). */
export type MessageCheck = (value: unknown) => boolean;

/**
 * The client's stream of newline-delimited messages with every line that is
 * not one taken out and answered as JSON-RPC asks: a line that is not JSON
 * gets a parse error, JSON that is no request or notification an invalid
 * request (with the line's id when it has one). The SDK drops such lines
 * without a word, which leaves a client waiting for an answer that never
 * comes. A malformed response gets no answer (answering one could start two
 * peers answering each other for ever), nor does a blank line. An answer
 * whose id is unknown has none: MCP allows no null id.
 */
export function answerMalformedLines(isMessage: MessageCheck, reply: (line: string) => void): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  // Bytes of the line not yet ended (the SDK's limit is in bytes); a line past it is answered once, its rest skipped.
  let pendingBytes = 0;
  let skipping = false;
  const take = (line: string, pass: (line: string) => void) => {
    const text = line.replace(/\r$/, "");
    if (text.trim() === "") return;
    // A line ended in the chunk that took it past the limit was never counted as unfinished.
    if (text.length * 3 + 1 > MAX_LINE_BYTES && Buffer.byteLength(text) + 1 > MAX_LINE_BYTES) {
      reply(errorLine(undefined, PARSE_ERROR, `Parse error: a line longer than ${MAX_LINE_BYTES} bytes`));
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      reply(errorLine(undefined, PARSE_ERROR, "Parse error: the line is not JSON"));
      return;
    }
    if (isMessage(value)) pass(`${text}\n`);
    else if (!isResponse(value)) reply(errorLine(idOf(value), INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 request or notification"));
  };
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, done) {
      // A newline byte is never part of a longer UTF-8 character.
      const lastNewline = chunk.lastIndexOf(0x0a);
      pendingBytes = lastNewline === -1 ? pendingBytes + chunk.length : chunk.length - lastNewline - 1;
      // Only the new text is searched for a newline: a long line is not scanned again with every chunk.
      const text = decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        if (!skipping) take(pending + text.slice(start, end), (line) => this.push(line));
        pending = "";
        skipping = false;
        start = end + 1;
      }
      pending = skipping ? "" : pending + text.slice(start);
      if (!skipping && pendingBytes > MAX_LINE_BYTES) {
        reply(errorLine(undefined, PARSE_ERROR, `Parse error: a line longer than ${MAX_LINE_BYTES} bytes`));
        pending = "";
        skipping = true;
      }
      done();
    },
    flush(done) {
      // A last line without its newline is no message yet: the SDK would wait for the rest as well.
      pending = "";
      done();
    },
  });
}

function isResponse(value: unknown): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !("method" in value) && ("result" in value || "error" in value);
}

function idOf(value: unknown): string | number | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const id = (value as { id?: unknown }).id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

function errorLine(id: string | number | undefined, code: number, message: string): string {
  return `${JSON.stringify({ jsonrpc: "2.0", ...(id === undefined ? {} : { id }), error: { code, message } })}\n`;
}
