import { availableParallelism } from "node:os";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { defineConfig } from "vitest/config";

// The files that take longest, by far (each starts the CLI a few hundred times). They start first: a fresh clone has no
// timings, and vitest would start them by size, last, leaving one of them running alone at the end.
const LONGEST = ["test/integration/killed-between-writes.test.ts", "test/integration/fault-injection.test.ts", "test/integration/mcp.test.ts"];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const at = LONGEST.findIndex((name) => file.moduleId.endsWith(name));
      return at === -1 ? LONGEST.length : at;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    // One test file per core (vitest leaves one core free): on a two-core machine the suite ran one file at a time,
    // and took half again as long; much of it waits on the child processes it starts.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
  },
});
