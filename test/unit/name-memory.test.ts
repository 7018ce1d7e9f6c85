import { describe, expect, it } from "vitest";
import { phraseOf, shapeName } from "../../src/providers/offline/name-memory.js";
import { nameProblems } from "../../src/providers/offline/name-problems.js";

const named = (sentence: string) => shapeName(phraseOf(sentence));

describe("naming a memory from a sentence", () => {
  it.each([
    ["We agreed to drop IE11 support starting with release 4.3", "Drop IE11 support"],
    ["Decided to ship sync v2 behind the `sync_v2` feature flag, because the release slipped", "Ship sync v2"],
    ["Dana asked me to stop opening PRs without a linked issue", "Stop opening PRs"],
    ["so we switched to per-field merge with vector clocks after Dana agreed", "Per-field merge with vector clocks"],
    ["Use Postgres for the sync service", "Use Postgres for the sync service"],
    ["We use UTC everywhere in billing", "Use UTC everywhere in billing"],
    ["Decided: we keep invoice timestamps in UTC.", "Keep invoice timestamps in UTC"],
  ])("%s → %s", (sentence, name) => {
    expect(named(sentence)).toBe(name);
  });

  it("names no sentence whose subject leads a verb that says nothing of what was done", () => {
    expect(named("We were blocked by the vendor for a week")).toBeUndefined();
  });

  it("keeps the verb that carries a decision", () => {
    expect(named("We decided to remove the legacy importer from the monorepo next quarter")).toMatch(/^Remove the legacy importer/);
  });

  it("cuts only where a phrase ends, so no name ends on a preposition or article", () => {
    for (const sentence of [
      "Ship the new billing export behind a flag for the beta customers",
      "Moved the nightly backups from the old host to the new bucket on Friday",
      "Rotate the staging database password through Vault before the audit",
    ]) {
      const name = named(sentence);
      if (name) expect(nameProblems(name), name).toEqual([]);
    }
  });

  it("cuts no name inside a link", () => {
    expect(named("The billing dashboard at https://grafana.internal/d/billing is the source of truth for MRR")).toBe(
      "Billing dashboard at https://grafana.internal/d/billing",
    );
  });

  it("takes a time out of a name with its preposition", () => {
    expect(shapeName("Backups at 03:00 collided with the billing export")).toBe("Backups collided with the billing export");
  });
});
