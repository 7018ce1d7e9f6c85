import { describe, expect, it } from "vitest";
import { runAtOnce, runInTurns, type Steps } from "../../src/search/run-in-turns.js";

// Steps that each hold the thread about a millisecond, noting whose step ran.
function* busy(name: string, count: number, trace: string[]): Steps<string> {
  for (let i = 0; i < count; i++) {
    const until = performance.now() + 1;
    while (performance.now() < until) {
      // hold the thread
    }
    trace.push(name);
    yield;
  }
  return name;
}

// The mean length of a run's stretches of steps one after another in the trace.
function meanStretch(trace: string[], name: string): number {
  const stretches: number[] = [];
  let length = 0;
  for (const step of [...trace, ""]) {
    if (step === name) length++;
    else if (length > 0) {
      stretches.push(length);
      length = 0;
    }
  }
  return stretches.reduce((sum, n) => sum + n, 0) / stretches.length;
}

describe("runInTurns", () => {
  it("gives runs under way slices of the same length, in turn", async () => {
    const trace: string[] = [];
    const results = await Promise.all(["a", "b", "c"].map((name) => runInTurns(busy(name, 120, trace))));
    expect(results).toEqual(["a", "b", "c"]);
    expect(trace).toHaveLength(360);
    // Each run's stretches are about as long as the others': no run takes every slice while the rest get a step each.
    const means = ["a", "b", "c"].map((name) => meanStretch(trace, name));
    expect(Math.min(...means) / Math.max(...means)).toBeGreaterThan(0.5);
  });

  it("lets the event loop turn between slices", async () => {
    const trace: string[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    try {
      await runInTurns(busy("a", 200, trace));
    } finally {
      clearInterval(timer);
    }
    expect(ticks).toBeGreaterThan(2);
  });

  it("stops a waiting run as soon as its signal is aborted, and the others go on", async () => {
    const trace: string[] = [];
    const stop = new AbortController();
    const stopped = runInTurns(busy("a", 1_000_000, trace), stop.signal);
    const other = runInTurns(busy("b", 60, trace));
    setTimeout(() => stop.abort(new Error("cancelled")), 30);
    await expect(stopped).rejects.toThrow("cancelled");
    await expect(other).resolves.toBe("b");
    expect(trace.filter((name) => name === "a").length).toBeLessThan(1_000_000);
  });

  it("runs the steps to their end at once when asked", () => {
    const trace: string[] = [];
    expect(runAtOnce(busy("a", 5, trace))).toBe("a");
    expect(trace).toEqual(["a", "a", "a", "a", "a"]);
  });
});
