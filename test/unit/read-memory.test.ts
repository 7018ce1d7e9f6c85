import { describe, expect, it } from "vitest";
import { readMemory } from "../../src/memory/read-memory.js";

const withDates = (created: string, updated: string) =>
  `---\nname: Deploy region\ndescription: where we deploy\ntype: project\ncreated: ${created}\nupdated: ${updated}\n---\n\nWe deploy to eu-west-1.\n`;

describe("readMemory: dates", () => {
  it.each([
    ["2026-03-31", "2026-04-02", "2026-03-31", "2026-04-02"],
    ["2026-03-31T10:00:00Z", "2026-04-02 09:30", "2026-03-31", "2026-04-02"],
    // Not a date: kept as written, never cut to ten characters.
    ["99999-01-01", "not a date", "99999-01-01", "not a date"],
    ["2026-3-5", "20260402", "2026-3-5", "20260402"],
  ])("created %s, updated %s", (created, updated, wantCreated, wantUpdated) => {
    const read = readMemory("project_deploy-region.md", withDates(created, updated));
    expect("memory" in read && read.memory).toMatchObject({ created: wantCreated, updated: wantUpdated });
  });
});
