import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

// JSON-RPC 2.0's codes for a line that is not JSON, and for JSON that is no request, notification or response.
const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;
// As much of one line as is held while waiting for its end (the SDK's own limit).
const MAX_LINE_CHARS = 10 * 1024 * 1024;

/** Whether a parsed line is a JSON-RPC message the server can take (the SDK's own schema). */
export type MessageCheck = (value: unknown) => boolean;

/**
 * The client's stream of newline-delimited messages with every line that is
 * not one taken out and answered as JSON-RPC asks: a line that is not JSON
 * gets a parse error, JSON that is no message an invalid request (with the
 * line's id when it has one). The SDK drops such lines without a word, which
 * leaves a client waiting for an answer that never comes. Blank lines are no
 * message and get no answer.
 */
export function answerMalformedLines(isMessage: MessageCheck, reply: (line: string) => void): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  // A line past the limit is answered once, and its rest skipped up to its end.
  let skipping = false;
  const take = (line: string, pass: (line: string) => void) => {
    const text = line.replace(/\r$/, "");
    if (text.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      reply(errorLine(null, PARSE_ERROR, "Parse error: the line is not JSON"));
      return;
    }
    if (isMessage(value)) pass(`${text}\n`);
    else reply(errorLine(idOf(value), INVALID_REQUEST, "Invalid Request: not a JSON-RPC 2.0 request, notification or response"));
  };
  return new Transform({
    decodeStrings: true,
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      let start = 0;
      for (let end = text.indexOf("\n"); end !== -1; end = text.indexOf("\n", start)) {
        if (!skipping) take(text.slice(start, end), (line) => this.push(line));
        skipping = false;
        start = end + 1;
      }
      pending = skipping ? "" : text.slice(start);
      if (pending.length > MAX_LINE_CHARS) {
        reply(errorLine(null, PARSE_ERROR, `Parse error: a line longer than ${MAX_LINE_CHARS} characters`));
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

function idOf(value: unknown): string | number | null {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === "string" || (typeof id === "number" && Number.isFinite(id)) ? id : null;
}

function errorLine(id: string | number | null, code: number, message: string): string {
  return `${JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } })}\n`;
}
