import { describe, expect, it } from "vitest";
import { ProviderError } from "../../src/errors/provider-error.js";
import { createOnce } from "../../src/providers/create-once.js";

const unknown = () => new ProviderError("test", "outcome unknown");
const noWait = async () => {};

// A failure shaped as the SDKs throw them: a status and headers, or a connection error over fetch's.
const refusedConnection = () =>
  Object.assign(new Error("Connection error."), { cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }) });
const hostNotFound = () =>
  Object.assign(new Error("Connection error."), { cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ENOTFOUND" } }) });
const resetConnection = () =>
  Object.assign(new Error("Connection error."), { cause: Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } }) });
const status = (code: number, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`HTTP ${code}`), { status: code, headers: new Headers(headers) });

function scripted(failures: Error[]) {
  const calls: unknown[] = [];
  const create = async (options: { maxRetries: 0 }) => {
    calls.push(options);
    const failure = failures.shift();
    if (failure) throw failure;
    return "batch_1";
  };
  return { calls, create };
}

describe("createOnce", () => {
  it("asks the SDK for no retries of its own, and sends again only after an answer that says nothing was made", async () => {
    const { calls, create } = scripted([status(429, { "retry-after": "0" }), status(529), refusedConnection(), hostNotFound(), status(503)]);
    const waits: number[] = [];
    await expect(createOnce(create, 5, unknown, async (ms) => void waits.push(ms))).resolves.toBe("batch_1");
    expect(calls).toEqual(Array(6).fill({ maxRetries: 0 }));
    expect(waits[0]).toBe(0);
  });

  it("never sends again after a failure that may have made the batch", async () => {
    for (const failure of [
      status(500),
      status(502),
      resetConnection(),
      Object.assign(new Error("Request timed out."), { name: "APIConnectionTimeoutError" }),
    ]) {
      const { calls, create } = scripted([failure]);
      await expect(createOnce(create, 4, unknown, noWait)).rejects.toThrow("outcome unknown");
      expect(calls).toHaveLength(1);
    }
  });

  it("gives up with the provider's own refusal once the retries are spent, and never retries a request it refused", async () => {
    const spent = scripted([status(429), status(429), status(429)]);
    await expect(createOnce(spent.create, 2, unknown, noWait)).rejects.toMatchObject({ status: 429 });
    expect(spent.calls).toHaveLength(3);
    const refused = scripted([status(400)]);
    await expect(createOnce(refused.create, 2, unknown, noWait)).rejects.toMatchObject({ status: 400 });
    expect(refused.calls).toHaveLength(1);
  });
});
