/** One of seed 001's gates, open or closed, and why. */
export interface Gate {
  name: "time" | "sessions" | "lock";
  open: boolean;
  /** One line a person reads: `time gate: 24 h not yet passed since 2026-03-12T10:00Z (opens 2026-03-13T10:00Z)`. */
  detail: string;
}

export interface GateInput {
  now: Date;
  /** When the last consolidation ran; undefined when never. */
  lastConsolidation?: Date;
  sessionsSince: number;
  minHours: number;
  minSessions: number;
  /** The holder of a live lock, if another run holds one. */
  lockHolder?: string;
}

/** Consolidation runs when ≥ minHours have passed, ≥ minSessions were logged since, and no other run holds the lock. */
export function evaluateGates(input: GateInput): Gate[] {
  const since = input.lastConsolidation;
  const opensAt = since ? new Date(since.getTime() + input.minHours * 3_600_000) : undefined;
  // To the minute, as it is shown: a daily run starts a few hundred milliseconds apart from the last one, either way.
  const timeOpen = !opensAt || Math.floor(input.now.getTime() / 60_000) >= Math.floor(opensAt.getTime() / 60_000);
  const stamp = (date: Date) => `${date.toISOString().slice(0, 16)}Z`;
  return [
    {
      name: "time",
      open: timeOpen,
      detail: !since
        ? "time gate: open (no consolidation yet)"
        : timeOpen
          ? `time gate: open (last consolidation ${stamp(since)})`
          : `time gate: ${input.minHours} h not yet passed since ${stamp(since)} (opens ${stamp(opensAt!)})`,
    },
    {
      name: "sessions",
      open: input.sessionsSince >= input.minSessions,
      detail: `session gate: ${input.sessionsSince} of ${input.minSessions} sessions${since ? ` since ${stamp(since)}` : ""}${input.sessionsSince >= input.minSessions ? " (open)" : " (opens after more sessions are logged)"}`,
    },
    {
      name: "lock",
      open: input.lockHolder === undefined,
      detail: input.lockHolder === undefined ? "lock gate: open (no other run)" : `lock gate: held by ${input.lockHolder}`,
    },
  ];
}
