import { describe, expect, it } from "vitest";
import { DEFAULT_FIND, findCandidates } from "../../src/consolidate/find-candidates.js";
import { memoryFacts } from "../../src/consolidate/memory-facts.js";
import { newMemory } from "../../src/memory/memory.js";
import { MemoryDir } from "../../src/store/memory-dir.js";
import { commitChanges, writtenRedacted } from "../../src/store/transaction.js";
import { BoundedCache } from "../../src/text/bounded-cache.js";
import { forgetCaches } from "../../src/text/forget-caches.js";
import { sha256 } from "../../src/text/hash.js";
import { terms } from "../../src/text/tokenize.js";
import { tempDir } from "../helpers/temp-dir.js";

describe("forgetCaches", () => {
  it("empties every memo a run keeps", () => {
    const cache = new BoundedCache<number>(10);
    cache.set("a", 1);
    forgetCaches();
    expect(cache.size).toBe(0);
    expect(cache.get("a")).toBeUndefined();
  });

  it("keeps a cache made to outlive the phase", () => {
    const cache = new BoundedCache<number>(10, { kept: true });
    cache.set("a", 1);
    forgetCaches();
    expect(cache.get("a")).toBe(1);
  });

  it("keeps the record of texts a commit redacted: the snapshot cache saved at the end of a run looks them up", async () => {
    const dir = await MemoryDir.open(await tempDir());
    const content = "---\nname: Deploy window\n---\nDeploys run Fridays.\n";
    await commitChanges(dir, [{ path: "project_deploy.md", content }], { command: "test", now: new Date("2026-04-06T10:00:00Z"), operations: ["test"] });
    expect(writtenRedacted(sha256(content))).toBe(true);
    forgetCaches();
    expect(writtenRedacted(sha256(content))).toBe(true);
  });

  it("changes no answer: terms, facts and candidate pairs are the same after as before", () => {
    const memories = [
      newMemory({
        file: "a.md",
        name: "Deploy window",
        description: "Deploys run Fridays at 16:00",
        type: "project",
        body: "Deploys run Fridays at 16:00 UTC.",
      }),
      newMemory({
        file: "b.md",
        name: "Deploy window",
        description: "Deploys run Fridays at 17:00",
        type: "project",
        body: "Deploys run Fridays at 17:00 UTC.",
      }),
      newMemory({ file: "c.md", name: "Pool size", description: "The database pool holds 54", type: "project", body: "Set the pool size to 54." }),
    ];
    const pairs = () =>
      findCandidates(
        memories.map((memory) => memoryFacts(memory).mentions),
        memories.map((memory) => memoryFacts(memory).subject),
        memories.map((memory) => memory.type),
        DEFAULT_FIND,
      );
    const before = { pairs: pairs(), facts: memories.map(memoryFacts), terms: terms(memories[0]!.body) };
    expect(before.pairs.length).toBeGreaterThan(0);
    forgetCaches();
    // Sets read before and after forgetting, together: the same pairs all the same.
    findCandidates([new Set(["zz", "yy"]), new Set(["yy"])], [new Set(), new Set()], ["project", "project"]);
    expect(pairs()).toEqual(before.pairs);
    // A set numbered before, met again beside sets numbered after: as if all were numbered now.
    const held = [new Set(["deploy", "window", "friday"]), new Set(["pool", "size", "friday"])];
    const types = ["project", "project", "project"];
    const noHeads = [new Set<string>(), new Set<string>(), new Set<string>()];
    findCandidates([...held, new Set(["x"])], noHeads, types);
    forgetCaches();
    const later = new Set(["deploy", "window", "friday", "pool"]);
    const withHeld = findCandidates([later, ...held], noHeads, types);
    expect(withHeld).toEqual(findCandidates([later, ...held.map((set) => new Set(set))], noHeads, types));
    expect(memories.map(memoryFacts)).toEqual(before.facts);
    expect(terms(memories[0]!.body)).toEqual(before.terms);
  });
});
