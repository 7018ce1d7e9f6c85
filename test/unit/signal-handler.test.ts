import { describe, expect, it } from "vitest";
import { signalHandler } from "../../src/cli/run-process.js";

describe("what a signal does to a run", () => {
  it("the first stops the run quietly; a second quits at once, saying in one line what that leaves", () => {
    const said: string[] = [];
    const exits: number[] = [];
    const controller = new AbortController();
    const onSignal = signalHandler(controller, { say: (text) => said.push(text), exit: (code) => exits.push(code) });
    onSignal("SIGINT");
    expect(controller.signal.aborted).toBe(true);
    expect([said, exits]).toEqual([[], []]);
    onSignal("SIGTERM");
    expect(exits).toEqual([143]);
    expect(said).toEqual([
      "compact: quit at once (SIGTERM); every file is whole, old or new, and what was committed stays: the next run finishes the rest (compact status shows where things are)\n",
    ]);
    onSignal("SIGINT");
    expect(exits).toEqual([143, 130]);
  });
});
