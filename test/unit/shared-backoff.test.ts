import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_PAUSE_MS, SharedBackoff } from "../../src/providers/shared-backoff.js";

beforeEach(() => vi.useFakeTimers({ now: new Date("2026-11-26T10:00:00Z") }));
afterEach(() => vi.useRealTimers());

// A fetch whose first answer is a 429 with these headers, then 200s; it records when each request left.
function limited(headers: Record<string, string>) {
  const sent: number[] = [];
  const inner = (async () => {
    sent.push(Date.now());
    return new Response("", { status: sent.length === 1 ? 429 : 200, headers: sent.length === 1 ? headers : {} });
  }) as typeof fetch;
  return { fetch: new SharedBackoff().wrap(inner), sent };
}

describe("the shared backoff", () => {
  it("holds every request for a Retry-After of five minutes, in seconds or as a date", async () => {
    for (const retryAfter of [() => "300", () => new Date(Date.now() + 300_000).toUTCString()]) {
      const { fetch, sent } = limited({ "retry-after": retryAfter() });
      await fetch("http://127.0.0.1/");
      const next = fetch("http://127.0.0.1/");
      await vi.advanceTimersByTimeAsync(299_000);
      expect(sent).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      await next;
      expect(sent).toHaveLength(2);
      expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(299_000);
    }
  });

  it("cuts a Retry-After of hours to the longest pause", async () => {
    const { fetch, sent } = limited({ "retry-after": String(6 * 3600) });
    await fetch("http://127.0.0.1/");
    const next = fetch("http://127.0.0.1/");
    await vi.advanceTimersByTimeAsync(MAX_PAUSE_MS);
    await next;
    expect(sent).toHaveLength(2);
    expect(sent[1]! - sent[0]!).toBe(MAX_PAUSE_MS);
  });

  it("tells a pause that starts or lengthens by ten seconds or more, once; not one that adds less", () => {
    const told: number[] = [];
    const backoff = new SharedBackoff(Date.now, (ms) => told.push(ms));
    backoff.pause(9_000);
    expect(told).toEqual([]);
    backoff.pause(60_000);
    // Several weeks in flight read the same 429: the same pause is told once.
    backoff.pause(60_000);
    backoff.pause(65_000);
    expect(told).toEqual([60_000]);
    backoff.pause(6 * 3600_000);
    expect(told).toEqual([60_000, MAX_PAUSE_MS]);
  });
});

describe("a pause longer than a call's timeout", () => {
  it("answers the SDK's own retry 429 at once, without sending it; the call is made again after the pause", async () => {
    const backoff = new SharedBackoff();
    const sent: number[] = [];
    const fetch = backoff.wrap(
      (async () => {
        sent.push(Date.now());
        return new Response("", { status: sent.length === 1 ? 429 : 200, headers: sent.length === 1 ? { "retry-after": "300" } : {} });
      }) as typeof globalThis.fetch,
      { maxWaitMs: 60_000 },
    );
    const held: Response[] = [];
    // As an SDK does: a request, and on a 429 one retry of its own; then it gives up with a 429 error.
    const sdkCall = async () => {
      let response = await fetch("http://127.0.0.1/");
      if (response.status === 429) {
        response = await fetch("http://127.0.0.1/");
        held.push(response);
      }
      if (response.status === 429) throw Object.assign(new Error("rate limited"), { status: 429 });
      return "answered";
    };
    const result = backoff.call(sdkCall);
    await vi.advanceTimersByTimeAsync(299_000);
    expect(sent).toHaveLength(1);
    expect(held[0]?.status).toBe(429);
    expect(Number(held[0]?.headers.get("retry-after"))).toBe(300);
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toBe("answered");
    expect(sent).toHaveLength(2);
    expect(sent[1]! - sent[0]!).toBeGreaterThanOrEqual(300_000);
  });
});
