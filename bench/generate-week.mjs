import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

const KINDS = [
  ["🔷 decision", "Decided to move service {n} to the shared Postgres cluster, because it cuts cost by {p}%."],
  ["✅ outcome", "Shipped release {n}.{p} of the sync client; all {p} integration tests passed."],
  ["⚠️ blocker", "Blocked on vendor quota for region {n}; waiting for support to raise it to {p} requests."],
  ["💡 lesson", "Never deploy service {n} on a Friday: the rollback took {p} minutes without the on-call."],
  ["🔍 research", "Compared {p} queue systems for pipeline {n}; notes in https://wiki.example.com/q/{n}."],
];

/** Writes a week (2026-W14) of synthetic daily logs: `perDay` entries a day, one in three routine. */
export async function generateWeek(dir, perDay) {
  const dates = ["2026-03-30", "2026-03-31", "2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"];
  let bytes = 0;
  for (const [day, date] of dates.entries()) {
    const lines = [`# ${date}`, ""];
    for (let i = 0; i < perDay; i++) {
      const n = day * perDay + i;
      const time = `${String(8 + (Math.floor(i / 6) % 12)).padStart(2, "0")}:${String((i * 7) % 60).padStart(2, "0")}`;
      if (i % 3 === 2) {
        lines.push(`## [${time}] heartbeat`, "", "Status check: all systems green. No new messages.", "");
        continue;
      }
      const [kind, text] = KINDS[n % KINDS.length];
      lines.push(
        `## [${time}] ${kind}: item ${n}`,
        "",
        text.replaceAll("{n}", String(n)).replaceAll("{p}", String((n * 13) % 97)),
        "",
        "- detail one about it",
        "- detail two about it",
        "",
      );
    }
    const content = lines.join("\n");
    bytes += Buffer.byteLength(content);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, `${date}.md`), content);
  }
  return bytes;
}
