import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { newMemory } from "../../src/memory/memory.js";
import type { Snapshot } from "../../src/store/snapshot.js";
import { applySnapshotChange, changedSnapshot, type SnapshotChange, snapshotLookup } from "../../src/store/snapshot-lookup.js";

const FILES = ["a.md", "b.md", "c.md", "d.md", "e.md", "f.md"];
const NAMES = ["Deploy window", "deploy window ", "Pool size", "Owner"];

const memory = (file: string, name: string, body: string) => newMemory({ file, name, description: "", type: "project", body });

function snapshotOf(files: string[], names: string[]): Snapshot {
  const memories = files.map((file, i) => memory(file, names[i % names.length]!, `body of ${file}`));
  return {
    memories,
    archived: [],
    summaries: [],
    texts: new Map(memories.map((m) => [m.file, m.body])),
    occupied: new Set(files),
    unreadableSummaries: new Set(),
    problems: [],
  };
}

describe("a snapshot's lookup and its changes", () => {
  it("applied in place, gives the copy's memories, texts and files, and the lookup a fresh one would give", () => {
    const files = fc.uniqueArray(fc.constantFrom(...FILES), { minLength: 1 });
    const names = fc.array(fc.constantFrom(...NAMES), { minLength: 1, maxLength: 6 });
    const change = fc.record({
      written: fc.uniqueArray(fc.record({ file: fc.constantFrom(...FILES, "new-1.md", "new-2.md"), name: fc.constantFrom(...NAMES) }), {
        selector: (w) => w.file,
        maxLength: 4,
      }),
      removed: fc.uniqueArray(fc.constantFrom(...FILES), { maxLength: 2 }),
    });
    fc.assert(
      fc.property(files, names, fc.array(change, { minLength: 1, maxLength: 3 }), (present, named, changes) => {
        const inPlace = snapshotOf(present, named);
        let copied = snapshotOf(present, named);
        for (const { written, removed } of changes) {
          snapshotLookup(inPlace);
          const step: SnapshotChange = {
            written: written.filter((w) => !removed.includes(w.file)).map((w) => memory(w.file, w.name, `new body of ${w.file}`)),
            removed,
            texts: new Map([
              ...written.map((w) => [w.file, `new body of ${w.file}`] as [string, string]),
              ...removed.map((file) => [file, null] as [string, null]),
            ]),
          };
          copied = changedSnapshot(copied, step);
          applySnapshotChange(inPlace, step);
          expect(inPlace.memories).toEqual(copied.memories);
          expect([...inPlace.texts]).toEqual([...copied.texts]);
          expect([...inPlace.occupied].sort()).toEqual([...copied.occupied].sort());
          const fresh = snapshotLookup({ ...inPlace, memories: [...inPlace.memories] });
          const kept = snapshotLookup(inPlace);
          expect([...kept.byName].sort()).toEqual([...fresh.byName].sort());
          expect([...kept.byFile].sort()).toEqual([...fresh.byFile].sort());
        }
      }),
      { numRuns: 300 },
    );
  });
});
