import { describe, expect, it } from "vitest";
import type { DailyLog } from "../../src/logs/read-daily-log.js";
import { splitEntries } from "../../src/logs/split-entries.js";
import { countSessions } from "../../src/schedule/count-sessions.js";
import { evaluateGates } from "../../src/schedule/gates.js";

const log = (date: string, text: string): DailyLog =>
  ({ file: { path: `${date}.md`, relPath: `${date}.md`, date }, text, entries: splitEntries(text, `${date}.md`, date) }) as unknown as DailyLog;

describe("evaluateGates", () => {
  const base = { minHours: 24, minSessions: 5, sessionsSince: 7 };

  it("closes the time gate for 24 h after a consolidation and says when it opens", () => {
    const gates = evaluateGates({ ...base, now: new Date("2026-03-12T20:00:00Z"), lastConsolidation: new Date("2026-03-12T10:00:00Z") });
    expect(gates[0]).toEqual({ name: "time", open: false, detail: "time gate: 24 h not yet passed since 2026-03-12T10:00Z (opens 2026-03-13T10:00Z)" });
    expect(evaluateGates({ ...base, now: new Date("2026-03-13T10:00:00Z"), lastConsolidation: new Date("2026-03-12T10:00:00Z") })[0]!.open).toBe(true);
    // A daily run that starts a moment earlier in its minute than the last one did: the gate is open, as shown.
    const daily = evaluateGates({ ...base, now: new Date("2026-03-13T10:00:00.274Z"), lastConsolidation: new Date("2026-03-12T10:00:00.900Z") });
    expect(daily[0]!.open).toBe(true);
    expect(evaluateGates({ ...base, now: new Date("2026-03-13T09:59:59.999Z"), lastConsolidation: new Date("2026-03-12T10:00:00Z") })[0]!.open).toBe(false);
  });

  it("reads a schedule state written by hand as what it can: a time that is no time is no consolidation", async () => {
    const { mkdir, writeFile } = await import("node:fs/promises");
    const { MemoryDir } = await import("../../src/store/memory-dir.js");
    const { readScheduleState } = await import("../../src/schedule/schedule-state.js");
    const { tempDir } = await import("../helpers/temp-dir.js");
    const root = await tempDir();
    await mkdir(`${root}/.compact`);
    await writeFile(`${root}/.compact/state.json`, JSON.stringify({ lastConsolidation: "soon", lastRun: { at: 1 } }));
    expect(await readScheduleState(await MemoryDir.open(root))).toEqual({});
    await writeFile(`${root}/.compact/state.json`, JSON.stringify({ lastConsolidation: "2026-03-12T10:00:00.000Z" }));
    expect(await readScheduleState(await MemoryDir.open(root))).toEqual({ lastConsolidation: "2026-03-12T10:00:00.000Z" });
  });

  it("closes the session gate below the threshold, and the lock gate under a live lock", () => {
    const gates = evaluateGates({ ...base, sessionsSince: 3, now: new Date("2026-03-20T00:00:00Z"), lockHolder: "pid 7 on box (compact --auto, since x)" });
    expect(gates.map((g) => [g.name, g.open, g.detail])).toEqual([
      ["time", true, "time gate: open (no consolidation yet)"],
      ["sessions", false, "session gate: 3 of 5 sessions (opens after more sessions are logged)"],
      ["lock", false, "lock gate: held by pid 7 on box (compact --auto, since x)"],
    ]);
  });
});

describe("the local day and time, as logs are written", () => {
  const withZone = async (zone: string, check: () => Promise<void> | void) => {
    const before = process.env["TZ"];
    process.env["TZ"] = zone;
    try {
      await check();
    } finally {
      if (before === undefined) delete process.env["TZ"];
      else process.env["TZ"] = before;
    }
  };

  it("counts the sessions logged after a consolidation by the log's own clock, not UTC's", async () => {
    // 01:30Z is 12:30 in Sydney: of that day's entries, only the one at 13:00 came after.
    await withZone("Australia/Sydney", () => {
      const day = log("2026-10-08", "## [09:00] a\nx\n\n## [12:00] b\ny\n\n## [13:00] c\nz\n");
      expect(countSessions([day], new Date("2026-10-08T01:30:00Z"))).toBe(1);
    });
  });

  it("holds a week back until it is over where the logs are written, and no longer", async () => {
    const { writeFile } = await import("node:fs/promises");
    const { MemoryDir } = await import("../../src/store/memory-dir.js");
    const { weekStates } = await import("../../src/schedule/week-status.js");
    const { tempDir } = await import("../helpers/temp-dir.js");
    const root = await tempDir();
    await writeFile(`${root}/2026-04-01.md`, "# 2026-04-01\n\n- shipped it\n");
    const stateAt = async (now: string) => (await weekStates(await MemoryDir.open(root), new Date(now), [])).weeks[0]!.state;
    // Sunday 22:00Z: Monday 11:00 in Auckland (the week is over), Sunday 15:00 in Los Angeles (it is not).
    await withZone("Pacific/Auckland", async () => expect(await stateAt("2026-04-05T22:00:00Z")).toBe("pending"));
    await withZone("America/Los_Angeles", async () => expect(await stateAt("2026-04-05T22:00:00Z")).toBe("current"));
    await withZone("America/Los_Angeles", async () => expect(await stateAt("2026-04-06T08:00:00Z")).toBe("pending"));
  });
});

describe("countSessions", () => {
  it("counts frontmatter session_count, else Session headings, else timestamped entries, else one a log", () => {
    expect(countSessions([log("2026-03-10", "---\nsession_count: 3\n---\n- a\n")])).toBe(3);
    expect(countSessions([log("2026-03-02", "## Session 1 (09:00)\n- a\n\n## Session 2 (14:00)\n- b\n")])).toBe(2);
    expect(countSessions([log("2026-03-17", "## [09:30] decision: A\nx\n\n## [11:00] outcome: B\ny\n")])).toBe(2);
    expect(countSessions([log("2026-03-18", "- just a bullet\n")])).toBe(1);
    expect(countSessions([log("2026-03-19", "")])).toBe(0);
  });

  it("counts only what was logged after the last consolidation", () => {
    const logs = [
      log("2026-03-16", "- before\n"),
      log("2026-03-17", "## [09:30] decision: A\nx\n\n## [15:00] outcome: B\ny\n"),
      log("2026-03-18", "- after\n"),
    ];
    expect(countSessions(logs, new Date("2026-03-17T12:00:00Z"))).toBe(2);
  });
});
