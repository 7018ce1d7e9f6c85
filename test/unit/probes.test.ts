import { describe, expect, it } from "vitest";
import { checkRecall, missingProbes, type Probe } from "../../src/consolidate/probes.js";
import { PlanRefusedError } from "../../src/errors/plan-refused-error.js";

const probe = (line: number, phrase: string): Probe => ({ line, question: `where is ${phrase}?`, phrase });
const memory = (name: string, description: string, body: string) => ({ name, description, body });

describe("missingProbes", () => {
  it("finds a phrase in any memory's name, description or body, case aside", () => {
    const probes = [probe(1, "Postgres 16"), probe(2, "dana prefers"), probe(3, "Friday deploys"), probe(4, "Kubernetes")];
    const memories = [memory("Database", "The sync database", "Sync runs on postgres 16."), memory("Dana Prefers Short Answers", "", "Bullets.")];
    expect(missingProbes(probes, memories).map((p) => p.line)).toEqual([3, 4]);
    expect(missingProbes(probes, [...memories, memory("Deploys", "No friday deploys", "")]).map((p) => p.line)).toEqual([4]);
  });

  it("does not find a phrase split between two memories", () => {
    expect(missingProbes([probe(1, "16 Dana")], [memory("a", "", "postgres 16"), memory("Dana", "", "")])).toHaveLength(1);
  });
});

describe("checkRecall", () => {
  // Memories that may not be read: the gate without probes must not build every memory's text.
  const unread: Iterable<ReturnType<typeof memory>> = {
    [Symbol.iterator]() {
      throw new Error("read the memories");
    },
  };

  it("reads no memory when there are no probes", () => {
    expect(() => checkRecall([], unread, unread)).not.toThrow();
  });

  it("refuses a plan that loses a phrase found before, and lets one pass that loses none", () => {
    const before = [memory("Database", "", "Postgres 16"), memory("Old database", "", "MySQL 5")];
    expect(() => checkRecall([probe(3, "postgres 16"), probe(4, "oracle")], before, [before[0]!])).not.toThrow();
    expect(() => checkRecall([probe(3, "mysql 5")], before, [before[0]!])).toThrow(PlanRefusedError);
    expect(() => checkRecall([probe(3, "mysql 5")], before, [before[0]!])).toThrow(/probes\.md:3 .*"mysql 5"/);
  });
});
